/// Where an action that a store processes comes from, as the store tells the tools attached to it: the thread that
/// dispatched it, and whether the store's own output dispatched it.
///
/// A tool that holds an action (``ProbeAdmission/hold``) keeps its origin with it, in a ``HeldAction``, and the store
/// reports that origin again when it processes the action given back. A tool cannot make an origin of its own.
public struct ActionOrigin: Sendable, Hashable {
    /// The thread that dispatched the action, as `pthread_self()` gives it. The system gives the same number to a
    /// thread started after this one ends: it tells threads apart only while both run.
    public let thread: UInt
    /// Whether the store's output dispatched it (a middleware, an IO or an effect) rather than the app.
    public let isFollowUp: Bool
    /// For a follow-up, what a probe's `tagFollowUp` returned when the store's output received it, on
    /// the thread that dispatched it; `0` for an action of the app, or when no probe sets that hook.
    public let cause: UInt64
    /// The number under which the store offered the action to the tools that may hold it, unique in the store; `0`
    /// when it offered the action to none. The store gives back a held action once: the number is how it knows.
    @usableFromInline var hold: UInt64

    /// The origin of an action that `thread` dispatched.
    @inlinable
    init(thread: UInt, isFollowUp: Bool, cause: UInt64 = 0) {
        self.thread = thread
        self.isFollowUp = isFollowUp
        self.cause = cause
        self.hold = 0
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
