import Switchyard

/// A source of values, as SwiftRex 0.8 abstracts Combine's, RxSwift's and ReactiveSwift's publishers: subscribing
/// gives a ``SubscriptionType`` and values, then at most one completion, to a ``SubscriberType``.
///
/// A store's ``StateProvider/statePublisher`` is one; wrap another reactive library's publisher with
/// ``init(subscribe:)``.
public struct PublisherType<Element, ErrorType: Error>: Sendable {
    /// Subscribes a subscriber; the returned subscription stops the values.
    public let subscribe: @Sendable (SubscriberType<Element, ErrorType>) -> any SubscriptionType

    /// A publisher from its subscribe function.
    ///
    /// ```swift
    /// let numbers = PublisherType<Int, Never> { subscriber in
    ///     subscriber.onValue(1)
    ///     subscriber.onValue(2)
    ///     return StoreSubscription(onCancel: {})
    /// }
    /// ```
    @preconcurrency
    public init(subscribe: @escaping @Sendable (SubscriberType<Element, ErrorType>) -> any SubscriptionType) {
        self.subscribe = subscribe
    }

    /// A publisher of `transform(value)` for each value of this one.
    @preconcurrency
    public func map<NewElement>(
        _ transform: @escaping @Sendable (Element) -> NewElement
    ) -> PublisherType<NewElement, ErrorType> {
        let subscribe = self.subscribe
        return PublisherType<NewElement, ErrorType> { subscriber in
            subscribe(
                SubscriberType(
                    onValue: { subscriber.onValue(transform($0)) },
                    onCompleted: subscriber.onCompleted,
                    onSubscribe: subscriber.onSubscribe
                )
            )
        }
    }

    /// This publisher with a failure turned into a crash: it is a programming error.
    public func assertNoFailure(file: StaticString = #file, line: UInt = #line) -> PublisherType<Element, Never> {
        let subscribe = self.subscribe
        return PublisherType<Element, Never> { subscriber in
            subscribe(
                SubscriberType(
                    onValue: subscriber.onValue,
                    onCompleted: { error in
                        if let error { preconditionFailure("Publisher failed: \(error)", file: file, line: line) }
                        subscriber.onCompleted(nil)
                    },
                    onSubscribe: subscriber.onSubscribe
                )
            )
        }
    }
}

/// A publisher that never fails, as SwiftRex 0.8 names it.
public typealias UnfailablePublisherType<Element> = PublisherType<Element, Never>
