import Synchronization

/// One middleware added to a store's ``RuntimeMiddlewareRegistry``; ``remove()`` takes out this one only.
///
/// Releasing the registration does not remove the middleware: keep it to remove the middleware later.
public final class RuntimeMiddlewareRegistration: Sendable, Hashable {
    private let removal: @Sendable () -> Void
    private let removed = Atomic<Bool>(false)
    /// The registration's number in its registry, unique for the registry's life.
    @usableFromInline package let id: UInt64

    init(id: UInt64, removal: @escaping @Sendable () -> Void) {
        self.id = id
        self.removal = removal
    }

    /// Whether ``remove()`` has been called on this registration.
    public var isRemoved: Bool { removed.load(ordering: .acquiring) }

    /// Removes the middleware from the registry; it sees no action processed after this call returns, other than
    /// the one in progress, and the store lets go of it (and of what it captured) at the latest when the action in
    /// progress ends. Calling it again does nothing.
    public func remove() {
        guard !removed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        removal()
    }

    /// Records that the store removed the middleware itself (``RuntimeMiddlewareRegistry/removeAll()``, or the
    /// store was freed).
    func markRemoved() {
        removed.store(true, ordering: .releasing)
    }

    /// Identity equality.
    public static func == (lhs: RuntimeMiddlewareRegistration, rhs: RuntimeMiddlewareRegistration) -> Bool {
        lhs === rhs
    }

    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
