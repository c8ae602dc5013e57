// Invariants this file relies on:
// - A store has exactly one `ProcessorContext`, created with its engine. Only the thread that the engine put in the
//   `.processing` phase uses it, from the decision that granted the role to the decision that handed it back (both
//   taken under the engine's lock); while no thread holds the role, the engine alone touches it, under its lock.
//   So its fields are never accessed by two threads at once, and the lock orders one holder's accesses before the
//   next one's: that is what the unchecked exclusivity and the unchecked `Sendable` rest on. It lives as long as
//   the engine, so the processing thread reads it through the core's `let` without counting references.

/// What the processing thread works from: its snapshots of the observers and runtime middlewares, and its batch of
/// actions.
@usableFromInline
final class ProcessorContext<Action: Sendable, State>: @unchecked Sendable {
    @usableFromInline @exclusivity(unchecked) var observers: ContiguousArray<StateObserver<State>> = []
    @usableFromInline @exclusivity(unchecked) var observersVersion: UInt64 = 0
    @usableFromInline @exclusivity(unchecked) var runtime: ContiguousArray<RuntimeEntry<Action, State>> = []
    @usableFromInline @exclusivity(unchecked) var runtimeVersion: UInt64 = 0
    @usableFromInline @exclusivity(unchecked) var batch = ActionQueue<QueuedAction<Action>>()

    @usableFromInline
    init() {}

    /// Empties the context and returns what it held, for release after unlocking.
    @usableFromInline
    func removeAll() -> (
        ContiguousArray<StateObserver<State>>, ContiguousArray<RuntimeEntry<Action, State>>,
        ActionQueue<QueuedAction<Action>>
    ) {
        defer {
            observers = []
            runtime = []
            batch = ActionQueue()
        }
        return (observers, runtime, batch)
    }
}
