import Synchronization

/// The asynchronous effects that a store's middlewares started with ``IO/run(id:cancelInFlight:priority:operation:catch:fileID:line:)``:
/// each runs in a task registered here, under its id.
///
/// A store owns one scope and hands it to middlewares inside its output handler, so lifted middlewares reach it
/// too. Starting an effect with an id can first cancel the running effects with that id; a finished effect leaves
/// the scope; ``close()``, called when the store is freed, cancels every running effect and refuses new ones, so
/// no effect outlives its store. Cancelling an effect sets its ``EffectCancellation`` flag, which its output
/// handler checks, then cancels its task. The bookkeeping is the pure ``EffectTable``; no user code runs, and no
/// task is cancelled, while the lock is held.
@usableFromInline
package final class EffectScope: Sendable {
    /// The scope's mutable state, reachable only under its lock.
    private struct Locked {
        var table = EffectTable()
        var observers: [@Sendable () -> Void] = []
        var executor: (any TaskExecutor)?
        /// The probes' `decorateEffect` hooks, composed in the order the probes were attached.
        var decorate: EffectDecorator?
        /// The `tagFollowUp` hook of the first probe that sets one.
        var tagFollowUp: (@Sendable () -> UInt64)?
        /// How many effects have finished so far.
        var finished: UInt64 = 0
        /// Those waiting for the next effect to finish.
        var finishWaiters: [CheckedContinuation<Void, Never>] = []
    }

    /// A probe's hook that wraps the operation of each effect that starts.
    package typealias EffectDecorator =
        @Sendable (EffectStart, @escaping @Sendable () async -> Void) -> @Sendable () async -> Void

    /// Where failures of effects without an error handler are reported.
    package let diagnostics: StoreDiagnostics
    private let state = LockedValue(Locked())
    /// Whether a probe tags follow-ups: read without the lock by each follow-up, so that a store whose probes do not
    /// tag pays one load for it.
    private let tagsFollowUps = Atomic<Bool>(false)

    /// Creates an empty, open scope that reports unhandled effect failures to `diagnostics`.
    @usableFromInline
    package init(diagnostics: StoreDiagnostics) {
        self.diagnostics = diagnostics
    }

    /// Starts `operation` in a new task registered under `origin.id`; cancelling it sets `cancellation`.
    /// `operation` records the error it throws in the value it is given, when it is given one: the probes'
    /// decorators read it as ``EffectStart/failure``, and with none there is nothing to record.
    ///
    /// With `cancelInFlight`, the running effects with the same id are cancelled first. On a closed scope nothing
    /// starts.
    func start(
        origin: EffectOrigin,
        cancellation: EffectCancellation,
        cancelInFlight: Bool,
        priority: TaskPriority?,
        operation: @escaping @Sendable (_ failure: LockedValue<(any Error)?>?) async -> Void
    ) {
        let (decision, executor, decorate) = state.withLock {
            (
                $0.table.start(origin: origin, cancellation: cancellation, cancelInFlight: cancelInFlight),
                $0.executor, $0.decorate
            )
        }
        guard case .start(let token, let cancelling) = decision else { return }
        for effect in cancelling { effect.perform() }
        let task: Task<Void, Never>
        if let decorate {
            let failure = LockedValue<(any Error)?>(nil)
            let start = EffectStart(fileID: origin.fileID, line: origin.line, hasID: origin.id != nil, outcome: failure)
            let decorated = decorate(start) { await operation(failure) }
            task = Task(executorPreference: executor, priority: priority) {
                await decorated()
                self.finish(token)
            }
        } else {
            // No probe wraps effects: nothing records a failure, and no closure is made around `operation`.
            task = Task(executorPreference: executor, priority: priority) {
                await operation(nil)
                self.finish(token)
            }
        }
        if state.withLock({ $0.table.attach(task, to: token) }) {
            task.cancel()
        }
    }

    /// Cancels the running effects started with `id`.
    func cancel(id: EffectID) {
        let cancelling = state.withLock { $0.table.cancel(id: id) }
        for effect in cancelling { effect.perform() }
    }

    /// Cancels every running effect and refuses new ones; the store calls it when it is freed.
    package func close() {
        let cancelling = state.withLock { $0.table.close() }
        for effect in cancelling { effect.perform() }
    }

    /// Whether ``close()`` has been called.
    package var isClosed: Bool { state.withLock { $0.table.isClosed } }

    /// The effects whose task has not finished yet, cancelled ones included.
    package var runningEffects: [EffectOrigin] {
        state.withLock { $0.table.entries.values.map(\.origin) }
    }

    /// Runs the effects started from now on with a preference for `executor` (`nil`: the global concurrent
    /// executor); test tools use it to run a test's effects one at a time and to know when they are all suspended.
    package func preferExecutor(_ executor: (any TaskExecutor)?) {
        state.withLock { $0.executor = executor }
    }

    /// Calls `observer` each time an effect finishes (on the effect's task), for test tools that wait for effects.
    package func observeFinishedEffects(_ observer: @escaping @Sendable () -> Void) {
        state.withLock { $0.observers.append(observer) }
    }

    /// Installs the hooks of the probes attached to the store, in the order they were attached: their effect
    /// decorators, composed, and the first follow-up tagger. The store calls it each time a probe comes or goes.
    package func installProbeHooks(decorators: [EffectDecorator], tagFollowUp: (@Sendable () -> UInt64)?) {
        var decorate: EffectDecorator?
        if !decorators.isEmpty {
            // The first probe's wrapper is the outermost: it sees the effect start first and end last.
            decorate = { start, operation in
                decorators.reversed().reduce(operation) { wrapped, decorator in decorator(start, wrapped) }
            }
        }
        state.withLock {
            $0.decorate = decorate
            $0.tagFollowUp = tagFollowUp
        }
        tagsFollowUps.store(tagFollowUp != nil, ordering: .releasing)
    }

    /// What a probe tags the follow-up that the calling thread dispatches with (``ActionOrigin/cause``); `0` when no
    /// probe tags follow-ups.
    @usableFromInline
    package func followUpCause() -> UInt64 {
        guard tagsFollowUps.load(ordering: .acquiring) else { return 0 }
        return state.withLock { $0.tagFollowUp }?() ?? 0
    }

    private func finish(_ token: UInt64) {
        // The finished entry is returned, so it is released after unlocking.
        let (_, toNotify, waiters) = state.withLock { state in
            state.finished &+= 1
            let waiters = state.finishWaiters
            state.finishWaiters = []
            return (state.table.finish(token), state.observers, waiters)
        }
        for observer in toNotify { observer() }
        for waiter in waiters { waiter.resume() }
    }

    /// How many effects have finished so far, and whether one is running now.
    package var progress: (finished: UInt64, isRunning: Bool) {
        state.withLock { ($0.finished, !$0.table.entries.isEmpty) }
    }

    /// Returns once more than `finished` effects have finished (at once if they have), or when none is running.
    package func waitForAFinish(after finished: UInt64) async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if state.finished != finished || state.table.entries.isEmpty { return true }
                state.finishWaiters.append(waiter)
                return false
            }
            if now { waiter.resume() }
        }
    }
}
