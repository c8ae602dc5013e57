/// A registration of a state observer; ``cancel()`` or releasing it stops delivery.
///
/// ```swift
/// let subscription = store.subscribe { state in render(state) }
/// // later
/// subscription.cancel()
/// ```
public final class StoreSubscription: Sendable, Hashable {
    private let onCancel: @Sendable () -> Void

    /// Creates a subscription that runs `onCancel` once, when cancelled or released.
    @preconcurrency
    public init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    deinit {
        onCancel()
    }

    /// Stops delivery; no state committed after `cancel()` returns reaches the observer. Calling it twice is harmless.
    public func cancel() {
        onCancel()
    }

    /// Identity equality.
    public static func == (lhs: StoreSubscription, rhs: StoreSubscription) -> Bool { lhs === rhs }

    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
