import Switchyard

/// Gives one subscriber the current state first, then the states queued since it subscribed, one at a time.
///
/// Events are queued under the lock and delivered after unlocking by whichever thread finds no delivery in progress,
/// so a subscriber's code never runs under the lock and never on two threads at once. Until `start(with:)`, events
/// wait: a state committed while subscribing is newer than the current one.
final class OrderedDelivery<Element>: Sendable {
    enum Event {
        case value(Element)
        case completed(Never?)
    }

    private struct State {
        var started = false
        var delivering = false
        var completed = false
        var pending: [Event] = []

        /// Queues `event` unless the publisher completed; returns whether the caller must deliver the queue.
        mutating func append(_ event: Event) -> Bool {
            if completed { return false }
            if case .completed = event { completed = true }
            pending.append(event)
            return claimDelivery()
        }

        /// Whether the caller must deliver the queue: started, not empty, and no other thread delivering it.
        mutating func claimDelivery() -> Bool {
            if !started || delivering || pending.isEmpty { return false }
            delivering = true
            return true
        }
    }

    private let subscriber: SubscriberType<Element, Never>
    private let state = LockedValue(State())

    init(to subscriber: SubscriberType<Element, Never>) {
        self.subscriber = subscriber
    }

    func send(_ event: Event) {
        if state.withLock({ $0.append(event) }) { deliver() }
    }

    func start(with current: Element) {
        let mustDeliver = state.withLock { state in
            state.pending.insert(.value(current), at: 0)
            state.started = true
            return state.claimDelivery()
        }
        if mustDeliver { deliver() }
    }

    private func deliver() {
        while true {
            let batch = state.withLock { state in
                let batch = state.pending
                state.pending = []
                if batch.isEmpty { state.delivering = false }
                return batch
            }
            if batch.isEmpty { return }
            for event in batch {
                switch event {
                case .value(let value): subscriber.onValue(value)
                case .completed: subscriber.onCompleted(nil)
                }
            }
        }
    }
}
