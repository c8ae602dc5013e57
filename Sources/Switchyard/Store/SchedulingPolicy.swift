/// Where a store runs its pipeline (SEMANTICS R4).
public enum SchedulingPolicy: Sendable, Hashable {
    /// The thread that finds the store idle processes the queue until it is empty: no thread hop, the fastest path.
    /// A dispatch made while the store is busy returns at once; its action runs after the current ones.
    case callerThread
    /// The pipeline runs on the main thread. A dispatch made on the main thread while the store is idle is processed
    /// before `dispatch` returns (UI transactions see it); from other threads it is handed to the main queue.
    case mainThread
}
