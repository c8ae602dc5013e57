extension MiddlewareProtocol {
    /// Plugs this middleware, written for local actions and state, into the global types of a store.
    ///
    /// ```swift
    /// let global = gpsMiddleware.lift(
    ///     inputAction: \AppAction.gps,                 // nil: not for this middleware, ignored
    ///     outputAction: AppAction.gps,                 // wraps what it dispatches
    ///     state: \MyGlobalState.currentLocation        // what it reads
    /// )
    /// ```
    ///
    /// Each `lift` is declared once, here, for every middleware. Where an ``AnyMiddleware`` is needed, erase the
    /// result with `eraseToAnyMiddleware()`: a lifted identity, erased, is an identity, a lifted composition, erased,
    /// is the composition of each of its middlewares lifted, and lifting an erased lift again does not nest deeper
    /// (see ``AnyMiddleware/init(_:)``).
    ///
    /// - Parameters:
    ///   - inputActionMap: extracts the local action from a global one, or `nil` to ignore the global action.
    ///   - outputActionMap: wraps a local action this middleware dispatches into a global one.
    ///   - stateMap: extracts the local state from the global state.
    @preconcurrency
    public func lift<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> LiftMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType, Self> {
        LiftMiddleware(
            middleware: self,
            inputActionMap: inputActionMap,
            outputActionMap: outputActionMap,
            stateMap: stateMap
        )
    }

    /// Lifts the output action and the state; the input action type stays the same.
    @preconcurrency
    public func lift<GlobalOutputActionType, GlobalStateType>(
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> LiftMiddleware<InputActionType, GlobalOutputActionType, GlobalStateType, Self> {
        lift(inputAction: { $0 }, outputAction: outputActionMap, state: stateMap)
    }

    /// Lifts the input action and the state; the output action type stays the same.
    @preconcurrency
    public func lift<GlobalInputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> LiftMiddleware<GlobalInputActionType, OutputActionType, GlobalStateType, Self> {
        lift(inputAction: inputActionMap, outputAction: { $0 }, state: stateMap)
    }

    /// Lifts the input and output actions; the state type stays the same (and `state` is passed through as is).
    @preconcurrency
    public func lift<GlobalInputActionType, GlobalOutputActionType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType
    ) -> LiftMiddleware<GlobalInputActionType, GlobalOutputActionType, StateType, Self> {
        LiftMiddleware(
            middleware: self,
            inputActionMap: inputActionMap,
            outputActionMap: outputActionMap,
            stateLift: { $0 },
            stateMap: nil
        )
    }

    /// Lifts the input action only.
    @preconcurrency
    public func lift<GlobalInputActionType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?
    ) -> LiftMiddleware<GlobalInputActionType, OutputActionType, StateType, Self> {
        lift(inputAction: inputActionMap, outputAction: { $0 })
    }

    /// Lifts the output action only.
    @preconcurrency
    public func lift<GlobalOutputActionType>(
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType
    ) -> LiftMiddleware<InputActionType, GlobalOutputActionType, StateType, Self> {
        lift(inputAction: { $0 }, outputAction: outputActionMap)
    }

    /// Lifts the state only: `gpsMiddleware.lift(state: \MyGlobalState.currentLocation)`.
    @preconcurrency
    public func lift<GlobalStateType>(
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> LiftMiddleware<InputActionType, OutputActionType, GlobalStateType, Self> {
        lift(inputAction: { $0 }, outputAction: { $0 }, state: stateMap)
    }
}
