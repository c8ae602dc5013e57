import Dispatch

/// Where a store's pipeline runs: the two scheduling policies as two strategies of one scheduler.
///
/// A strategy answers two questions for the engine: may the current thread process the queue now, and where does
/// processing continue when a thread hands the queue over (after its fairness budget, or from a thread that may
/// not process). The engine guarantees that one thread at a time processes, so the hand-over target needs no
/// ordering of its own.
@usableFromInline
struct Scheduler: Sendable {
    @usableFromInline let policy: SchedulingPolicy

    @usableFromInline
    init(policy: SchedulingPolicy) {
        self.policy = policy
    }

    /// Whether the calling thread may run the pipeline.
    @inlinable
    var canProcessOnCurrentThread: Bool {
        switch policy {
        case .callerThread: true
        case .mainThread: MainThread.isCurrent
        }
    }

    /// Continues processing elsewhere: on a background thread (caller-thread policy) or in a later turn of the
    /// main queue (main-thread policy).
    @usableFromInline
    func handOff(_ work: @escaping @Sendable () -> Void) {
        switch policy {
        case .callerThread: DispatchQueue.global().async(execute: work)
        case .mainThread: DispatchQueue.main.async(execute: work)
        }
    }
}
