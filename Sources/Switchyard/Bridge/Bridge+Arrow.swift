/// A bridge from the actions whose value at `keyPath` is not `nil` to `derivedAction`.
///
/// ```swift
/// \AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring)
/// ```
public func >=> <InputActionType, Payload, OutputActionType: Sendable, StateType>(
    keyPath: KeyPath<InputActionType, Payload?> & Sendable,
    derivedAction: OutputActionType
) -> Bridge<InputActionType, OutputActionType, StateType> {
    Bridge(extract: { $0[keyPath: keyPath] }, derive: { _, _ in derivedAction })
}

/// A bridge from the actions whose value at `keyPath` is not `nil` to the action `derive` builds from that value.
///
/// ```swift
/// \AppAction.my?.tree?.originalActionThatHasString >=> { string in AppAction.another(.part(.required(string))) }
/// ```
@preconcurrency
public func >=> <InputActionType, Payload, OutputActionType, StateType>(
    keyPath: KeyPath<InputActionType, Payload?> & Sendable,
    derive: @escaping @Sendable (Payload) -> OutputActionType
) -> Bridge<InputActionType, OutputActionType, StateType> {
    Bridge(extract: { $0[keyPath: keyPath] }, derive: { payload, _ in derive(payload) })
}

/// A bridge from the actions whose value at `keyPath` is not `nil` to the action `derive` builds from that value
/// and the state after the reducer.
///
/// ```swift
/// \AppAction.cart?.checkout >=> { _, state in AppAction.payment(.charge(state.cart.total)) }
/// ```
@preconcurrency
public func >=> <InputActionType, Payload, OutputActionType, StateType>(
    keyPath: KeyPath<InputActionType, Payload?> & Sendable,
    derive: @escaping @Sendable (Payload, StateType) -> OutputActionType
) -> Bridge<InputActionType, OutputActionType, StateType> {
    Bridge(extract: { $0[keyPath: keyPath] }, derive: { payload, state in derive(payload, state()) })
}
