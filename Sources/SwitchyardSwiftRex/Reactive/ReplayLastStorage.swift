import Switchyard

/// The in-memory subject behind ``ReplayLastSubjectType/init(initialValue:)``.
///
/// Every event is queued under the lock together with the change it describes, and delivered after unlocking by
/// whichever thread finds no delivery in progress: subscribers receive events in the order they were queued, one at
/// a time, and no subscriber's code runs under the lock. An event sent from inside a subscriber is queued and
/// delivered after the current one.
final class ReplayLastStorage<Element, ErrorType: Error>: Sendable {
    enum Event {
        case value(Element)
        case completed(ErrorType?)
    }

    private struct State {
        var value: Element
        var completion: ErrorType??
        var subscribers: [Int: SubscriberType<Element, ErrorType>] = [:]
        var nextID = 0
        var pending: [(SubscriberType<Element, ErrorType>, Event)] = []
        var delivering = false

        /// Queues `event` for `subscriber`.
        mutating func enqueue(_ event: Event, for subscriber: SubscriberType<Element, ErrorType>) {
            pending.append((subscriber, event))
        }

        /// Whether the caller must deliver the queue: it is not empty and no other thread is delivering it.
        mutating func claimDelivery() -> Bool {
            if delivering || pending.isEmpty { return false }
            delivering = true
            return true
        }
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
            case .completed(let error):
                state.completion = .some(error)
            }
            for subscriber in state.subscribers.values { state.enqueue(event, for: subscriber) }
            if case .completed = event { state.subscribers = [:] }
            return state.claimDelivery()
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
            state.enqueue(.value(state.value), for: subscriber)
            if let completion = state.completion {
                state.enqueue(.completed(completion), for: subscriber)
            } else {
                state.subscribers[id] = subscriber
            }
            return state.claimDelivery()
        }
        if mustDeliver { deliver() }
        return subscription
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
            for (subscriber, event) in batch {
                switch event {
                case .value(let value): subscriber.onValue(value)
                case .completed(let error): subscriber.onCompleted(error)
                }
            }
        }
    }
}
