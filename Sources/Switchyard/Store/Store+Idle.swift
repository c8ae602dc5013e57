import Dispatch

extension Store {
    /// Returns once the store is idle and every state it committed has reached its observers and its views, on the
    /// main actor too, with nothing dispatched since: every action dispatched before the call has been processed by
    /// then, and so has every action that an observer or a view dispatched when it received a state.
    ///
    /// ```swift
    /// DispatchQueue.concurrentPerform(iterations: 4) { _ in store.dispatch(.increment) }
    /// await store.idle()
    /// #expect(view.count == store.state.count)
    /// ```
    ///
    /// For tests, and for code that hands the state on once a burst of actions is over. It waits until the store
    /// is idle, so while other threads keep dispatching it waits for them too. Async effects that are still running
    /// (started with `IO.run`) are not waited for, unless `includingEffects` is `true`: the actions they dispatch later
    /// are new actions.
    ///
    /// States for the main actor travel through the main queue, so the main queue must be running (it is in an app,
    /// in a command-line tool with an `async` entry point, and in Swift Testing). `idle` waits for a turn of the
    /// main queue after the store went idle; when the states delivered in that turn made an observer dispatch (a
    /// chain of steps, each dispatched by the observer of the one before), it waits for the store and the main queue
    /// again, until a turn dispatches nothing. An observer that dispatches on every change, forever, would keep it
    /// waiting: after 10,000 such turns in a row, `idle` returns and reports ``StoreDiagnostic/Kind/idleNotReached``
    /// through the store's diagnostics.
    ///
    /// With `includingEffects`, it also waits until no asynchronous effect (started with `IO.run`) is running: what
    /// the actions dispatched before the call started has finished, and the actions those effects dispatched have
    /// been processed.
    ///
    /// ```swift
    /// store.dispatch(.load)          // a middleware starts a request in an effect
    /// await store.idle(includingEffects: true)
    /// print(store.state.items)       // the request's answer is in the state
    /// ```
    ///
    /// For a command-line tool or a server that must not exit, or answer, before the work an action started is
    /// done. It waits for every effect of the store, whoever started it: an effect that never ends (a subscription,
    /// a timer) keeps it waiting until the effect is cancelled or the store is freed, so give such effects an id and
    /// cancel them first.
    ///
    /// - Parameter includingEffects: whether to wait for the store's asynchronous effects too; `false` by default.
    public func idle(includingEffects: Bool = false) async {
        _ = await core.waitUntilSettled()
        guard includingEffects else { return }
        while true {
            let (finished, isRunning) = effects.progress
            guard isRunning else { return }
            await effects.waitForAFinish(after: finished)
            // What the effect dispatched before it ended is queued: process it (it may start new effects).
            _ = await core.waitUntilSettled()
        }
    }
}
