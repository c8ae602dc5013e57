import Switchyard

/// Runs one middleware's `handle` and the IO it returns, without a store, and tells which actions it dispatched.
///
/// The tester plays the store's part for one action: `state()` returns `stateBefore` while `handle` runs and
/// `stateAfter` (what the reducer would have produced) inside the IO; asynchronous effects are awaited until they
/// finish. As in a test store, they run one job at a time on an executor of their own, and begin in the order they
/// start.
///
/// ```swift
/// let tester = MiddlewareTester(FavoritesAPIMiddleware(api: StubFavoritesAPI(response: .success(true))))
/// let dispatched = await tester.run(
///     .toggleFavorite(7), stateBefore: FavoritesModel(), stateAfter: FavoritesModel(ids: [7])
/// )
/// #expect(dispatched.map(\.action) == [.changedFavorite(7, isFavorite: true)])
/// ```
///
/// An effect that fails without an error handler, or that is still running after the tester's `timeout`, is reported as a
/// test failure; a running effect is then cancelled.
public struct MiddlewareTester<Middleware: MiddlewareProtocol>
where Middleware.OutputActionType: Sendable, Middleware.StateType: Sendable {
    /// The middleware under test.
    package let middleware: Middleware
    /// How long ``run(_:from:stateBefore:stateAfter:fileID:filePath:line:column:)`` waits for effects to finish.
    package var timeout: Duration

    /// Creates a tester for `middleware`.
    public init(_ middleware: Middleware, timeout: Duration = .seconds(5)) {
        self.middleware = middleware
        self.timeout = timeout
    }

    /// Lets the middleware handle `action`, runs its IO, waits for its effects and returns every action it
    /// dispatched, in order, with its source.
    ///
    /// - Parameters:
    ///   - action: the action to handle.
    ///   - source: the action's source; by default, the caller's file and line.
    ///   - stateBefore: what `state()` returns in `handle`, before the reducer.
    ///   - stateAfter: what `state()` returns in the IO and its effects, after the reducer.
    ///   - fileID: the caller's location, where failures are reported; leave the default.
    ///   - filePath: as `fileID`.
    ///   - line: as `fileID`.
    ///   - column: as `fileID`.
    nonisolated(nonsending)
        public func run(
            _ action: Middleware.InputActionType,
            from source: ActionSource? = nil,
            stateBefore: Middleware.StateType,
            stateAfter: Middleware.StateType,
            fileID: StaticString = #fileID,
            filePath: StaticString = #filePath,
            line: UInt = #line,
            column: UInt = #column
        ) async -> [DispatchedAction<Middleware.OutputActionType>]
    {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let state = LockedValue(stateBefore)
        let dispatched = LockedValue<[DispatchedAction<Middleware.OutputActionType>]>([])
        let signal = AsyncSignal()
        let effects = EffectScope(diagnostics: StoreDiagnostics { location.report($0.description) })
        effects.observeFinishedEffects { signal.notify() }
        // One job at a time, as in a test store; the effects that the IO starts begin in the order it starts them.
        let executor = EffectExecutor()
        effects.preferExecutor(executor)

        let source = source ?? ActionSource(file: "\(fileID)", function: "run", line: line, info: nil)
        let io = middleware.handle(action: action, from: source, state: { state.withLock { $0 } })
        // The state before comes out of the lock and is released after unlocking.
        _ = state.withLock { state in
            defer { state = stateAfter }
            return state
        }
        executor.hold()
        io.run(AnyActionHandler(effectScope: effects) { action in dispatched.withLock { $0.append(action) } })
        executor.release()

        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            let generation = signal.generation
            if effects.runningEffects.isEmpty { break }
            guard await signal.wait(after: generation, until: deadline) else { break }
        }
        let running = effects.runningEffects
        if !running.isEmpty {
            location.report(
                "Expected every effect to finish within \(timeout), but \(running.count) still running "
                    + "(now cancelled):\n" + running.map { "  \($0)" }.joined(separator: "\n")
            )
        }
        effects.close()
        return dispatched.withLock { $0 }
    }

    /// Like ``run(_:from:stateBefore:stateAfter:fileID:filePath:line:column:)``, for an action that does not
    /// change `state`.
    nonisolated(nonsending)
        public func run(
            _ action: Middleware.InputActionType,
            from source: ActionSource? = nil,
            state: Middleware.StateType,
            fileID: StaticString = #fileID,
            filePath: StaticString = #filePath,
            line: UInt = #line,
            column: UInt = #column
        ) async -> [DispatchedAction<Middleware.OutputActionType>]
    {
        await run(
            action,
            from: source,
            stateBefore: state,
            stateAfter: state,
            fileID: fileID,
            filePath: filePath,
            line: line,
            column: column
        )
    }
}
