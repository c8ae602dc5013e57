import Switchyard

extension Store where Action: Codable {
    /// A store that starts from the state `persistence` restored and journals its actions: the journal middleware
    /// runs first, then `middleware`.
    ///
    /// ```swift
    /// let store = Store(restoring: persistence, middleware: TodoMiddleware())
    /// ```
    public convenience init<M: MiddlewareProtocol & Sendable>(
        restoring persistence: StatePersistence<Action, State>,
        middleware: M,
        scheduling: SchedulingPolicy = .callerThread,
        diagnostics: StoreDiagnostics = .standardError
    ) where M.InputActionType == Action, M.OutputActionType == Action, M.StateType == State {
        self.init(
            initialState: persistence.restoredState,
            reducer: persistence.reducer,
            middleware: persistence.journal <> middleware,
            scheduling: scheduling,
            diagnostics: diagnostics
        )
    }

    /// A store without other middleware that starts from the state `persistence` restored and journals its actions.
    public convenience init(
        restoring persistence: StatePersistence<Action, State>,
        scheduling: SchedulingPolicy = .callerThread,
        diagnostics: StoreDiagnostics = .standardError
    ) {
        self.init(
            initialState: persistence.restoredState,
            reducer: persistence.reducer,
            middleware: persistence.journal,
            scheduling: scheduling,
            diagnostics: diagnostics
        )
    }
}
