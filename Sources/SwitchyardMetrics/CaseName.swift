import Switchyard

/// The name of an action's case, without its payload: `loaded` for `.loaded(items)`, the type's name for an action
/// that is not an enum (a struct, a string). SwitchyardTracing's `actionCaseName(_:)`, for a store that only counts.
///
/// Bounded: an enum has a fixed set of cases, so a span or metric named with it has a fixed set of names. A nested
/// enum is named by its outer case only. Fast: the runtime gives the case's name from the enum's metadata, as
/// `Mirror` does, without reflecting the payload, and each name is made once per process (about a lock and a
/// dictionary look-up per action); where the metadata holds no names (a module built without reflection metadata)
/// it falls back to `Mirror`.
public func metricsCaseName<Action>(_ action: Action) -> String {
    CaseNames.shared.name(of: action)
}

/// The runtime's name of the case of an enum value, from the enum's reflection metadata; `nil` for a value that is
/// not an enum, or whose type has no such metadata. The standard library declares it the same way for `Mirror`.
@_silgen_name("swift_EnumCaseName")
private func runtimeEnumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?

/// The names made so far, by the address of the runtime's name (a constant string of the enum's metadata).
private final class CaseNames: Sendable {
    static let shared = CaseNames()
    private let names = LockedValue<[UInt: String]>([:])

    func name<Action>(of action: Action) -> String {
        guard let pointer = runtimeEnumCaseName(action) else { return Self.slowName(of: action) }
        let key = UInt(bitPattern: pointer)
        if let name = names.withLock({ $0[key] }) { return name }
        let name = String(cString: pointer)
        names.withLock { $0[key] = name }
        return name
    }

    /// `Mirror`'s answer: the name of a case with a payload, the type's name for the rest (the description of a
    /// case without payload could be the type's own, with data in it).
    static func slowName<Action>(of action: Action) -> String {
        let mirror = Mirror(reflecting: action)
        guard mirror.displayStyle == .enum, let label = mirror.children.first?.label else {
            return String(describing: Action.self)
        }
        return label
    }
}
