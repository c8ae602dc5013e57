/// A bridge from the actions whose value at `keyPath` is not `nil` to `derivedAction`.
///
/// ```swift
/// \AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring)
/// ```
public func >=> <InputActionType, Payload, OutputActionType: Sendable>(
    keyPath: KeyPath<InputActionType, Payload?> & Sendable,
    derivedAction: OutputActionType
) -> Bridge<InputActionType, Payload, OutputActionType> {
    Bridge(on: keyPath, dispatch: derivedAction)
}

/// A bridge from the actions whose value at `keyPath` is not `nil` to the action `derive` builds from that value.
///
/// ```swift
/// \AppAction.my?.tree?.originalActionThatHasString >=> { string in AppAction.another(.part(.required(string))) }
/// ```
@preconcurrency
public func >=> <InputActionType, Payload, OutputActionType>(
    keyPath: KeyPath<InputActionType, Payload?> & Sendable,
    derive: @escaping @Sendable (Payload) -> OutputActionType
) -> Bridge<InputActionType, Payload, OutputActionType> {
    Bridge(on: keyPath, dispatch: derive)
}

/// A bridge from the actions from which `extract` returns a payload to `derivedAction`.
///
/// ```swift
/// { (action: AppAction) in action.isLogout ? () : nil } >=> AppAction.session(.clear)
/// ```
@preconcurrency
public func >=> <InputActionType, Payload, OutputActionType: Sendable>(
    extract: @escaping @Sendable (InputActionType) -> Payload?,
    derivedAction: OutputActionType
) -> Bridge<InputActionType, Payload, OutputActionType> {
    Bridge(on: extract, dispatch: derivedAction)
}

/// A bridge from the actions from which `extract` returns a payload to the action `derive` builds from it.
///
/// ```swift
/// let loggedIn: @Sendable (AppAction) -> User.ID? = { action in action.session?.loggedIn }
/// loggedIn >=> AppAction.profile <<< ProfileAction.load
/// ```
@preconcurrency
public func >=> <InputActionType, Payload, OutputActionType>(
    extract: @escaping @Sendable (InputActionType) -> Payload?,
    derive: @escaping @Sendable (Payload) -> OutputActionType
) -> Bridge<InputActionType, Payload, OutputActionType> {
    Bridge(on: extract, dispatch: derive)
}
