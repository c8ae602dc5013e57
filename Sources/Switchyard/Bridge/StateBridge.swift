/// A bridge whose derived action is built from the original action's payload and the state after the reducer:
/// build it with `>=>` and a two-argument function, and add it with `bridgeWithState(_:when:)`.
///
/// ```swift
/// BridgeMiddleware<AppAction, AppAction, AppState>()
///     .bridgeWithState(\AppAction.cart?.checkout >=> { _, state in AppAction.payment(.charge(state.cart.total)) })
/// ```
public struct StateBridge<InputActionType, Payload, StateType, OutputActionType>: Sendable {
    /// Returns the payload of an original action, or `nil` for an action this bridge ignores.
    public let extract: @Sendable (InputActionType) -> Payload?
    /// Builds the derived action from the payload and the state after the reducer.
    public let derive: @Sendable (Payload, StateType) -> OutputActionType

    /// A bridge that dispatches `derive(payload, state)` for every action whose value at `keyPath` is not `nil`.
    @preconcurrency
    public init(
        on keyPath: KeyPath<InputActionType, Payload?> & Sendable,
        dispatch derive: @escaping @Sendable (Payload, StateType) -> OutputActionType
    ) {
        self.extract = { $0[keyPath: keyPath] }
        self.derive = derive
    }
}

/// A bridge from the actions whose value at `keyPath` is not `nil` to the action `derive` builds from that value
/// and the state after the reducer.
///
/// ```swift
/// \AppAction.cart?.checkout >=> { _, state in AppAction.payment(.charge(state.cart.total)) }
/// ```
@preconcurrency
public func >=> <InputActionType, Payload, StateType, OutputActionType>(
    keyPath: KeyPath<InputActionType, Payload?> & Sendable,
    derive: @escaping @Sendable (Payload, StateType) -> OutputActionType
) -> StateBridge<InputActionType, Payload, StateType, OutputActionType> {
    StateBridge(on: keyPath, dispatch: derive)
}

extension BridgeMiddleware {
    /// A copy of this middleware with one more bridge whose derived action is built from the payload and the state
    /// after the reducer, built with the arrow `>=>`.
    ///
    /// - Parameters:
    ///   - bridge: the original actions and how to derive the new action from the payload and the state.
    ///   - predicate: whether to dispatch, given the state after the reducer; `nil` (the default) always dispatches.
    ///   - file: the file of the call, recorded in the derived action's info; leave the default.
    ///   - function: the function of the call, recorded in the derived action's info; leave the default.
    ///   - line: the line of the call, recorded in the derived action's info; leave the default.
    @preconcurrency
    public func bridgeWithState<Payload>(
        _ bridge: StateBridge<InputActionType, Payload, StateType, OutputActionType>,
        when predicate: (@Sendable (GetState<StateType>) -> Bool)? = nil,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) -> BridgeMiddleware {
        bridgeWithState(
            on: bridge.extract, dispatch: bridge.derive, when: predicate, file: file, function: function, line: line)
    }

    /// `bridgeWithState(_:when:)` with a predicate, dispatching only when the state after the reducer has `true`
    /// at `condition`.
    public func bridgeWithState<Payload>(
        _ bridge: StateBridge<InputActionType, Payload, StateType, OutputActionType>,
        when condition: KeyPath<StateType, Bool> & Sendable,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) -> BridgeMiddleware {
        bridgeWithState(
            on: bridge.extract, dispatch: bridge.derive, when: condition, file: file, function: function, line: line)
    }
}
