import Switchyard

/// What the ``TestStore``'s inner store has processed and the test has not asserted yet, shared between the test
/// and whichever thread processes actions.
final class TestStoreLog<Action: Sendable, State: Sendable>: Sendable {
    typealias Step = TestStoreStep<Action, State>

    /// Notified for every processed action and every finished effect.
    let signal = AsyncSignal()
    private let sent = LockedValue<[Step]>([])
    private let received = LockedValue<[Step]>([])

    /// Records a processed action.
    func record(_ step: Step, sent wasSent: Bool) {
        (wasSent ? sent : received).withLock { $0.append(step) }
        signal.notify()
    }

    /// Removes and returns the oldest processed action that the test sent.
    func takeSent() -> Step? {
        sent.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }

    /// Removes and returns the oldest received action, if any.
    func takeReceived() -> Step? {
        received.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }

    /// Removes and returns every received action not taken yet.
    func takeAllReceived() -> [Step] {
        received.withLock { steps in
            defer { steps = [] }
            return steps
        }
    }

    /// The received actions not taken yet.
    var pendingReceived: [Step] { received.withLock { $0 } }
}
