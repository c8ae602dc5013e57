// Invariant of the unchecked types here: each carries another library's publisher, subscriber or subscription, which
// SwiftRex never required to be `Sendable`, to the threads that use the provider made from it; each is only
// subscribed, called or unsubscribed, as that library allows from the threads it delivers on.
import Switchyard

extension StateProvider {
    /// The states of this provider as a publisher, as SwiftRex 0.8 reads them: each subscriber receives the current
    /// state first, then every state the provider notifies after it, in order and one at a time, on the thread that
    /// commits it (the subscribing thread for the current one). A store's publisher completes when the store is
    /// freed.
    ///
    /// ```swift
    /// var subscriptions = [any SubscriptionType]()
    /// store.statePublisher
    ///     .subscribe(SubscriberType(onValue: { state in print(state.count) }))
    ///     .cancelled(by: &subscriptions)
    /// ```
    ///
    /// A store and its projections replay and subscribe in one step, so no state is missed or repeated. Another
    /// provider is subscribed first and read after: a state committed between the two may arrive twice. As in
    /// SwiftRex, a subscription lasts until its `unsubscribe()` or the store's end, even when what `subscribe`
    /// returned is discarded.
    public var statePublisher: UnfailablePublisherType<StateType> {
        if let forwarded = forwardedStates(of: self, as: StateType.self) { return PublisherType(forwarding: forwarded) }
        return PublisherType { subscriber in
            let delivery = OrderedDelivery(to: subscriber)
            // The store's registration of the observer keeps the subscription, so that it lasts until `unsubscribe()`
            // or the store's end, as SwiftRex's did, even when the caller lets go of what `subscribe` returned.
            let kept = KeptSubscription()
            let current: StateType
            let subscription: StoreSubscription
            if let replaying = self as? any ReplayingStateProvider<StateType> {
                (current, subscription) = replaying.subscribeReplaying(
                    storeDidEnd: { delivery.send(.completed(nil)) },
                    observer: { state in
                        withExtendedLifetime(kept) { delivery.send(.value(state)) }
                    }
                )
            } else {
                subscription = subscribe { state in
                    withExtendedLifetime(kept) { delivery.send(.value(state)) }
                }
                current = state
            }
            kept.keep(subscription)
            subscriber.onSubscribe(kept)
            delivery.start(with: current)
            return kept
        }
    }
}

extension AnyStateProvider {
    /// A state provider whose states come from `publisher`, as SwiftRex 0.8 makes one.
    ///
    /// ```swift
    /// let subject = UnfailableReplayLastSubjectType(initialValue: 0)
    /// let provider = AnyStateProvider(subject.publisher)
    /// ```
    ///
    /// The provider's `statePublisher`, and those of the projections and maps made from it, forward the publisher's
    /// values as it gives them, as in SwiftRex. `state`, which SwiftRex did not have, reads the value the publisher
    /// gives while subscribing, as a replay-last subject and a store's ``StateProvider/statePublisher`` do, and
    /// `subscribe` passes on the values after it. From a publisher that gives no value while subscribing, `state` is
    /// the last value the publisher gave, reported once through `diagnostics`; before the publisher has given any
    /// value, there is no state to read, and reading it stops the program.
    public init(_ publisher: UnfailablePublisherType<StateType>, diagnostics: StoreDiagnostics = .standardError) {
        let source = PublisherStateSource(publisher, diagnostics: diagnostics)
        self.init(
            state: { source.read() },
            subscribe: { observer in source.subscribeAfterCurrent(observer) },
            forwarding: source.forwarded
        )
    }
}

extension AnyStoreType {
    /// A store from where its actions go and a publisher of its states, as SwiftRex 0.8 makes one; see
    /// `AnyStateProvider.init(_:)` for what the publisher must do.
    ///
    /// ```swift
    /// let store = AnyStoreType<AppAction, AppState>(
    ///     action: { dispatched in appStore.dispatch(dispatched) },
    ///     state: appStore.statePublisher
    /// )
    /// ```
    @preconcurrency
    public init(
        action: @escaping @Sendable (DispatchedAction<ActionType>) -> Void,
        state: UnfailablePublisherType<StateType>
    ) {
        self.init(action: AnyActionHandler(action), state: AnyStateProvider(state))
    }
}

extension StoreProjection {
    /// A projection from where its actions go and a publisher of its states, as SwiftRex 0.8 makes one; see
    /// `AnyStateProvider.init(_:)` for what the publisher must do.
    @preconcurrency
    public convenience init(
        action: @escaping @Sendable (DispatchedAction<Action>) -> Void,
        state: UnfailablePublisherType<State>
    ) {
        self.init(action: action, state: AnyStateProvider(state))
    }
}

extension PublisherType where ErrorType == Never {
    /// The value this publisher gives while subscribing (the last one, if several); stops the program when it gives
    /// none.
    func currentValue() -> Element {
        guard let value = givenWhileSubscribing() else {
            preconditionFailure(
                "A state provider made from a publisher reads the value the publisher gives while subscribing, and "
                    + "this publisher gave none: use one that replays its last value, such as a "
                    + "ReplayLastSubjectType's or a store's statePublisher."
            )
        }
        return value
    }

    /// The value this publisher gives while subscribing (the last one, if several), if it gives one.
    func givenWhileSubscribing() -> Element? {
        let received = LockedValue<Element?>(nil)
        let subscription = subscribe(SubscriberType(onValue: { value in received.withLock { $0 = value } }))
        subscription.unsubscribe()
        return received.withLock { $0 }
    }

