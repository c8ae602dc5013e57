/// An action waiting in a store's queue.
@usableFromInline
struct QueuedAction<Action: Sendable>: Sendable {
    @usableFromInline let dispatched: DispatchedAction<Action>
    /// The thread that dispatched it.
    @usableFromInline let thread: UInt
    /// The processing turn whose dispatch caused it: for a follow-up that the processing thread dispatched, the
    /// owner of the action that was being processed; `0`, no turn's, for an action that another thread dispatched or
    /// that a tool gave back. A turn counts the actions of other owners against its fairness budget.
    @usableFromInline let owner: UInt32
    /// Whether the store's own output dispatched it: a middleware, an IO or an effect, not the app.
    @usableFromInline let isFollowUp: Bool
    /// What a probe tagged the follow-up with (``ActionOrigin/cause``); `0` for none.
    @usableFromInline let cause: UInt64

    @inlinable
    init(_ dispatched: DispatchedAction<Action>, thread: UInt, owner: UInt32, isFollowUp: Bool, cause: UInt64 = 0) {
        self.dispatched = dispatched
        self.thread = thread
        self.owner = owner
        self.isFollowUp = isFollowUp
        self.cause = cause
    }

    /// The action and its origin, taken apart so that the action can move on uncopied.
    @inlinable
    consuming func parts() -> (DispatchedAction<Action>, ActionOrigin) {
        (dispatched, ActionOrigin(thread: thread, isFollowUp: isFollowUp, cause: cause))
    }
}
