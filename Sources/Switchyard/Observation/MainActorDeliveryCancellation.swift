import Synchronization

/// Whether a main-actor observer was cancelled; checked by deliveries already on their way to the main queue.
final class MainActorDeliveryCancellation: Sendable {
    private let cancelled = Atomic<Bool>(false)

    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    func cancel() {
        cancelled.store(true, ordering: .releasing)
    }
}
