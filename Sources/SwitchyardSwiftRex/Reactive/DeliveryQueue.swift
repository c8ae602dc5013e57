import Switchyard

/// What a publisher tells a subscriber after subscribing: a value, or its completion.
enum PublisherEvent<Element, Failure: Error> {
    case value(Element)
    case completed(Failure?)

    /// Tells `subscriber` this event.
    func send(to subscriber: SubscriberType<Element, Failure>) {
        switch self {
        case .value(let value): subscriber.onValue(value)
        case .completed(let failure): subscriber.onCompleted(failure)
        }
    }
}

/// Events waiting for their subscribers, kept inside a lock with the state they describe.
///
/// Events are queued under the lock, with the change they describe, and delivered after unlocking by whichever
/// thread finds no delivery in progress (`claim()`): subscribers receive them in the order they were queued, one at
/// a time, and no subscriber's code runs under the lock. An event queued by a subscriber while it receives one is
/// delivered after it, by the same loop.
struct DeliveryQueue<Item> {
    private var pending: [Item] = []
    private var delivering = false
    /// Whether a delivery may start; a queue that is not open keeps its events until it opens.
    var isOpen = true

    /// Queues `item` last.
    mutating func append(_ item: Item) {
        pending.append(item)
    }

    /// Queues `item` first.
    mutating func prepend(_ item: Item) {
        pending.insert(item, at: 0)
    }

    /// Whether the caller must deliver the queue (with `LockedValue.deliver`): it is open, not empty, and no other
    /// thread is delivering it.
    mutating func claim() -> Bool {
        if !isOpen || delivering || pending.isEmpty { return false }
        delivering = true
        return true
    }

    /// The events to deliver next; none when the queue is empty, which ends the delivery.
    mutating func takeBatch() -> [Item] {
        let batch = pending
        pending = []
        if batch.isEmpty { delivering = false }
        return batch
    }
}

extension LockedValue {
    /// Delivers the queue at `queue`, which the caller claimed: takes each batch under the lock and hands its items
    /// to `deliver` after unlocking, until none is left.
    func deliver<Item>(_ queue: WritableKeyPath<Value, DeliveryQueue<Item>>, to deliver: (Item) -> Void) {
        while true {
            let batch = withLock { $0[keyPath: queue].takeBatch() }
            if batch.isEmpty { return }
            batch.forEach(deliver)
        }
    }
}
