/// Where an action that a store processes comes from, as the store tells the tools attached to it: the thread that
/// dispatched it, and whether the store's own output dispatched it.
///
/// A tool that holds an action (``ProbeAdmission/hold``) keeps its origin with it, in a ``HeldAction``: the store
/// processes a held action given back later as one of the thread that dispatched it, so a thread that processes
/// the actions of others counts it against its fairness budget. A tool cannot make an origin of its own.
public struct ActionOrigin: Sendable, Hashable {
    /// The thread that dispatched the action, as `pthread_self()` gives it.
    public let thread: UInt
    /// Whether the store's output dispatched it (a middleware, an IO or an effect) rather than the app.
    public let isFollowUp: Bool
    /// For a follow-up, what a probe's ``StoreProbe/tagFollowUp`` returned when the store's output received it, on
    /// the thread that dispatched it; `0` for an action of the app, or when no probe sets that hook.
    public let cause: UInt64
    /// The thread whose dispatch caused the action: the dispatching thread, or, for a follow-up, the owner of the
    /// action that caused it.
    @usableFromInline let owner: UInt

    /// The origin of an action that `thread` dispatched and processes itself.
    @inlinable
    init(thread: UInt, isFollowUp: Bool, cause: UInt64 = 0) {
        self.init(thread: thread, owner: thread, isFollowUp: isFollowUp, cause: cause)
    }

    @inlinable
    init(thread: UInt, owner: UInt, isFollowUp: Bool, cause: UInt64 = 0) {
        self.thread = thread
        self.owner = owner
        self.isFollowUp = isFollowUp
        self.cause = cause
    }
}

/// An action that a tool held (``ProbeAdmission/hold``), with its origin, to give back to the store with
/// ``OutOfBandChange/processFirst(_:)``.
public struct HeldAction<Action: Sendable>: Sendable {
    /// The action and where it was dispatched from.
    public let dispatched: DispatchedAction<Action>
    /// Where it came from, as the store told the tool when it held it.
    public let origin: ActionOrigin

    /// Keeps `dispatched` with the `origin` the store gave it.
    @inlinable
    public init(_ dispatched: DispatchedAction<Action>, origin: ActionOrigin) {
        self.dispatched = dispatched
        self.origin = origin
    }
}
