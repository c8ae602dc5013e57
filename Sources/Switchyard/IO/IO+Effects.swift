extension IO {
    /// An IO that runs `operation`, an asynchronous effect that may dispatch any number of actions over its life.
    ///
    /// Run by a store, the effect's task belongs to the store: it is cancelled when the store is freed, when an
    /// effect with the same `id` starts with `cancelInFlight`, or by ``cancel(id:)``; run through an output handler
    /// kept after its store was freed, it does not start. An error thrown by
    /// `operation` goes to `handler` when there is one; otherwise it is reported through the store's diagnostics
    /// as ``StoreDiagnostic/Kind/effectFailed``. Cancellation is not a failure: a `CancellationError`, or any error
    /// thrown once the effect is cancelled, is ignored. Actions dispatched through `output` after the effect is
    /// cancelled are dropped, whoever dispatches them: the effect itself, a callback it registered that runs later
    /// on another thread or a `DispatchQueue`, or a task it started.
    ///
    /// ```swift
    /// return .run(id: RequestID.favorite(movieId), cancelInFlight: true) { output in
    ///     let isFavorite = try await api.changeFavorite(id: movieId, makeFavorite: makeFavorite)
    ///     output.dispatch(.changedFavorite(movieId, isFavorite: isFavorite))
    /// } catch: { error, output in
    ///     output.dispatch(.changedFavoriteHasFailed(movieId, isFavorite: !makeFavorite, reason: "\(error)"))
    /// }
    /// ```
    ///
    /// Run by hand with an output handler that no store created (`io.run(AnyActionHandler { … })`), the effect
    /// still runs, in an unstructured task that nothing owns: `id` has no effect, nothing cancels it, and errors
    /// without a handler are written to standard error.
    ///
    /// - Parameters:
    ///   - id: identifies the effect for `cancelInFlight` and ``cancel(id:)``; `nil` for none.
    ///   - cancelInFlight: cancel the running effects with the same `id` before starting this one.
    ///   - priority: the priority of the effect's task.
    ///   - operation: the effect; `output` dispatches actions to the store.
    ///   - handler: handles an error thrown by `operation`; it may dispatch through its `output` too.
    ///   - fileID: where the effect is created, for failure messages; leave the default.
    ///   - line: where the effect is created, for failure messages; leave the default.
    @preconcurrency
    public static func run(
        id: (any Hashable & Sendable)? = nil,
        cancelInFlight: Bool = false,
        priority: TaskPriority? = nil,
        operation: @escaping @Sendable (AnyActionHandler<OutputActionType>) async throws -> Void,
        catch handler: (@Sendable (any Error, AnyActionHandler<OutputActionType>) async -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> IO {
        let origin = EffectOrigin(id: id.map { EffectID($0) }, fileID: "\(fileID)", line: line)
        return IO { output in
            let scope = output.effectScope
            let cancellation = EffectCancellation()
            let effectOutput = output.droppingDispatches(after: cancellation)
            let body: @Sendable (_ failure: LockedValue<(any Error)?>?) async -> Void = { failure in
                do {
                    try await operation(effectOutput)
                } catch {
                    guard !(error is CancellationError), !cancellation.isCancelled, !Task.isCancelled else { return }
                    // For the probes that wrap the effect (`EffectStart.failure`), before the handler runs.
                    failure?.withLock { $0 = error }
                    if let handler {
                        await handler(error, effectOutput)
                    } else {
                        let diagnostics = scope?.diagnostics ?? .standardError
                        diagnostics.report(StoreDiagnostic(kind: .effectFailed, message: "\(origin) failed: \(error)"))
                    }
                }
            }
            if let scope {
                scope.start(
                    origin: origin,
                    cancellation: cancellation,
                    cancelInFlight: cancelInFlight,
                    priority: priority,
                    operation: body
                )
            } else {
                Task(priority: priority) { await body(nil) }
            }
        }
    }

    /// An IO that cancels the running effects of the store that were started with `id`.
    ///
    /// ```swift
    /// case .stopSearching: return .cancel(id: SearchID())
    /// ```
    public static func cancel(id: some Hashable & Sendable) -> IO {
        let effectID = EffectID(id)
        return IO { output in output.effectScope?.cancel(id: effectID) }
    }

    /// An IO that waits `duration` on `clock`, then runs `operation`; a new debounce with the same `id` cancels the
    /// waiting one, so only the latest runs ("latest search wins after 300 ms").
    ///
    /// ```swift
    /// case .search(let query):
    ///     return .debounce(id: SearchID(), for: .milliseconds(300), clock: clock) { output in
    ///         output.dispatch(.results(try await api.search(query)))
    ///     }
    /// ```
    ///
    /// Inject the clock: `ContinuousClock()` in the app, `SwitchyardTesting`'s `TestClock` in tests, which then
    /// advance time by hand instead of sleeping. The parameters are those of
    /// ``run(id:cancelInFlight:priority:operation:catch:fileID:line:)``.
    @preconcurrency
    public static func debounce(
        id: some Hashable & Sendable,
        for duration: Duration,
        clock: some Clock<Duration>,
        priority: TaskPriority? = nil,
        operation: @escaping @Sendable (AnyActionHandler<OutputActionType>) async throws -> Void,
        catch handler: (@Sendable (any Error, AnyActionHandler<OutputActionType>) async -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> IO {
        run(
            id: id,
            cancelInFlight: true,
            priority: priority,
            operation: { output in
                try await clock.sleep(for: duration)
                try await operation(output)
            },
            catch: handler,
            fileID: fileID,
            line: line
        )
    }
}

extension AnyActionHandler {
    /// This handler, except that it drops the actions dispatched once `cancellation` is set, from whatever thread or
    /// task they are dispatched.
    fileprivate func droppingDispatches(after cancellation: EffectCancellation) -> AnyActionHandler {
        AnyActionHandler(effectScope: effectScope) { dispatched in
            guard !cancellation.isCancelled else { return }
            self.dispatch(dispatched)
        }
    }
}