    /// Subscribes `observer` to the values after the ones given while subscribing (the current value).
    func subscribeAfterCurrent(_ observer: @escaping @Sendable (Element) -> Void) -> StoreSubscription {
        let subscribing = LockedValue(true)
        let subscription = subscribe(
            SubscriberType(onValue: { value in
                if !subscribing.withLock({ $0 }) { observer(value) }
            })
        )
        subscribing.withLock { $0 = false }
        let unsubscribe = UncheckedSubscription(subscription)
        return StoreSubscription { unsubscribe.subscription.unsubscribe() }
    }

    /// The values and completion of `publisher`, to forward them.
    static func forwardedStates(of publisher: UnfailablePublisherType<Element>) -> ForwardedStates<Element> {
        let publisher = UncheckedPublisher(publisher)
        return ForwardedStates { onValue, onCompleted in
            publisher.publisher.subscribe(
                SubscriberType(onValue: { onValue($0) }, onCompleted: { _ in onCompleted() })
            )
        }
    }

    /// A publisher that forwards `forwarded`'s values and completion, and returns the other library's own
    /// subscription, which lasts as that library's subscriptions do.
    init(forwarding forwarded: ForwardedStates<Element>) {
        self.init { subscriber in
            let receiver = UncheckedSubscriber(subscriber)
            let subscription = forwarded.subscribe(
                { value in receiver.subscriber.onValue(value) },
                { receiver.subscriber.onCompleted(nil) }
            )
            return (subscription as? any SubscriptionType) ?? KeptSubscription()
        }
    }
}

/// The source of a provider made from a publisher: it reads the value the publisher gives while subscribing, and
/// remembers the last value the publisher gave to any of the provider's subscriptions, for a publisher that gives none
/// while subscribing.
private final class PublisherStateSource<State>: Sendable {
    private let publisher: UncheckedPublisher<State>
    private let last = LockedValue<(value: State?, reported: Bool)>((nil, false))
    private let diagnostics: StoreDiagnostics

    init(_ publisher: UnfailablePublisherType<State>, diagnostics: StoreDiagnostics) {
        self.publisher = UncheckedPublisher(publisher)
        self.diagnostics = diagnostics
    }

    /// The publisher's values and completion, each value remembered as the last one.
    var forwarded: ForwardedStates<State> {
        ForwardedStates { [self] onValue, onCompleted in
            publisher.publisher.subscribe(
                SubscriberType(
                    onValue: { value in
                        self.remember(value)
                        onValue(value)
                    },
                    onCompleted: { _ in onCompleted() }
                )
            )
        }
    }

    func read() -> State {
        if let value = publisher.publisher.givenWhileSubscribing() {
            remember(value)
            return value
        }
        let (value, firstReport) = last.withLock { last in
            defer { last.reported = true }
            return (last.value, !last.reported)
        }
        if firstReport {
            diagnostics.report(
                StoreDiagnostic(
                    kind: .noCurrentState,
                    message: "the state of a provider made from a publisher was read, and the publisher gave no "
                        + "value while subscribing: "
                        + (value == nil ? "it has given none yet" : "its last value is used")
                        + "; make the provider from a publisher that replays its last value, such as a "
                        + "ReplayLastSubjectType's or a store's statePublisher"
                )
            )
        }
        guard let value else {
            preconditionFailure(
                "The state of a provider made from a publisher was read before the publisher gave any value: use "
                    + "one that replays its last value, such as a ReplayLastSubjectType's or a store's statePublisher."
            )
        }
        return value
    }

    func subscribeAfterCurrent(_ observer: @escaping @Sendable (State) -> Void) -> StoreSubscription {
        publisher.publisher.subscribeAfterCurrent { [self] value in
            remember(value)
            observer(value)
        }
    }

    private func remember(_ value: State) {
        last.withLock { $0.value = value }
    }
}

/// A publisher of another library, subscribed from the threads that read or subscribe to the provider made from it:
/// the thread rules are that library's, as they were for SwiftRex, whose publishers were not `Sendable` either.
private struct UncheckedPublisher<State>: @unchecked Sendable {
    let publisher: UnfailablePublisherType<State>

    init(_ publisher: UnfailablePublisherType<State>) {
        self.publisher = publisher
    }
}

/// A subscriber of another library, called from the threads its publisher delivers on, as that library allows.
private struct UncheckedSubscriber<Element>: @unchecked Sendable {
    let subscriber: SubscriberType<Element, Never>

    init(_ subscriber: SubscriberType<Element, Never>) {
        self.subscriber = subscriber
    }
}

/// A subscription of another library, unsubscribed from the thread that cancels the store subscription wrapping it:
/// the thread rules are that library's, as they were for SwiftRex, whose subscriptions were not `Sendable` either.
private struct UncheckedSubscription: @unchecked Sendable {
    let subscription: any SubscriptionType

    init(_ subscription: any SubscriptionType) {
        self.subscription = subscription
    }
}

/// A subscription of ``StateProvider/statePublisher``: it ends when ``unsubscribe()`` is called or the store is freed,
/// not when it is released, as SwiftRex's subscriptions did. The store's registration of the observer holds it.
final class KeptSubscription: SubscriptionType, Sendable {
    private let subscription = LockedValue<StoreSubscription?>(nil)

    /// Holds `subscription` until ``unsubscribe()``.
    func keep(_ subscription: StoreSubscription) {
        self.subscription.withLock { $0 = subscription }
    }

    /// Stops delivery.
    func unsubscribe() {
        let taken = subscription.withLock { kept in
            defer { kept = nil }
            return kept
        }
        // Cancelled after unlocking: cancelling unregisters the observer, which releases this object's last holder.
        taken?.cancel()
    }
}
