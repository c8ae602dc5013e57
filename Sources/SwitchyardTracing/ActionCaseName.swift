/// The name of an action's case, without its payload: `loaded` for `.loaded(items)`, the type's name for an action
/// that is not an enum (a struct, a string) or whose case cannot be read without describing its payload.
///
/// Bounded: an enum has a fixed set of cases, so a span or metric named with it has a fixed set of names.
@inlinable
public func actionCaseName<Action>(_ action: Action) -> String {
    let mirror = Mirror(reflecting: action)
    guard mirror.displayStyle == .enum else { return String(describing: Action.self) }
    if let label = mirror.children.first?.label { return label }
    // A case without payload: its description is its name, unless the type describes itself.
    guard !(action is any CustomStringConvertible), !(action is any CustomDebugStringConvertible) else {
        return String(describing: Action.self)
    }
    return String(describing: action)
}
