import Synchronization

/// A weak reference to a store's core, set once: the store's output handler, made in the core's `init` before the
/// core can be referenced, finds the core through it.
@usableFromInline
final class CoreReference<Action: Sendable, State: Sendable>: Sendable {
    @usableFromInline let reference = AtomicLazyReference<WeakReference<StoreCore<Action, State>>>()

    @inlinable
    init() {}

    /// Points the reference at `core`; only the first call has an effect.
    @inlinable
    func set(_ core: StoreCore<Action, State>) {
        _ = reference.storeIfNil(WeakReference(core))
    }

    /// The core, while it lives.
    @inlinable
    var core: StoreCore<Action, State>? {
        reference.load()?.object
    }
}
