extension AnyMiddleware {
    /// Lifts the erased middleware to global types and keeps it erased: an erased identity stays an identity and an
    /// erased composition stays a composition, with each of its middlewares lifted.
    ///
    /// Lifting an erased lift again nests one lift in the other, typed, up to eight levels. Deeper, the result is
    /// one lift over a flat chain of all the maps below it, which an action crosses in a loop: however many times a
    /// middleware is lifted, it takes the same stack.
    ///
    /// ```swift
    /// let global: AnyMiddleware<AppAction, AppAction, AppState> = favorites.lift(
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
    ) -> AnyMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType> {
        if let composition = composition?.middleware {
            return composition.lift(inputAction: inputActionMap, outputAction: outputActionMap, state: stateMap)
                .eraseToAnyMiddleware()
        }
        return liftedOnce(inputAction: inputActionMap, outputAction: outputActionMap, state: stateMap)
    }

    /// Lifts the input and output actions; the state type stays the same.
    @inlinable @preconcurrency
    public func lift<GlobalInputActionType, GlobalOutputActionType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType
    ) -> AnyMiddleware<GlobalInputActionType, GlobalOutputActionType, StateType> {
        if let composition = composition?.middleware {
            return composition.lift(inputAction: inputActionMap, outputAction: outputActionMap)
                .eraseToAnyMiddleware()
        }
        return liftedOnce(inputAction: inputActionMap, outputAction: outputActionMap)
    }

    /// Lifts the output action and the state; the input action type stays the same.
    @inlinable @preconcurrency
    public func lift<GlobalOutputActionType, GlobalStateType>(
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> AnyMiddleware<InputActionType, GlobalOutputActionType, GlobalStateType> {
        lift(inputAction: { $0 }, outputAction: outputActionMap, state: stateMap)
    }

    /// Lifts the input action and the state; the output action type stays the same.
    @inlinable @preconcurrency
    public func lift<GlobalInputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> AnyMiddleware<GlobalInputActionType, OutputActionType, GlobalStateType> {
        lift(inputAction: inputActionMap, outputAction: { $0 }, state: stateMap)
    }

    /// Lifts the input action only.
    @inlinable @preconcurrency
    public func lift<GlobalInputActionType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?
    ) -> AnyMiddleware<GlobalInputActionType, OutputActionType, StateType> {
        lift(inputAction: inputActionMap, outputAction: { $0 })
    }

    /// Lifts the output action only.
    @inlinable @preconcurrency
    public func lift<GlobalOutputActionType>(
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType
    ) -> AnyMiddleware<InputActionType, GlobalOutputActionType, StateType> {
        lift(inputAction: { $0 }, outputAction: outputActionMap)
    }

    /// Lifts the state only.
    @inlinable @preconcurrency
    public func lift<GlobalStateType>(
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> AnyMiddleware<InputActionType, OutputActionType, GlobalStateType> {
        lift(inputAction: { $0 }, outputAction: { $0 }, state: stateMap)
    }
}
