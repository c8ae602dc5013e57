import Switchyard

/// What receives a ``PublisherType``'s values, as SwiftRex 0.8 names it: the subscription first, then values, then
/// at most one completion (`nil` when the publisher finished, the error when it failed).
public struct SubscriberType<Element, ErrorType: Error>: Sendable {
    /// Receives each value.
    public let onValue: @Sendable (Element) -> Void
    /// Receives the completion: `nil` when the publisher finished, the error when it failed.
    public let onCompleted: @Sendable (ErrorType?) -> Void
    /// Receives the subscription, before any value.
    public let onSubscribe: @Sendable (any SubscriptionType) -> Void

    /// A subscriber from its three functions, each optional.
    ///
    /// ```swift
    /// store.statePublisher.subscribe(SubscriberType(onValue: { state in print(state.count) }))
    /// ```
    @preconcurrency
    public init(
        onValue: (@Sendable (Element) -> Void)? = nil,
        onCompleted: (@Sendable (ErrorType?) -> Void)? = nil,
        onSubscribe: (@Sendable (any SubscriptionType) -> Void)? = nil
    ) {
        self.onValue = onValue ?? { _ in }
        self.onCompleted = onCompleted ?? { _ in }
        self.onSubscribe = onSubscribe ?? { _ in }
    }

    /// This subscriber for a publisher that never fails.
    public func assertNoFailure() -> SubscriberType<Element, Never> {
        let onCompleted = self.onCompleted
        return SubscriberType<Element, Never>(
            onValue: onValue,
            onCompleted: { _ in onCompleted(nil) },
            onSubscribe: onSubscribe
        )
    }
}

/// A subscriber of a publisher that never fails, as SwiftRex 0.8 names it.
public typealias UnfailableSubscriberType<Element> = SubscriberType<Element, Never>
