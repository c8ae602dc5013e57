import Switchyard

extension Store {
    /// A store that starts from the state `persistence` restored, with its reducer, and journals every action it
    /// processes (``StatePersistence/attach(to:)``).
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
            middleware: middleware,
            scheduling: scheduling,
            diagnostics: diagnostics
        )
        persistence.attach(to: self)
    }

    /// A store without middleware that starts from the state `persistence` restored and journals every action it
    /// processes.
    public convenience init(
        restoring persistence: StatePersistence<Action, State>,
        scheduling: SchedulingPolicy = .callerThread,
        diagnostics: StoreDiagnostics = .standardError
    ) {
        self.init(
            initialState: persistence.restoredState,
            reducer: persistence.reducer,
            scheduling: scheduling,
            diagnostics: diagnostics
        )
        persistence.attach(to: self)
    }
}
