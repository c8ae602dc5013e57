/// A commit that no action produces (a tool travelling in time), waiting for the processing thread: it runs at that
/// thread's next decision, before any queued action.
@usableFromInline
struct OutOfBandCommit<State: Sendable>: Sendable {
    /// Its number, given when the engine accepts it: the change it runs may put actions at the front of the queue
    /// under this number, and under no other.
    var id: UInt64 = 0
    /// Changes the state in place, as a reducer does; user code, run with no lock held. Receives the commit's number.
    let change: @Sendable (inout State, _ id: UInt64) -> Void
    /// Called once with no lock held: `true` after the commit and its observers, `false` when the store was freed
    /// first and the change never ran.
    let done: @Sendable (Bool) -> Void

    init(change: @escaping @Sendable (inout State, _ id: UInt64) -> Void, done: @escaping @Sendable (Bool) -> Void) {
        self.change = change
        self.done = done
    }
}
