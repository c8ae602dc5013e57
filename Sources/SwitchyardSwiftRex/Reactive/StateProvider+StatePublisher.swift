// Invariant of the one unchecked type here: `UncheckedSubscription` carries another library's subscription, which
// SwiftRex never required to be `Sendable`, to the thread that cancels the store subscription wrapping it; it is
// only ever unsubscribed, as that library allows from the threads it delivers on.
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
        PublisherType { subscriber in
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
    /// The publisher must give its current value to each new subscriber while it subscribes, as a replay-last subject
    /// and a store's ``StateProvider/statePublisher`` do: `state` reads it so, and `subscribe` passes on the values
    /// after it. Reading `state` from a publisher that gives no value while subscribing stops the program.
    public init(_ publisher: UnfailablePublisherType<StateType>) {
        self.init(
            state: { publisher.currentValue() },
            subscribe: { observer in publisher.subscribeAfterCurrent(observer) }
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
        action: @escaping @Sendable (DispatchedAction<ViewAction>) -> Void,
        state: UnfailablePublisherType<ViewState>
    ) {
        self.init(action: action, state: AnyStateProvider(state))
    }
}

extension PublisherType where ErrorType == Never {
    /// The value this publisher gives while subscribing (the last one, if several).
    func currentValue() -> Element {
        let received = LockedValue<Element?>(nil)
        let subscription = subscribe(SubscriberType(onValue: { value in received.withLock { $0 = value } }))
        subscription.unsubscribe()
        guard let value = received.withLock({ $0 }) else {
            preconditionFailure(
                "A state provider made from a publisher reads the value the publisher gives while subscribing, and "
                    + "this publisher gave none: use one that replays its last value, such as a "
                    + "ReplayLastSubjectType's or a store's statePublisher."
            )
        }
        return value
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
