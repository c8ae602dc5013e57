import Switchyard
import SwitchyardSwiftRex

// CombineRex's bridges between SwiftRex's reactive abstraction (`PublisherType`, `SubscriberType`, `SubscriptionType`,
// `SubjectType`, `ReplayLastSubjectType`) and Combine. The abstraction's closures are `Sendable`; the Combine values
// they capture are not, and are called from the threads the publishers deliver on, as with SwiftRex.

extension PublisherType: Publisher {
    /// The values published.
    public typealias Output = Element
    /// The error that ends the publisher.
    public typealias Failure = ErrorType

    /// Attaches a Combine subscriber: it receives this publisher's values and completion.
    ///
    /// The subscriber receives one subscription: the one this publisher gives it while subscribing (as a store's
    /// `statePublisher` does, before its current state), or else the one `subscribe` returns.
    public func receive<S: Subscriber>(subscriber: S) where S.Failure == ErrorType, S.Input == Element {
        let subscribed = LockedValue(false)
        let forwarding = SubscriberType<Element, ErrorType>(
            onValue: wrapping { _ = subscriber.receive($0) },
            onCompleted: wrapping { error in subscriber.receive(completion: error.map { .failure($0) } ?? .finished) },
            onSubscribe: wrapping { subscription in
                subscribed.withLock { $0 = true }
                subscriber.receive(subscription: subscription.asCancellable())
            }
        )
        let subscription = subscribe(forwarding)
        // A second subscription would be cancelled by the subscriber, as Combine requires, and end the first.
        if !subscribed.withLock({ $0 }) { subscriber.receive(subscription: subscription.asCancellable()) }
    }

    /// A function that maps a publisher's values, as CombineRex's `lift` does.
    public static func lift<FromOutput>(
        _ transform: @escaping (FromOutput) -> Output
    ) -> (PublisherType<FromOutput, Failure>) -> PublisherType<Output, Failure> {
        { original in Publishers.Map(upstream: original, transform: transform).asPublisherType() }
    }
}

extension Publisher {
    /// This Combine publisher as a `PublisherType`.
    public func asPublisherType() -> PublisherType<Output, Failure> {
        let subscribe: (SubscriberType<Output, Failure>) -> any SubscriptionType = { subscriber in
            self.subscribe(subscriber)
            return AnyCancellable {}.asSubscriptionType()
        }
        return PublisherType(subscribe: wrapping(subscribe))
    }
}

extension SubscriberType: Subscriber {
    /// A new identity each time, as CombineRex gave.
    public var combineIdentifier: CombineIdentifier { CombineIdentifier() }

    /// Passes the subscription on, as a `SubscriptionType`, and asks for every value: the abstraction has no
    /// demand of its own.
    public func receive(subscription: Subscription) {
        onSubscribe(subscription.asSubscriptionType())
        subscription.request(.unlimited)
    }

    /// Passes the value on; asks for nothing more (the subscription was made for every value).
    public func receive(_ input: Element) -> Subscribers.Demand {
        onValue(input)
        return .none
    }

    /// Passes the completion on: `nil` for finished, the error for a failure.
    public func receive(completion: Subscribers.Completion<ErrorType>) {
        switch completion {
        case .finished: onCompleted(nil)
        case .failure(let error): onCompleted(error)
        }
    }
}

extension Subscriber {
    /// This Combine subscriber as a `SubscriberType`.
    public func asSubscriberType() -> SubscriberType<Input, Failure> {
        SubscriberType<Input, Failure>.combine(subscriber: self)
    }
}

extension Subscriber {
    /// A `SubscriberType` that sends what it receives to a Combine subject. Available on every Combine subscriber
    /// type, `SubscriberType` among them, as in CombineRex.
    public static func combine<CombineSubject: Subject>(
        subject: CombineSubject
    ) -> SubscriberType<CombineSubject.Output, CombineSubject.Failure> {
        SubscriberType<CombineSubject.Output, CombineSubject.Failure>(
            onValue: wrapping { subject.send($0) },
            onCompleted: wrapping { error in subject.send(completion: error.map { .failure($0) } ?? .finished) },
            onSubscribe: wrapping { subscription in subject.send(subscription: subscription.asCancellable()) }
        )
    }

    /// A `SubscriberType` that passes what it receives to a Combine subscriber. Available on every Combine
    /// subscriber type, `SubscriberType` among them, as in CombineRex.
    public static func combine<CombineSubscriber: Subscriber>(
        subscriber: CombineSubscriber
    ) -> SubscriberType<CombineSubscriber.Input, CombineSubscriber.Failure> {
        SubscriberType<CombineSubscriber.Input, CombineSubscriber.Failure>(
            onValue: wrapping { _ = subscriber.receive($0) },
            onCompleted: wrapping { error in subscriber.receive(completion: error.map { .failure($0) } ?? .finished) },
            onSubscribe: wrapping { subscription in subscriber.receive(subscription: subscription.asCancellable()) }
        )
    }
}

