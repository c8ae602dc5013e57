import Switchyard

/// The in-memory subject behind ``ReplayLastSubjectType/init(initialValue:)``: the last value, the completion, the
/// subscribers, and the events waiting for them (see ``DeliveryQueue``).
final class ReplayLastStorage<Element, ErrorType: Error>: Sendable {
    typealias Event = PublisherEvent<Element, ErrorType>

    private struct State {
        var value: Element
        var completion: ErrorType??
        var subscribers: [Int: SubscriberType<Element, ErrorType>] = [:]
        var nextID = 0
        var queue = DeliveryQueue<(SubscriberType<Element, ErrorType>, Event)>()
    }

    private let state: LockedValue<State>

    init(_ initialValue: Element) {
        state = LockedValue(State(value: initialValue))
    }

    var value: Element { state.withLock { $0.value } }

    func send(_ event: Event) {
        let mustDeliver = state.withLock { state in
            guard state.completion == nil else { return false }
            switch event {
            case .value(let value): state.value = value
            case .completed(let error): state.completion = .some(error)
            }
            for subscriber in state.subscribers.values { state.queue.append((subscriber, event)) }
            if case .completed = event { state.subscribers = [:] }
            return state.queue.claim()
        }
        if mustDeliver { deliver() }
    }

    func subscribe(_ subscriber: SubscriberType<Element, ErrorType>) -> any SubscriptionType {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        let subscription = StoreSubscription { [weak self] in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        // The subscription first, then the current value: values sent meanwhile are older than the one replayed.
        subscriber.onSubscribe(subscription)
        let mustDeliver = state.withLock { state in
            state.queue.append((subscriber, .value(state.value)))
            if let completion = state.completion {
                state.queue.append((subscriber, .completed(completion)))
            } else {
                state.subscribers[id] = subscriber
            }
            return state.queue.claim()
        }
        if mustDeliver { deliver() }
        return subscription
    }

    private func deliver() {
        state.deliver(\.queue) { subscriber, event in event.send(to: subscriber) }
    }
}
