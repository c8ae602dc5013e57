import Dispatch

extension ReduxStoreBase {
    /// Calls `observer` on the processing thread with each state committed after this call, as ``emitsValue``
    /// decides, before the action's IOs run. Read ``state`` for the current value.
    ///
    /// ```swift
    /// let subscription = store.subscribe { state in print(state.count) }
    /// ```
    public final func subscribe(_ observer: @escaping @Sendable (StateType) -> Void) -> StoreSubscription {
        register(StateObserver(deliver: observer), initial: nil)
    }

    /// Calls `observer` on the main actor with each state committed after this call, as ``emitsValue`` decides.
    ///
    /// With ``SchedulingPolicy/mainThread`` the observer runs synchronously in the pipeline; otherwise each state is
    /// handed to the main queue, in order.
    public final func subscribeOnMainActor(
        _ observer: @escaping @MainActor @Sendable (StateType) -> Void
    ) -> StoreSubscription {
        if scheduling == .mainThread {
            return register(StateObserver { state in MainActor.assumeIsolated { observer(state) } }, initial: nil)
        }
        let cancellation = ObserverCancellation()
        let hop = StateObserver<StateType>(cancellation: cancellation) { state in
            DispatchQueue.main.async {
                guard !cancellation.isCancelled.load(ordering: .acquiring) else { return }
                MainActor.assumeIsolated { observer(state) }
            }
        }
        return register(hop, initial: nil)
    }

    /// The current state, then every state committed afterwards as ``emitsValue`` decides, as an `AsyncSequence`.
    ///
    /// ```swift
    /// for await state in store.states { render(state) }
    /// ```
    ///
    /// The stream buffers without limit, so no state is lost for a slow consumer; it ends when the consuming task is
    /// cancelled or the loop stops.
    public final var states: AsyncStream<StateType> {
        let (stream, continuation) = AsyncStream<StateType>.makeStream(bufferingPolicy: .unbounded)
        let subscription = register(
            StateObserver(deliver: { continuation.yield($0) }),
            initial: { continuation.yield($0) }
        )
        continuation.onTermination = { _ in subscription.cancel() }
        return stream
    }

    private func register(
        _ observer: StateObserver<StateType>,
        initial: ((StateType) -> Void)?
    ) -> StoreSubscription {
        observers.add(observer, storage: storage, initial: initial)
        let list = observers
        return StoreSubscription { [weak list] in list?.remove(observer) }
    }
}
