extension ComposedMiddleware {
    /// Lifts every middleware of the composition to global types, in order: the result is a composition of the same
    /// number of middlewares.
    ///
    /// ```swift
    /// let global = (analytics <> favorites).lift(
    ///     inputAction: \AppAction.favorites,
    ///     outputAction: AppAction.favorites,
    ///     state: \AppState.favorites
    /// )
    /// ```
    @inlinable @preconcurrency
    public func lift<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> ComposedMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType> {
        var lifted = ComposedMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>()
        for middleware in middlewares {
            lifted.append(
                middleware: middleware.lift(inputAction: inputActionMap, outputAction: outputActionMap, state: stateMap)
            )
        }
        return lifted
    }

    /// Lifts the input and output actions of every middleware; the state type stays the same.
    @inlinable @preconcurrency
    public func lift<GlobalInputActionType, GlobalOutputActionType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType
    ) -> ComposedMiddleware<GlobalInputActionType, GlobalOutputActionType, StateType> {
        var lifted = ComposedMiddleware<GlobalInputActionType, GlobalOutputActionType, StateType>()
        for middleware in middlewares {
            lifted.append(middleware: middleware.lift(inputAction: inputActionMap, outputAction: outputActionMap))
        }
        return lifted
    }

    /// Lifts the output action and the state of every middleware; the input action type stays the same.
    @inlinable @preconcurrency
    public func lift<GlobalOutputActionType, GlobalStateType>(
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> ComposedMiddleware<InputActionType, GlobalOutputActionType, GlobalStateType> {
        lift(inputAction: { $0 }, outputAction: outputActionMap, state: stateMap)
    }

    /// Lifts the input action and the state of every middleware; the output action type stays the same.
    @inlinable @preconcurrency
    public func lift<GlobalInputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> ComposedMiddleware<GlobalInputActionType, OutputActionType, GlobalStateType> {
        lift(inputAction: inputActionMap, outputAction: { $0 }, state: stateMap)
    }

    /// Lifts the input action of every middleware.
    @inlinable @preconcurrency
    public func lift<GlobalInputActionType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?
    ) -> ComposedMiddleware<GlobalInputActionType, OutputActionType, StateType> {
        lift(inputAction: inputActionMap, outputAction: { $0 })
    }

    /// Lifts the output action of every middleware.
    @inlinable @preconcurrency
    public func lift<GlobalOutputActionType>(
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType
    ) -> ComposedMiddleware<InputActionType, GlobalOutputActionType, StateType> {
        lift(inputAction: { $0 }, outputAction: outputActionMap)
    }

    /// Lifts the state of every middleware.
    @inlinable @preconcurrency
    public func lift<GlobalStateType>(
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> ComposedMiddleware<InputActionType, OutputActionType, GlobalStateType> {
        lift(inputAction: { $0 }, outputAction: { $0 }, state: stateMap)
    }
}
