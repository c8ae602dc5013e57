import Switchyard

/// A publisher of a store's state: the current state when a subscriber arrives, then each state the store emits.
///
/// ```swift
/// let cancellable = store.statePublisher
///     .map(\.count)
///     .sink { count in label.text = "\(count)" }
/// ```
///
/// It never fails. Each subscriber gets the state current when it subscribes, then the states emitted after it, in
/// order, on the thread that processes the store's actions (the main thread with `SchedulingPolicy.mainThread`);
/// which states the store emits is what its `ShouldEmitValue` policy decides.
///
/// Demand is honored: with unlimited demand (`sink`, `assign`) no state is lost. When a subscriber's demand is
/// exhausted, the publisher holds back only the newest state and sends it when demand comes, so a subscriber that
/// asks for states one at a time gets the newest state each time, not every intermediate one.
///
/// The publisher finishes when the store is freed (a state held back for lack of demand is then dropped). The
/// publisher value keeps the store alive until it is released; its subscriptions do not. Cancelling a subscription
/// unregisters it from the store at once and lets go of the subscriber; a state that was already being sent on
/// another thread when `cancel()` was called may still arrive, as with any Combine publisher.
public struct StorePublisher<State: Sendable>: Publisher, Sendable {
    /// The store's state.
    public typealias Output = State
    /// A store's state never fails.
    public typealias Failure = Never

    private let subscribeReplaying:
        @Sendable (
            _ storeDidEnd: @escaping @Sendable () -> Void,
            _ observer: @escaping @Sendable (State) -> Void
        ) -> (current: State, subscription: StoreSubscription)

    /// A publisher of `provider`'s state.
    init(_ provider: some ReplayingStateProvider<State>) {
        subscribeReplaying = { storeDidEnd, observer in
            provider.subscribeReplaying(storeDidEnd: storeDidEnd, observer: observer)
        }
    }

    /// Sends `subscriber` the current state, then each emitted state, as its demand allows.
    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == State, Downstream.Failure == Never {
        let subscription = StateSubscription(downstream: AnySubscriber(subscriber))
        subscriber.receive(subscription: subscription)
        subscription.start(subscribeReplaying: subscribeReplaying)
    }
}
