import Synchronization

/// One registered observer of a store's state.
@usableFromInline
final class StateObserver<State>: Sendable {
    /// The observer's number in its store, unique for the store's life.
    @usableFromInline let id: UInt64
    /// The observer receives the states of the commits after this one.
    @usableFromInline let startAfter: UInt64
    @usableFromInline let deliver: @Sendable (State) -> Void
    /// Called once when the store is freed while the observer is registered (a stream of states ends then).
    @usableFromInline let storeDidEnd: (@Sendable () -> Void)?
    /// Set when the subscription is cancelled; a delivery already decided checks it.
    @usableFromInline let isCancelled = Atomic<Bool>(false)

    @inlinable
    init(
        id: UInt64,
        startAfter: UInt64,
        deliver: @escaping @Sendable (State) -> Void,
        storeDidEnd: (@Sendable () -> Void)?
    ) {
        self.id = id
        self.startAfter = startAfter
        self.deliver = deliver
        self.storeDidEnd = storeDidEnd
    }
}
