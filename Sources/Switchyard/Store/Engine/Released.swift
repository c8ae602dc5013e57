/// What the engine lets go of in one decision: the caller drops it after unlocking, so that any `deinit` it
/// triggers (user code) runs with no lock held. Empty, it holds no storage and costs nothing to drop.
@usableFromInline
struct Released {
    @usableFromInline var objects: [Any]?

    @inlinable
    init() {}

    /// Keeps `object` (a snapshot, a registry entry, a queue's storage) until this value is dropped.
    @usableFromInline
    mutating func keep(_ object: Any) {
        if objects == nil { objects = [] }
        objects?.append(object)
    }
}
