import Dispatch

/// Where a store's pipeline runs: the two scheduling policies as two strategies of one scheduler.
///
/// A strategy answers two questions for the engine: may the current thread process the queue now, and where does
/// processing continue when a thread hands the queue over (after its fairness budget, or from a thread that may
/// not process). The engine guarantees that one thread at a time processes; the caller-thread policy hands over
/// to a serial queue of the store's own, which gets a thread of its own when it needs one, so a long backlog never
/// occupies the threads that run Swift concurrency's tasks.
@usableFromInline
struct Scheduler: Sendable {
    @usableFromInline let policy: SchedulingPolicy
    /// The store's own serial queue, for the caller-thread policy.
    @usableFromInline let executor: DispatchQueue?

    @usableFromInline
    init(policy: SchedulingPolicy) {
        self.policy = policy
        self.executor = policy == .callerThread ? DispatchQueue(label: "Switchyard.Store") : nil
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
        case .callerThread: (executor ?? .global()).async(execute: work)
        case .mainThread: DispatchQueue.main.async(execute: work)
        }
    }
}
