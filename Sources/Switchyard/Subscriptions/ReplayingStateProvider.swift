/// A state provider that registers an observer and tells the current state in one step, with no state missed or
/// repeated between the two; the package's view products build on it.
package protocol ReplayingStateProvider<State>: StateReading {
    /// Registers `observer` for each state committed after the returned `current` one, and `storeDidEnd` to run
    /// once when the store is freed (at once when it already is).
    ///
    /// `observer` can be called on the processing thread before this method returns; the caller orders `current`
    /// first.
    func subscribeReplaying(
        storeDidEnd: @escaping @Sendable () -> Void,
        observer: @escaping @Sendable (State) -> Void
    ) -> (current: State, subscription: StoreSubscription)
}
