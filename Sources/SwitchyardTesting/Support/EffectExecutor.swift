import Dispatch
import Foundation
import Switchyard

/// The executor that runs one test store's effects: one job at a time, in the order they become ready, on a serial
/// queue of its own, and able to tell when no job is left to run.
///
/// A test store starts its effects with a preference for this executor, so everything they run outside an actor
/// runs here: the effect's body, what it awaits, and the child tasks it creates. Other test stores, and the tests
/// that run in parallel, keep their own executors. "Idle" means that every effect is suspended, waiting for
/// something outside the executor (a test clock, a continuation, an actor): it is when a test step may look at
/// what the effects did.
final class EffectExecutor: TaskExecutor, Sendable {
    private struct State {
        /// Jobs enqueued and not finished yet, the running one included.
        var pending = 0
        /// While ``hold()`` is in effect, the jobs enqueued, in order, not yet handed to the queue.
        var held: [UnownedJob]?
    }

    private let queue = DispatchQueue(label: "Switchyard.TestStore.effects")
    private let state = LockedValue(State())
    /// Notified each time the executor becomes idle.
    let becameIdle = AsyncSignal()

    init() {
        queue.setSpecific(key: Self.currentKey, value: WeakReference(self))
    }

    /// The executor whose queue runs the calling code, if any: a test clock records it for the task that sleeps.
    static var current: EffectExecutor? { DispatchQueue.getSpecific(key: currentKey)?.object }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let isHeld = state.withLock { state in
            state.pending += 1
            state.held?.append(job)
            return state.held != nil
        }
        if !isHeld {
            queue.async { self.runOnQueue(job) }
        }
    }

    /// Keeps the jobs enqueued from now on until ``release()``. A test step holds the jobs of the effects that its
    /// action starts, so that they begin in the order they started: otherwise the first could run, and queue its
    /// next job, before the step has started the second.
    func hold() {
        state.withLock { state in
            if state.held == nil { state.held = [] }
        }
    }

    /// Hands the jobs kept since ``hold()`` to the queue in one block, in order, and the next ones as they come.
    func release() {
        let held = state.withLock { state in
            defer { state.held = nil }
            return state.held ?? []
        }
        guard !held.isEmpty else { return }
        // One block: a job that one of them enqueues while they run comes after all of them.
        queue.async {
            for job in held { self.runOnQueue(job) }
        }
    }

    /// Runs `job` on the queue, then tells the waiters if nothing is left.
    private func runOnQueue(_ job: UnownedJob) {
        job.runSynchronously(on: asUnownedTaskExecutor())
        let isIdle = state.withLock { state in
            state.pending -= 1
            return state.pending == 0
        }
        if isIdle { becameIdle.notify() }
    }

    /// Whether no job is waiting or running.
    var isIdle: Bool { state.withLock { $0.pending == 0 } }

    /// Waits until no job is waiting or running, or until `deadline`; `false` when the deadline passed first.
    @discardableResult
    func waitUntilIdle(until deadline: ContinuousClock.Instant) async -> Bool {
        while true {
            let generation = becameIdle.generation
            if isIdle { return true }
            guard await becameIdle.wait(after: generation, until: deadline) else { return isIdle }
        }
    }

    /// The queue's specific value holds the executor weakly: the executor owns the queue.
    private static let currentKey = DispatchSpecificKey<WeakReference<EffectExecutor>>()
}
