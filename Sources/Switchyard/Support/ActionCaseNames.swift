// Action case names for the tools that attach to a store (tracing, metrics, the inspector): bounded, made with public
// reflection (`Mirror`) once per case, and found again without a lock.
//
// Reflection is the only public way to a case's name, and it is slow: `Mirror` resolves the payload's type from its
// mangled name on each call (12–24k instructions a call, measured with Swift 6.3.1, and it allocates). So each
// name is kept, per action type, under the bytes of the value it was made from: a value's bytes decide its case, so
// a value whose bytes were seen before has the name found then. Measured with callgrind (Swift 6.3.1, x86_64), a
// case without payload or a payload seen before named 10,000 times: about 370 instructions a call, loop included,
// and no allocation. Only the bytes of a value of at most `CaseKey.byteLimit` bytes are kept, and only the first
// `payloadEntryLimit` payloads of a type: other values are reflected each time.

import Synchronization

/// The case names made so far, per action type.
package final class ActionCaseNames: Sendable {
    package static let shared = ActionCaseNames()

    /// How many values with a payload each type keeps names for (each distinct payload is a key of its own).
    static let payloadEntryLimit = 64

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

    /// What reflection tells of `action`: its case's name, and whether that case has a payload. A value that is not
    /// an enum is named by its type. A case without payload of an enum that describes itself, which reflection names
    /// only through that description (which could hold anything), is named through the enum's synthesized
    /// `Encodable` coding, else by its type.
    static func reflect<Action>(_ action: Action) -> (name: String, isEnum: Bool, hasPayload: Bool) {
        let mirror = Mirror(reflecting: action)
        guard mirror.displayStyle == .enum else { return (String(describing: Action.self), false, false) }
        if let label = mirror.children.first?.label { return (label, true, true) }
        if action is CustomStringConvertible || action is CustomDebugStringConvertible
            || action is TextOutputStreamable
        {
            let coded = (action as? any Encodable).flatMap(CaseNameEncoder.caseName(of:))
            return (coded ?? String(describing: Action.self), true, false)
        }
        return (String(describing: action), true, false)
    }
}

/// The case names of one action type, by the bytes of the values they were made from.
final class TypeCaseNames: Sendable {
    /// The name of every value of the type: one that is not an enum, or an enum with a single case (no bytes).
    private let constantName: String?
    private let names = GrowOnlyMap<CaseKey, String>(bucketCount: 64)
    private let payloadEntries = Atomic<Int>(0)

    /// The names of `Action`, made from its first value.
    init<Action>(of first: Action) {
        let (name, isEnum, _) = ActionCaseNames.reflect(first)
        // A value whose type is the static type (not an existential or a subclass) tells every value's kind.
        let isExactType = type(of: first) == Action.self
        constantName = isExactType && (!isEnum || MemoryLayout<Action>.size == 0) ? name : nil
    }

    @inline(__always)
    func name<Action>(of action: Action) -> String {
        if let constantName { return constantName }
        guard let key = CaseKey(action) else { return ActionCaseNames.reflect(action).name }
        let hash = key.hash
        if let name = names.value(for: key, hash: hash) { return name }
        return reflectAndKeep(action, key: key, hash: hash)
    }

    /// Out of line: once per case without payload, and once per payload up to the limit.
    @inline(never)
    private func reflectAndKeep<Action>(_ action: Action, key: CaseKey, hash: Int) -> String {
        let (name, _, hasPayload) = ActionCaseNames.reflect(action)
        if hasPayload {
            let kept = payloadEntries.wrappingAdd(1, ordering: .relaxed).newValue
            guard kept <= ActionCaseNames.payloadEntryLimit else { return name }
        }
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
