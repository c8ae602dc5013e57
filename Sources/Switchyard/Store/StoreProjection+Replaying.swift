/// Subscribes and tells the current state in one step; see ``ReplayingStateProvider``.
package typealias ReplayingSubscriber<State> =
    @Sendable (
        _ storeDidEnd: @escaping @Sendable () -> Void,
        _ observer: @escaping @Sendable (State) -> Void
    ) -> (current: State, subscription: StoreSubscription)

extension StoreProjection: ReplayingStateProvider {
    /// Replays through the projected store when it can; otherwise reads the state just after subscribing, so a state
    /// committed meanwhile by another thread may arrive twice, and `storeDidEnd` is never called.
    package func subscribeReplaying(
        storeDidEnd: @escaping @Sendable () -> Void,
        observer: @escaping @Sendable (State) -> Void
    ) -> (current: State, subscription: StoreSubscription) {
        if let replayingSubscriber { return replayingSubscriber(storeDidEnd, observer) }
        let subscription = subscribe(observer)
        return (state, subscription)
    }
}

extension StoreProtocol {
    /// How a projection mapping this store's state with `stateToViewState` replays, when this store replays.
    func replayingSubscriber<ViewState>(
        mapping stateToViewState: @escaping @Sendable (State) -> ViewState
    ) -> ReplayingSubscriber<ViewState>? {
        guard let base = self as? any ReplayingStateProvider<State> else { return nil }
        return { storeDidEnd, observer in
            let (current, subscription) = base.subscribeReplaying(storeDidEnd: storeDidEnd) {
                observer(stateToViewState($0))
            }
            // Mapped here, with no store lock held: the map is the user's code.
            return (stateToViewState(current), subscription)
        }
    }

    /// As ``replayingSubscriber(mapping:)``, without notifying a projected state equal to the previous one.
    func replayingSubscriber<ViewState: Equatable & Sendable>(
        removingDuplicatesOf stateToViewState: @escaping @Sendable (State) -> ViewState
    ) -> ReplayingSubscriber<ViewState>? {
        guard let base = self as? any ReplayingStateProvider<State> else { return nil }
        return { storeDidEnd, observer in
            let last = LastValue<ViewState>(nil)
            let (current, subscription) = base.subscribeReplaying(storeDidEnd: storeDidEnd) { state in
                let viewState = stateToViewState(state)
                if last.replace(with: viewState) { observer(viewState) }
            }
            let currentViewState = stateToViewState(current)
            // A state delivered before this line is newer than `current` and already compared with nothing.
            last.seed(currentViewState)
            return (currentViewState, subscription)
        }
    }
}