extension Subscriber {
    /// A `SubscriberType` on a Combine sink that calls `onValue` with each value and `onCompleted` with the
    /// completion (`nil` when finished), as CombineRex's `.combine(onValue:onCompleted:)`.
    public static func combine<SinkInput, SinkFailure>(
        onValue: ((SinkInput) -> Void)? = nil,
        onCompleted: ((SinkFailure?) -> Void)? = nil
    ) -> SubscriberType<SinkInput, SinkFailure> {
        Subscribers.Sink<SinkInput, SinkFailure>(
            receiveCompletion: { completion in
                switch completion {
                case .failure(let error): onCompleted?(error)
                case .finished: onCompleted?(nil)
                }
            },
            receiveValue: onValue ?? { _ in }
        )
        .asSubscriberType()
    }
}

extension PassthroughSubject {
    /// A `SubscriberType` that sends what it receives to this subject.
    public func asSubscriberType() -> SubscriberType<Output, Failure> {
        SubscriberType<Output, Failure>.combine(subject: self)
    }
}

extension SubscriptionType {
    /// This subscription as a Combine cancellable subscription: cancelling it unsubscribes.
    public func asCancellable() -> Cancellable & Subscription {
        if let cancellable = self as? Cancellable & Subscription { return cancellable }
        return CancellableSubscription(subscription: self)
    }

    /// Keeps this subscription in a set of Combine cancellables: cancelling or releasing its element unsubscribes.
    public func cancelled(by subscriptionCollection: inout Set<AnyCancellable>) {
        subscriptionCollection.store(subscription: self)
    }
}

extension Cancellable {
    /// This Combine cancellable as a `SubscriptionType`: unsubscribing cancels it.
    public func asSubscriptionType() -> any SubscriptionType {
        if let subscription = self as? any SubscriptionType { return subscription }
        return CancellableSubscription(cancellable: self)
    }
}

extension Set where Element == AnyCancellable {
    /// Keeps `subscription`: cancelling or releasing its element unsubscribes.
    public mutating func store(subscription: any SubscriptionType) {
        let cancellable = subscription.asCancellable()
        AnyCancellable { cancellable.cancel() }.store(in: &self)
    }
}

/// A subscription that is both a Combine cancellable and a `SubscriptionType`.
private final class CancellableSubscription: Cancellable, SubscriptionType, Subscription {
    private let cancellable: any Cancellable
    let combineIdentifier = CombineIdentifier()

    init(cancellable: any Cancellable) {
        self.cancellable = cancellable
    }

    init(subscription: any SubscriptionType) {
        self.cancellable = AnyCancellable { subscription.unsubscribe() }
    }

    func request(_ demand: Subscribers.Demand) {
        (cancellable as? any Subscription)?.request(demand)
    }

    func unsubscribe() {
        cancellable.cancel()
    }

    func cancel() {
        cancellable.cancel()
    }
}

extension SubjectType {
    /// A subject on a Combine `PassthroughSubject`.
    public init(passthroughSubject: PassthroughSubject<Element, ErrorType>) {
        self.init(publisher: passthroughSubject.asPublisherType(), subscriber: passthroughSubject.asSubscriberType())
    }

    /// A subject on a new Combine `PassthroughSubject`.
    public static func combine() -> SubjectType<Element, ErrorType> {
        SubjectType(passthroughSubject: PassthroughSubject<Element, ErrorType>())
    }
}

extension ReplayLastSubjectType {
    /// A replay-last subject on a Combine `CurrentValueSubject`; `willChange` is called with each new value before
    /// the subject gets it.
    public init(
        currentValueSubject: CurrentValueSubject<Element, ErrorType>,
        willChange: ((Element) -> Void)? = nil
    ) {
        let subject = currentValueSubject
        self.init(
            publisher: subject.asPublisherType(),
            subscriber: SubscriberType(
                onValue: wrapping { newValue in
                    willChange?(newValue)
                    subject.value = newValue
                },
                onCompleted: wrapping { error in subject.send(completion: error.map { .failure($0) } ?? .finished) },
                onSubscribe: wrapping { subscription in subject.send(subscription: subscription.asCancellable()) }
            ),
            value: stateGetter { subject.value }
        )
    }
}

extension ReplayLastSubjectType {
    /// A replay-last subject on a new Combine `CurrentValueSubject` that starts with `initialValue`; `willChange` is
    /// called with each new value before the subject gets it.
    ///
    /// ```swift
    /// let subject = UnfailableReplayLastSubjectType.combine(initialValue: AppState(), willChange: { _ in beep() })
    /// ```
    public static func combine(
        initialValue: Element,
        willChange: ((Element) -> Void)?
    ) -> ReplayLastSubjectType<Element, ErrorType> {
        ReplayLastSubjectType(
            currentValueSubject: CurrentValueSubject(initialValue), willChange: willChange)
    }
}

/// A view model is a SwiftRex store of its view's actions and state, as it was in CombineRex: `AnyStoreType(viewModel)`,
/// its `statePublisher` and SwiftRex's generic store code take it.
extension ObservableViewModel: StoreType {}
