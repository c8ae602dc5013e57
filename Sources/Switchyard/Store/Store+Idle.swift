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
    /// It returns early, the store maybe not idle, when its task is cancelled: give a wait a deadline by cancelling
    /// it, as Swift Testing's time limit does for a test that waits too long.
    ///
    /// ```swift
    /// @Test(.timeLimit(.minutes(1)))
    /// func loads() async {
    ///     store.dispatch(.load)
    ///     await store.idle(includingEffects: true)   // a regression that never settles fails the test
    /// }
    /// ```
    ///
    /// - Parameter includingEffects: whether to wait for the store's asynchronous effects too; `false` by default.
    public func idle(includingEffects: Bool = false) async {
        // The wait runs in a task of its own, which holds the store's engine and effects but not the store: a
        // cancelled wait returns at once, and that task ends when the store is idle, or freed.
        let core = core
        let effects = effects
        let waiter = IdleWaiter()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard waiter.install(continuation) else { return }
                Task {
                    await Self.settle(core, effects, includingEffects: includingEffects)
                    waiter.resume()
                }
            }
        } onCancel: {
            waiter.resume()
        }
    }

    /// Waits until the store reaches a fixed point, and with `includingEffects` until no effect runs either.
    private static func settle(
        _ core: StoreCore<Action, State>, _ effects: EffectScope, includingEffects: Bool
    ) async {
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

/// The caller of `idle()`, resumed once: by the wait's end or by the caller's cancellation, whichever comes first.
final class IdleWaiter: Sendable {
    private enum Phase {
        case waiting(CheckedContinuation<Void, Never>?)
        case resumed
    }

    private let phase = LockedValue(Phase.waiting(nil))

    /// Keeps `continuation` to resume it; `false`, and `continuation` resumed, when the wait has ended already.
    func install(_ continuation: CheckedContinuation<Void, Never>) -> Bool {
        let installed = phase.withLock { phase in
            guard case .waiting = phase else { return false }
            phase = .waiting(continuation)
            return true
        }
        if !installed { continuation.resume() }
        return installed
    }

    /// Ends the wait: resumes the caller if it waits, and it will not wait from now on.
    func resume() {
        let continuation = phase.withLock { phase -> CheckedContinuation<Void, Never>? in
            defer { phase = .resumed }
            if case .waiting(let continuation) = phase { return continuation }
            return nil
        }
        continuation?.resume()
    }
}
