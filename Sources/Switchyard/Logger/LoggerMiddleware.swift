/// A middleware that writes every action, with its source and optionally the state change it caused, to a
/// ``LogSink``.
///
/// ```swift
/// let appMiddleware = LoggerMiddleware<AppAction, AppState>() <> lifecycleMiddleware <> reachabilityMiddleware
/// ```
///
/// prints, for every action:
///
/// ```
/// ┌─▶ lifecycle(AppLifecycleMiddleware.AppLifecycleAction.didBecomeActive)
/// │ source: AppLifecycleMiddleware/AppLifecycleMiddleware.swift:36
/// │ function: handle(action:from:state:)
/// │ info: <nil>
/// └────────────────────
/// ```
///
/// The action is printed as `String(describing:)` prints it; an info of several lines is kept inside the box. With
/// `stateDiff: true` the entry ends with the lines of `dump(state)` that the action changed (`│ - old`,
/// `│ + new`), or `│ state: unchanged`. The logger never dispatches.
///
/// **When the box is written.** The entry is written from the returned ``IO``, after the reducer. A store runs an
/// action's observers first, then its IOs in reverse composition order: so what an observer prints comes before the
/// box, and so does what the IO of a middleware composed *after* the logger prints. Put the logger last in the
/// composition (`appMiddleware <> LoggerMiddleware()`) for its box to come before every other middleware's IO
/// output; the actions that IOs dispatch are logged after it, in the order they are processed.
public struct LoggerMiddleware<Action, State>: MiddlewareProtocol, Sendable {
    /// Where entries are written.
    package let sink: LogSink
    /// Whether each entry shows the state change the action caused.
    package let stateDiff: Bool
    let filter: (@Sendable (Action, ActionSource) -> Bool)?

    /// Creates a logger.
    ///
    /// ```swift
    /// LoggerMiddleware<AppAction, AppState>(stateDiff: true, filter: { action, _ in !action.isTimerTick })
    /// ```
    ///
    /// - Parameters:
    ///   - stateDiff: whether each entry shows the state change the action caused; it dumps the whole state twice
    ///     per action, so keep it for debugging.
    ///   - filter: which actions to log; `nil` (the default) logs every action.
    ///   - sink: where entries are written; standard output by default.
    @preconcurrency
    public init(
        stateDiff: Bool = false,
        filter: (@Sendable (Action, ActionSource) -> Bool)? = nil,
        sink: LogSink = .standardOutput
    ) {
        self.sink = sink
        self.stateDiff = stateDiff
        self.filter = filter
    }

    /// Returns the IO that writes the entry for `action` after the reducer, or ``IO/pure()`` when the filter
    /// rejects it.
    public func handle(
        action: Action,
        from dispatcher: ActionSource,
        state: @escaping GetState<State>
    ) -> IO<Action> {
        if let filter, !filter(action, dispatcher) { return .pure() }
        // Dumped now, not kept as a value: a state of reference type would be changed by the reducer.
        let before = stateDiff ? StateDiff.dumped(state()) : nil
        let sink = self.sink
        return IO { _ in
            let diff = before.map { StateDiff(before: $0, after: StateDiff.dumped(state())) }
            let entry = LogEntry(action: String(describing: action), source: dispatcher, stateDiff: diff)
            sink.record(
                LogRecord(
                    action: entry.action,
                    source: dispatcher,
                    stateChanges: diff.map { diff in
                        diff.lines.map { line in
                            switch line {
                            case .removed(let text): "- " + text
                            case .added(let text): "+ " + text
                            }
                        }
                    },
                    text: entry.text
                )
            )
        }
    }
}
