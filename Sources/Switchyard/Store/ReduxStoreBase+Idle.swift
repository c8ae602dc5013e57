import Dispatch

extension ReduxStoreBase {
    /// Returns once the store has nothing left to process, and the states it committed have reached its observers and
    /// its views, on the main actor too: every action dispatched before the call has been processed by then.
    ///
    /// ```swift
    /// DispatchQueue.concurrentPerform(iterations: 4) { _ in store.dispatch(.increment) }
    /// await store.idle()
    /// #expect(view.count == store.state.count)
    /// ```
    ///
    /// For tests, and for code that hands the state on once a burst of actions is over. It waits until the store
    /// is idle, so while other threads keep dispatching it waits for them too. Async effects that are still running
    /// (started with `IO.run`) are not waited for: the actions they dispatch later are new actions. States for the
    /// main actor travel through the main queue: `idle()` returns after the deliveries queued before the store went
    /// idle, so the main queue must be running (it is in an app, in a command-line tool with an `async` entry point,
    /// and in Swift Testing).
    public func idle() async {
        await core.waitUntilIdle()
        await withCheckedContinuation { continuation in
            DispatchQueue.main.async { continuation.resume() }
        }
    }
}
