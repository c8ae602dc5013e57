/// An action waiting in a store's queue.
@usableFromInline
struct QueuedAction<Action: Sendable>: Sendable {
    @usableFromInline let dispatched: DispatchedAction<Action>
    /// The thread that dispatched it.
    @usableFromInline let thread: UInt
    /// The thread whose dispatch caused it: the dispatching thread, or for a follow-up that the processing thread
    /// dispatched, the owner of the action that was being processed. A thread that processes actions of other
    /// owners counts them against its fairness budget.
    @usableFromInline let owner: UInt
    /// Whether the store's own output dispatched it: a middleware, an IO or an effect, not the app.
    @usableFromInline let isFollowUp: Bool
    /// What a probe tagged the follow-up with (``ActionOrigin/cause``); `0` for none.
    @usableFromInline let cause: UInt64

    @inlinable
    init(_ dispatched: DispatchedAction<Action>, thread: UInt, owner: UInt, isFollowUp: Bool, cause: UInt64 = 0) {
        self.dispatched = dispatched
        self.thread = thread
        self.owner = owner
        self.isFollowUp = isFollowUp
        self.cause = cause
    }

    /// The action and its origin, taken apart so that the action can move on uncopied.
    @inlinable
    consuming func parts() -> (DispatchedAction<Action>, ActionOrigin) {
        (dispatched, ActionOrigin(thread: thread, owner: owner, isFollowUp: isFollowUp, cause: cause))
    }
}
