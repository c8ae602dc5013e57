// Action case names for the tools that attach to a store (tracing, metrics, the inspector): bounded, kept per case,
// and found again without a lock.
//
// Each name is kept, per action type, under the value's case: for an enum, its tag, read from the type's metadata
// (`EnumCase`), so that a case is named once whatever its payloads; for any other value (a struct, an existential),
// the bytes of the value. A case seen before is found again without a lock or an allocation; a case seen for the
// first time is named from the enum's descriptor, or by `Mirror` for a value that is not an enum.

import Synchronization

/// The case names made so far, per action type.
package final class ActionCaseNames: Sendable {
    package static let shared = ActionCaseNames()

    /// How many cases each type keeps names for (for a type that is not an enum, each distinct value is a case of its
    /// own); past it, names are made each time.
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

    /// The name of `action`'s case, and whether it is an enum: the case's declared name, from the enum's metadata;
    /// without it, `Mirror`'s label of a case with a payload, the description of a case without one, or the type's name
    /// for a value that is not an enum or an enum that describes itself (its description could hold anything).
    static func reflect<Action>(_ action: Action) -> (name: String, isEnum: Bool) {
        if EnumCase.isReadable(Action.self),
            let name = EnumCase.name(ofTag: EnumCase.tag(of: action), in: Action.self)
        {
            return (name, true)
        }
        let mirror = Mirror(reflecting: action)
        guard mirror.displayStyle == .enum else { return (String(describing: Action.self), false) }
        if let label = mirror.children.first?.label { return (label, true) }
        if action is CustomStringConvertible || action is CustomDebugStringConvertible
            || action is TextOutputStreamable
        {
            return (String(describing: type(of: action)), true)
        }
        return (String(describing: action), true)
    }
}

/// The case names of one action type, by the `CaseKey` of the values they were made from.
final class TypeCaseNames: Sendable {
    /// The name of every value of the type: one that is not an enum, or an enum with a single case and no payload.
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

    /// Out of line: once per case kept, up to the limit, and for each case past it.
    @inline(never)
    private func reflectAndKeep<Action>(_ action: Action, key: CaseKey, hash: Int) -> String {
        let name = ActionCaseNames.reflect(action).name
        let kept = entries.wrappingAdd(1, ordering: .relaxed).newValue
        guard kept <= ActionCaseNames.entryLimit else { return name }
        return names.add(name, for: key, hash: hash)
    }
}

/// A value's case, for the tables that keep something per case (names, the metrics of an action name): for an enum,
/// its tag; for any other value of at most `byteLimit` bytes, its bytes, zero-filled. Equal keys of values of one
/// static type are values of one case.
@usableFromInline
package struct CaseKey: Equatable, Sendable {
    @usableFromInline static var byteLimit: Int { 32 }

    @usableFromInline var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// The key of `value`; `nil` when it is not an enum and larger than `byteLimit`.
    @inlinable @inline(__always)
    package init?<Value>(_ value: Value) {
        if EnumCase.isReadable(Value.self) {
            words.0 = UInt64(EnumCase.tag(of: value))
            return
        }
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
