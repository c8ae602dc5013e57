/// A commit that no action produces (a debugging tool travelling in time), waiting for the processing thread: it
/// runs at that thread's next decision, before any queued action.
@usableFromInline
struct OutOfBandCommit<State: Sendable>: Sendable {
    /// Changes the state in place, as a reducer does; user code, run with no lock held.
    let change: @Sendable (inout State) -> Void
    /// Called once with no lock held: `true` after the commit and its observers, `false` when the store was freed
    /// first and the change never ran.
    let done: @Sendable (Bool) -> Void
}
