// Lifts for middlewares that dispatch nothing (`OutputActionType == Never`) or read no state (`StateType == Void`):
// the map that such a middleware cannot use is left out, instead of being spelled as
// `outputAction: { (never: Never) -> AppAction in }` or `state: { (_: AppState) in () }`.

extension MiddlewareProtocol where OutputActionType == Never {
    /// Lifts a middleware that dispatches nothing: its input action and state are mapped, and its output takes the
    /// app's action type, which it never produces.
    ///
    /// ```swift
    /// let analytics = AnalyticsMiddleware().lift(inputAction: \AppAction.checkout, state: \AppState.cart)
    /// ```
    @preconcurrency
    public func lift<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        state stateMap: @escaping @Sendable (GlobalStateType) -> StateType
    ) -> LiftMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType, Self> {
        lift(inputAction: inputActionMap, outputAction: absurd, state: stateMap)
    }

    /// Lifts a middleware that dispatches nothing, mapping its input action; its state type stays the same.
    @preconcurrency
    public func lift<GlobalInputActionType, GlobalOutputActionType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?
    ) -> LiftMiddleware<GlobalInputActionType, GlobalOutputActionType, StateType, Self> {
        lift(inputAction: inputActionMap, outputAction: absurd)
    }
}

extension MiddlewareProtocol where StateType == Void {
    /// Lifts a middleware that reads no state: its actions are mapped, and its state takes the app's state type,
    /// which it never reads.
    ///
    /// ```swift
    /// let lifecycle = AppLifecycleMiddleware().lift(inputAction: \AppAction.lifecycle, outputAction: AppAction.lifecycle)
    /// ```
    @preconcurrency
    public func lift<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?,
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType
    ) -> LiftMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType, Self> {
        lift(inputAction: inputActionMap, outputAction: outputActionMap, state: { (_: GlobalStateType) in () })
    }

    /// Lifts a middleware that reads no state, mapping its output action; its input action type stays the same.
    @preconcurrency
    public func lift<GlobalOutputActionType, GlobalStateType>(
        outputAction outputActionMap: @escaping @Sendable (OutputActionType) -> GlobalOutputActionType
    ) -> LiftMiddleware<InputActionType, GlobalOutputActionType, GlobalStateType, Self> {
        lift(inputAction: { $0 }, outputAction: outputActionMap, state: { (_: GlobalStateType) in () })
    }
}

extension MiddlewareProtocol where OutputActionType == Never, StateType == Void {
    /// Lifts a middleware that dispatches nothing and reads no state: only its input action is mapped.
    ///
    /// ```swift
    /// let tracker = ScreenTracker().lift(inputAction: \AppAction.navigation)
    /// ```
    @preconcurrency
    public func lift<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping @Sendable (GlobalInputActionType) -> InputActionType?
    ) -> LiftMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType, Self> {
        lift(
            inputAction: inputActionMap,
            outputAction: absurd,
            state: { (_: GlobalStateType) in () }
        )
    }
}

/// The map from `Never`: never called, since no value of `Never` exists.
@usableFromInline
func absurd<Value>(_ never: Never) -> Value {}
