import Switchyard

extension Store {
    /// The store's state as a Combine publisher: the current state for each new subscriber, then every state the
    /// store emits; it finishes when the store is freed.
    ///
    /// ```swift
    /// store.statePublisher
    ///     .map(\.title)
    ///     .removeDuplicates()
    ///     .sink { title in print(title) }
    ///     .store(in: &cancellables)
    /// ```
    public final var statePublisher: StorePublisher<State> {
        StorePublisher(self)
    }
}

extension StoreProjection where State: Sendable {
    /// The projected state as a Combine publisher: the current view state for each new subscriber, then every view
    /// state the projection emits (an `Equatable` view state only when it changed).
    ///
    /// ```swift
    /// store.projection(action: AppAction.counter, state: \.counter)
    ///     .statePublisher
    ///     .sink { counter in print(counter) }
    ///     .store(in: &cancellables)
    /// ```
    ///
    /// The projection keeps its store alive, so the publisher finishes once both are released.
    public var statePublisher: StorePublisher<State> {
        StorePublisher(self)
    }
}
