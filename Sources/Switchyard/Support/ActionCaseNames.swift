// Action case names for the tools that attach to a store (tracing, metrics, the inspector): bounded, kept per case,
// and found again without a lock.
//
// Each name is kept, per action type, under the bytes of the value it was made from: a value's bytes decide its case,
// so a value whose bytes were seen before has the name found then (about 370 instructions a call, loop included, no
// allocation; callgrind, Swift 6.3.1, x86_64). A value not seen before (a payload seen for the first time, a value
// larger than `CaseKey.byteLimit` bytes) is named by the runtime's reflection metadata through `swift_EnumCaseName`,
// the entry point the standard library's `Mirror` uses for an enum's case: a few hundred instructions for a case
// without payload, a few thousand for one with a payload, whose type it resolves from its mangled name each time
// (metrics of an action whose `Int` payload changes at every dispatch: 5,107 instructions a dispatch against 1,566 for
// a case without payload, callgrind, Swift 6.3.1).
// `Mirror` itself, the public way to the same name, resolves the payload's type from its mangled name on each call (12–24k
// instructions, and it allocates), which would make every new payload of a traced or counted action cost that; it
// names only what the runtime entry point cannot (a value that is not an enum).

import Synchronization

/// The runtime's name of the case of an enum value, from the enum's reflection metadata; `nil` for a value that is
/// not an enum, or whose type has no such metadata. The standard library declares it the same way for `Mirror`.
@_silgen_name("swift_EnumCaseName")
private func runtimeEnumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?

/// The case names made so far, per action type.
package final class ActionCaseNames: Sendable {
    package static let shared = ActionCaseNames()

    /// How many values each type keeps names for (each distinct payload is a key of its own); past it, names are
    /// made each time, by the runtime's metadata.
    static let entryLimit = 256

    private let types = GrowOnlyMap<ObjectIdentifier, TypeCaseNames>(bucketCount: 64)

    /// The name of `action`'s case (see `actionCaseName(_:)`).
    package func name<Action>(of action: Action) -> String {
        let type = ObjectIdentifier(Action.self)
        let hash = CaseKey.mix(UInt64(UInt(bitPattern: type)))
        let names =
            types.value(for: type, hash: hash)
            ?? types.add(TypeCaseNames(of: action), for: type, hash: hash)
        return names.name(of: action)
    }

    /// The name of `action`'s case, and whether it is an enum: the runtime's name of the case; without reflection
    /// metadata, `Mirror`'s label of a case with a payload, the description of a case without one, or the type's
    /// name for a value that is not an enum or an enum that describes itself (its description could hold anything).
    static func reflect<Action>(_ action: Action) -> (name: String, isEnum: Bool) {
        if let name = runtimeName(of: action) { return (name, true) }
        let mirror = Mirror(reflecting: action)
        guard mirror.displayStyle == .enum else { return (String(describing: Action.self), false) }
        if let label = mirror.children.first?.label { return (label, true) }
        if action is CustomStringConvertible || action is CustomDebugStringConvertible
            || action is TextOutputStreamable
        {
            return (String(describing: Action.self), true)
        }
        return (String(describing: action), true)
    }
}

extension ActionCaseNames {
    /// The name of `action`'s case from the enum's reflection metadata; `nil` for a value that is not an enum.
    @inline(__always)
    static func runtimeName<Action>(of action: Action) -> String? {
        runtimeEnumCaseName(action).map { String(cString: $0) }
    }
}

/// The case names of one action type, by the bytes of the values they were made from.
final class TypeCaseNames: Sendable {
    /// The name of every value of the type: one that is not an enum, or an enum with a single case (no bytes).
    private let constantName: String?
    private let names = GrowOnlyMap<CaseKey, String>(bucketCount: 64)
    private let entries = Atomic<Int>(0)

    /// The names of `Action`, made from its first value.
    init<Action>(of first: Action) {
        let (name, isEnum) = ActionCaseNames.reflect(first)
        // A value whose type is the static type (not an existential or a subclass) tells every value's kind.
        let isExactType = type(of: first) == Action.self
        constantName = isExactType && (!isEnum || MemoryLayout<Action>.size == 0) ? name : nil
    }

    @inline(__always)
    func name<Action>(of action: Action) -> String {
        if let constantName { return constantName }
        guard let key = CaseKey(action) else {
            return ActionCaseNames.reflect(action).name
        }
        let hash = key.hash
        if let name = names.value(for: key, hash: hash) { return name }
        return reflectAndKeep(action, key: key, hash: hash)
    }

    /// Out of line: once per value kept, up to the limit, and for each value past it.
    @inline(never)
    private func reflectAndKeep<Action>(_ action: Action, key: CaseKey, hash: Int) -> String {
        let name = ActionCaseNames.reflect(action).name
        let kept = entries.wrappingAdd(1, ordering: .relaxed).newValue
        guard kept <= ActionCaseNames.entryLimit else { return name }
        return names.add(name, for: key, hash: hash)
    }
}

/// The bytes of a value of at most `byteLimit` bytes, zero-filled: equal keys are values of one case. The tools that
/// keep something per case (the metrics of an action name) key it with this too.
@usableFromInline
package struct CaseKey: Equatable, Sendable {
    @usableFromInline static var byteLimit: Int { 32 }

    @usableFromInline var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// The key of `value`; `nil` when it is larger than `byteLimit`.
    @inlinable @inline(__always)
    package init?<Value>(_ value: Value) {
        guard MemoryLayout<Value>.size <= Self.byteLimit else { return nil }
        withUnsafeBytes(of: value) { source in
            withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: source) }
        }
    }

    @inlinable
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
            && lhs.words.3 == rhs.words.3
    }

    /// A hash of the key, for the tables of a few dozen entries that hold names.
    @inlinable @inline(__always)
    package var hash: Int {
        Self.mix(words.0 ^ (words.1 &* 31) ^ (words.2 &* 961) ^ (words.3 &* 29_791))
    }

    /// A multiplicative hash, its high bits moved down.
    @inlinable @inline(__always)
    package static func mix(_ value: UInt64) -> Int {
        let mixed = value &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 29))
    }
}
