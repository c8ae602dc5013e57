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
        mapMiddlewares { $0.lift(inputAction: inputActionMap, outputAction: outputActionMap, state: stateMap) }
    }

    /// Lifts the input and output actions of every middleware; the state type stays the same.
    @inlinable @preconcurrency
    public func lift<GlobalInputActionType, GlobalOutputActionType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType
    ) -> ComposedMiddleware<GlobalInputActionType, GlobalOutputActionType, StateType> {
        mapMiddlewares { $0.lift(inputAction: inputActionMap, outputAction: outputActionMap) }
    }

    /// Lifts the output action and the state of every middleware; the input action type stays the same.
    @inlinable @preconcurrency
    public func lift<GlobalOutputActionType, GlobalStateType>(
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> ComposedMiddleware<InputActionType, GlobalOutputActionType, GlobalStateType> {
        mapMiddlewares { $0.lift(outputAction: outputActionMap, state: stateMap) }
    }

    /// Lifts the input action and the state of every middleware; the output action type stays the same.
    @inlinable @preconcurrency
    public func lift<GlobalInputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> ComposedMiddleware<GlobalInputActionType, OutputActionType, GlobalStateType> {
        mapMiddlewares { $0.lift(inputAction: inputActionMap, state: stateMap) }
    }

    /// Lifts the input action of every middleware.
    @inlinable @preconcurrency
    public func lift<GlobalInputActionType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?
    ) -> ComposedMiddleware<GlobalInputActionType, OutputActionType, StateType> {
        mapMiddlewares { $0.lift(inputAction: inputActionMap) }
    }

    /// Lifts the output action of every middleware.
    @inlinable @preconcurrency
    public func lift<GlobalOutputActionType>(
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType
    ) -> ComposedMiddleware<InputActionType, GlobalOutputActionType, StateType> {
        mapMiddlewares { $0.lift(outputAction: outputActionMap) }
    }

    /// Lifts the state of every middleware.
    @inlinable @preconcurrency
    public func lift<GlobalStateType>(
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> ComposedMiddleware<InputActionType, OutputActionType, GlobalStateType> {
        mapMiddlewares { $0.lift(state: stateMap) }
    }

    /// The composition of `transform` applied to each middleware, in order: every lift of a composition is the same
    /// lift of each of its middlewares.
    @inlinable
    func mapMiddlewares<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        _ transform: (AnyMiddleware<InputActionType, OutputActionType, StateType>) -> AnyMiddleware<
            GlobalInputActionType, GlobalOutputActionType, GlobalStateType
        >
    ) -> ComposedMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType> {
        var lifted = ComposedMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>()
        for middleware in middlewares {
            lifted.append(middleware: transform(middleware))
        }
        return lifted
    }
}
