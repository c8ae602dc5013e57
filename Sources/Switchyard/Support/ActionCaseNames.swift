// Action case names for the tools that attach to a store (tracing, metrics): bounded, and made once per case.
// The one implementation the tools share; each product exposes it under its own public name.

/// The runtime's name of the case of an enum value, from the enum's reflection metadata; `nil` for a value that is
/// not an enum, or whose type has no such metadata. The standard library declares it the same way for `Mirror`.
@_silgen_name("swift_EnumCaseName")
private func runtimeEnumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?

/// The names made so far, by the address of the runtime's name (a constant string of the enum's metadata).
package final class ActionCaseNames: Sendable {
    package static let shared = ActionCaseNames()
    private let names = LockedValue<[UInt: String]>([:])

    package func name<Action>(of action: Action) -> String {
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
