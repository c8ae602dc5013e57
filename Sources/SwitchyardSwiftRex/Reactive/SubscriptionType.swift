import Switchyard

/// A subscription to a ``PublisherType``, as SwiftRex 0.8 names it: `unsubscribe()` stops the values.
///
/// A store's ``StoreSubscription`` is one. The protocol does not require `Sendable`, as SwiftRex's did not: a
/// subscription of another library keeps whatever thread rules that library has.
public protocol SubscriptionType {
    /// Stops the values; calling it again does nothing.
    func unsubscribe()
}

/// A place that keeps subscriptions alive, as SwiftRex 0.8 names it.
///
/// ```swift
/// var subscriptions = [any SubscriptionType]()
/// store.statePublisher.subscribe(SubscriberType(onValue: { print($0) })).cancelled(by: &subscriptions)
/// ```
public protocol SubscriptionCollection {
    /// Keeps `subscription` alive as long as the collection.
    mutating func store(subscription: any SubscriptionType)
}

extension SubscriptionType {
    /// Keeps this subscription in `subscriptionCollection`.
    public func cancelled<SC: SubscriptionCollection>(by subscriptionCollection: inout SC) {
        subscriptionCollection.store(subscription: self)
    }

    /// Keeps this subscription in `subscriptionCollection`.
    public func cancelled(by subscriptionCollection: inout any SubscriptionCollection) {
        subscriptionCollection.store(subscription: self)
    }
}

extension Array: SubscriptionCollection where Element == any SubscriptionType {
    /// Appends `subscription`.
    public mutating func store(subscription: any SubscriptionType) {
        append(subscription)
    }
}

extension StoreSubscription: SubscriptionType {
    /// Cancels the subscription: ``StoreSubscription/cancel()``.
    public func unsubscribe() {
        cancel()
    }
}
