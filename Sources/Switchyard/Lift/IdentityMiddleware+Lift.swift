// Each partial lift is the first, full lift with identity maps for what it leaves out: what lifting an identity gives
// is stated once.
extension IdentityMiddleware {
    /// The identity of the global types: lifting a middleware that does nothing gives one that does nothing.
    @preconcurrency
    public func lift<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> IdentityMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType> {
        IdentityMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>()
    }

    /// The identity of the global action types.
    @preconcurrency
    public func lift<GlobalInputActionType, GlobalOutputActionType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType
    ) -> IdentityMiddleware<GlobalInputActionType, GlobalOutputActionType, StateType> {
        lift(inputAction: inputActionMap, outputAction: outputActionMap, state: { $0 })
    }

    /// The identity of the global output action and state types.
    @preconcurrency
    public func lift<GlobalOutputActionType, GlobalStateType>(
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> IdentityMiddleware<InputActionType, GlobalOutputActionType, GlobalStateType> {
        lift(inputAction: { $0 }, outputAction: outputActionMap, state: stateMap)
    }

    /// The identity of the global input action and state types.
    @preconcurrency
    public func lift<GlobalInputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> IdentityMiddleware<GlobalInputActionType, OutputActionType, GlobalStateType> {
        lift(inputAction: inputActionMap, outputAction: { $0 }, state: stateMap)
    }

    /// The identity of the global input action type.
    @preconcurrency
    public func lift<GlobalInputActionType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?
    ) -> IdentityMiddleware<GlobalInputActionType, OutputActionType, StateType> {
        lift(inputAction: inputActionMap, outputAction: { $0 }, state: { $0 })
    }

    /// The identity of the global output action type.
    @preconcurrency
    public func lift<GlobalOutputActionType>(
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType
    ) -> IdentityMiddleware<InputActionType, GlobalOutputActionType, StateType> {
        lift(inputAction: { $0 }, outputAction: outputActionMap, state: { $0 })
    }

    /// The identity of the global state type.
    @preconcurrency
    public func lift<GlobalStateType>(
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> IdentityMiddleware<InputActionType, OutputActionType, GlobalStateType> {
        lift(inputAction: { $0 }, outputAction: { $0 }, state: stateMap)
    }
}
