/// Where a store runs its pipeline.
public enum SchedulingPolicy: Sendable, Hashable {
    /// The thread that finds the store idle processes its action at once: no thread hop, the fastest path. It also
    /// processes what its own processing dispatches, and at most 256 actions of other threads; then it hands the
    /// rest of the queue to a serial queue of the store's own. A dispatch made while the store is busy returns at
    /// once (or, from another thread while 65,536 actions wait, once there is room); its action runs after the
    /// ones before it.
    case callerThread
    /// The pipeline runs on the main thread. A dispatch made on the main thread while the store is idle is processed
    /// before `dispatch` returns (UI transactions see it); from other threads it is handed to the main queue.
    case mainThread
}
