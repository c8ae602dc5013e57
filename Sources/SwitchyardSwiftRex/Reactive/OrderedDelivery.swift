import Switchyard

/// Gives one subscriber the current state first, then the states queued since it subscribed, one at a time, in
/// order, with no subscriber code under a lock (see ``DeliveryQueue``). Until `start(with:)`, events wait: a state
/// committed while subscribing is newer than the current one.
final class OrderedDelivery<Element>: Sendable {
    private struct State {
        var completed = false
        var queue = DeliveryQueue<PublisherEvent<Element, Never>>()
    }

    private let subscriber: SubscriberType<Element, Never>
    private let state: LockedValue<State>

    init(to subscriber: SubscriberType<Element, Never>) {
        self.subscriber = subscriber
        var initial = State()
        initial.queue.isOpen = false
        self.state = LockedValue(initial)
    }

    /// Queues `event`, unless the publisher completed, and delivers it when no other thread is delivering.
    func send(_ event: PublisherEvent<Element, Never>) {
        let mustDeliver = state.withLock { state in
            if state.completed { return false }
            if case .completed = event { state.completed = true }
            state.queue.append(event)
            return state.queue.claim()
        }
        if mustDeliver { deliver() }
    }

    /// Delivers `current`, then what was queued since subscribing.
    func start(with current: Element) {
        let mustDeliver = state.withLock { state in
            state.queue.prepend(.value(current))
            state.queue.isOpen = true
            return state.queue.claim()
        }
        if mustDeliver { deliver() }
    }

    private func deliver() {
        state.deliver(\.queue) { $0.send(to: subscriber) }
    }
}
