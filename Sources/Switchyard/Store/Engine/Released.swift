/// What the engine lets go of in one decision, and the tasks it lets go: the caller calls ``finish()`` after
/// unlocking, so that any `deinit` it triggers (user code) and the tasks it resumes run with no lock held. Empty, it
/// holds no storage and costs two checks to finish.
@usableFromInline
struct Released {
    /// What the engine no longer holds: snapshots, registry entries, a queue's storage.
    @usableFromInline var objects: [Any]?
    /// The tasks waiting for the store to go idle (``ReduxStoreBase/idle()``), resumed by ``finish()``.
    @usableFromInline var idleWaiters: [CheckedContinuation<Void, Never>]?

    @inlinable
    init() {}

    /// Keeps `object` (a snapshot, a registry entry, a queue's storage) until ``finish()``.
    @usableFromInline
    mutating func keep(_ object: Any) {
        if objects == nil { objects = [] }
        objects?.append(object)
    }

    /// Resumes `waiters` in ``finish()``.
    @usableFromInline
    mutating func resume(_ waiters: [CheckedContinuation<Void, Never>]) {
        idleWaiters = (idleWaiters ?? []) + waiters
    }

    /// Resumes the idle waiters, then lets go of the objects; after unlocking.
    @inlinable @inline(__always)
    consuming func finish() {
        if let idleWaiters { Self.resumeAll(idleWaiters) }
        _ = consume self
    }

    @usableFromInline
    static func resumeAll(_ waiters: [CheckedContinuation<Void, Never>]) {
        for waiter in waiters { waiter.resume() }
    }
}
