/// One action as a store's pipeline ran it, told to the tools attached to the store right after the reducer, on the
/// processing thread (see the `didReduce` hook of ``StoreProbe``).
public struct ReducedAction<Action: Sendable, State: Sendable>: Sendable {
    /// The action and where it was dispatched from.
    public let dispatched: DispatchedAction<Action>
    /// The thread that dispatched it and whether it is a follow-up.
    public let origin: ActionOrigin
    /// When the pipeline started on it, in nanoseconds of the clock that `DispatchTime.uptimeNanoseconds` reads.
    public let startedAt: UInt64
    /// The time spent in the middlewares' `handle`, in nanoseconds: `0` for a store without middleware, whose
    /// clock is not read for a phase that does nothing.
    public let handleNanoseconds: UInt64
    /// The time spent in the reducer, in nanoseconds.
    public let reduceNanoseconds: UInt64
    /// Whether observers or IOs run after the reducer: `didRunEffects` then follows this action's
    /// `didReduce`; when `false`, nothing of this action runs on the processing thread afterwards.
    public let isFollowedByEffects: Bool
    /// How many actions waited in the store's queue, behind this one, when its reducer started: the queue's depth.
    public let queuedActions: Int
    /// The state the reducer left.
    public let state: State

    @inlinable
    init(
        dispatched: DispatchedAction<Action>,
        origin: ActionOrigin,
        startedAt: UInt64,
        handleNanoseconds: UInt64,
        reduceNanoseconds: UInt64,
        isFollowedByEffects: Bool,
        queuedActions: Int,
        state: State
    ) {
        self.isFollowedByEffects = isFollowedByEffects
        self.queuedActions = queuedActions
        self.dispatched = dispatched
        self.origin = origin
        self.startedAt = startedAt
        self.handleNanoseconds = handleNanoseconds
        self.reduceNanoseconds = reduceNanoseconds
        self.state = state
    }
}

/// What a store tells a tool about an action it finished (see the `didProcess` hook of ``StoreProbe``): where the
/// action came from, and the state it left.
///
/// Valid only during the call it is given to: ``state`` reads the store's state in place, so read it there (a tool
/// that keeps the state keeps the value it read). The hook borrows it and it cannot be copied, so the compiler
/// refuses code that keeps it past the call.
public struct ProcessedAction<State: Sendable>: ~Copyable {
    /// The thread that dispatched the action and whether it is a follow-up.
    public let origin: ActionOrigin
    @usableFromInline let pointer: UnsafePointer<State>

    @inlinable
    init(origin: ActionOrigin, pointer: UnsafePointer<State>) {
        self.origin = origin
        self.pointer = pointer
    }

    /// The state after the action: the reducer's result, which no other action has changed yet.
    @inlinable
    public var state: State { pointer.pointee }
}
