extension Store: ReplayingStateProvider {
    /// Registers `observer` for the states committed after the returned current one; see ``ReplayingStateProvider``.
    @usableFromInline
    package final func subscribeReplaying(
        storeDidEnd: @escaping @Sendable () -> Void,
        observer: @escaping @Sendable (State) -> Void
    ) -> (current: State, subscription: StoreSubscription) {
        // The store copies its state here under its lock, where no commit can happen: nothing else may run there.
        var current: State?
        let subscription = core.addObserver(initial: { current = $0 }, storeDidEnd: storeDidEnd, deliver: observer)
        // A store that is being used cannot be closed, so `current` is set; the read is a fallback.
        return (current ?? state, subscription)
    }
}
