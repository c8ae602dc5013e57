/// What the engine lets go of in one decision, and the tasks it lets go: the caller calls ``finish()`` after
/// unlocking, so that any `deinit` it triggers (user code) and the tasks it resumes run with no lock held. Empty, it
/// holds no storage and costs one check to finish.
@usableFromInline
struct Released {
    /// One thing let go of.
    @usableFromInline
    enum Item {
        /// What the engine no longer holds: a snapshot, a registry entry, a queue's storage.
        case object(Any)
        /// The tasks waiting for the store to go idle (``Store/idle(includingEffects:)``), resumed by ``finish()``.
        case idleWaiters([CheckedContinuation<Void, Never>])
        /// Hooks of tools to call once, before the idle waiters are resumed: the `didDetach` of probes detached while
        /// the processing thread worked.
        case calls([@Sendable () -> Void])
    }

    /// What was let go of, in order; `nil` while nothing was (one optional, so that the common case is one check).
    @usableFromInline var items: [Item]?

    @inlinable
    init() {}

    /// Keeps `object` (a snapshot, a registry entry, a queue's storage) until ``finish()``.
    @usableFromInline
    mutating func keep(_ object: Any) {
        if items == nil { items = [] }
        items?.append(.object(object))
    }

    /// Resumes `waiters` in ``finish()``.
    @usableFromInline
    mutating func resume(_ waiters: [CheckedContinuation<Void, Never>]) {
        if items == nil { items = [] }
        items?.append(.idleWaiters(waiters))
    }

    /// Calls `hooks` in ``finish()``, before the idle waiters are resumed.
    @usableFromInline
    mutating func call(_ hooks: [@Sendable () -> Void]) {
        if items == nil { items = [] }
        items?.append(.calls(hooks))
    }

    /// The objects kept, for tests.
    var objects: [Any] {
        (items ?? []).compactMap { if case .object(let object) = $0 { object } else { nil } }
    }

    /// How many idle waiters ``finish()`` resumes, for tests.
    var idleWaiterCount: Int {
        (items ?? []).reduce(0) { count, item in
            if case .idleWaiters(let waiters) = item { count + waiters.count } else { count }
        }
    }

    /// Calls the hooks, resumes the idle waiters, then lets go of the objects; call it after unlocking, before the
    /// value goes out of scope. Dropped as a value, an empty `Released` would still call the runtime's release on its
    /// `nil` array (about 10 instructions, two to four times per action): after this call the compiler knows the array
    /// is `nil` on every path, and no call is left.
    @inlinable @inline(__always)
    mutating func finish() {
        guard let items else { return }
        self.items = nil
        Self.finish(items)
    }

    /// Calls the hooks among `items`, resumes the idle waiters, then lets go of them. Out of line: most decisions let
    /// go of nothing.
    @usableFromInline @inline(never)
    static func finish(_ items: [Item]) {
        for case .calls(let hooks) in items {
            for hook in hooks { hook() }
        }
        for case .idleWaiters(let waiters) in items { resumeAll(waiters) }
    }

    @usableFromInline
    static func resumeAll(_ waiters: [CheckedContinuation<Void, Never>]) {
        for waiter in waiters { waiter.resume() }
    }
}
