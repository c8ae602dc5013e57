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
        IdentityMiddleware<GlobalInputActionType, GlobalOutputActionType, StateType>()
    }

    /// The identity of the global output action and state types.
    @preconcurrency
    public func lift<GlobalOutputActionType, GlobalStateType>(
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> IdentityMiddleware<InputActionType, GlobalOutputActionType, GlobalStateType> {
        IdentityMiddleware<InputActionType, GlobalOutputActionType, GlobalStateType>()
    }

    /// The identity of the global input action and state types.
    @preconcurrency
    public func lift<GlobalInputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> IdentityMiddleware<GlobalInputActionType, OutputActionType, GlobalStateType> {
        IdentityMiddleware<GlobalInputActionType, OutputActionType, GlobalStateType>()
    }

    /// The identity of the global input action type.
    @preconcurrency
    public func lift<GlobalInputActionType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?
    ) -> IdentityMiddleware<GlobalInputActionType, OutputActionType, StateType> {
        IdentityMiddleware<GlobalInputActionType, OutputActionType, StateType>()
    }

    /// The identity of the global output action type.
    @preconcurrency
    public func lift<GlobalOutputActionType>(
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType
    ) -> IdentityMiddleware<InputActionType, GlobalOutputActionType, StateType> {
        IdentityMiddleware<InputActionType, GlobalOutputActionType, StateType>()
    }

    /// The identity of the global state type.
    @preconcurrency
    public func lift<GlobalStateType>(
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> IdentityMiddleware<InputActionType, OutputActionType, GlobalStateType> {
        IdentityMiddleware<InputActionType, OutputActionType, GlobalStateType>()
    }
}
