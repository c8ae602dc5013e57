extension Store {
    /// Calls `observer` on the processing thread with each state committed after this call, as the store's
    /// `emitsValue` policy decides, before the action's IOs run. Read ``state`` for the current value.
    ///
    /// ```swift
    /// let subscription = store.subscribe { state in print(state.count) }
    /// ```
    ///
    /// Subscribed from inside the reducer, the observer also receives the state that the reducer is committing.
    /// Cancelling or releasing the subscription stops delivery and lets go of `observer` (and of what it captured)
    /// at the latest when the action in progress ends, with no store lock held.
    @preconcurrency
    public final func subscribe(_ observer: @escaping @Sendable (State) -> Void) -> StoreSubscription {
        core.addObserver(initial: nil, storeDidEnd: nil, deliver: observer)
    }

    /// Calls `observer` on the main actor with the states committed after this call, as the store's `emitsValue`
    /// policy decides.
    ///
    /// ```swift
    /// let rendering = store.subscribeOnMainActor { state in label.text = "\(state.count)" }
    /// ```
    ///
    /// With ``SchedulingPolicy/mainThread`` the observer runs synchronously in the pipeline, with each state.
    /// Otherwise states reach the main actor through the main queue, and the observer receives the latest one: the
    /// states that a newer one superseded while the main queue was busy are skipped, the last state is always
    /// delivered, and states never arrive out of order. However long the main thread is busy, one state at most waits
    /// for it. Cancelling the subscription stops delivery, including of a state already waiting for the main queue.
    @preconcurrency
    public final func subscribeOnMainActor(
        _ observer: @escaping @MainActor @Sendable (State) -> Void
    ) -> StoreSubscription {
        if scheduling == .mainThread {
            return core.addObserver(initial: nil, storeDidEnd: nil) { state in
                MainActor.assumeIsolated { observer(state) }
            }
        }
        let mailbox = MainActorMailbox<State>()
        let subscription = core.addObserver(initial: nil, storeDidEnd: nil) { state in
            mailbox.post(state, deliver: observer)
        }
        return StoreSubscription {
            mailbox.close()
            subscription.cancel()
        }
    }

    /// The current state, then every state committed afterwards as the store's `emitsValue` policy decides, as an
    /// `AsyncSequence`.
    ///
    /// ```swift
    /// for await state in store.states { render(state) }
    /// ```
    ///
    /// The stream buffers without limit, so no state is lost for a slow consumer; it ends when the consuming task is
    /// cancelled, the loop stops, or the store is freed.
    public final var states: AsyncStream<State> {
        let (stream, continuation) = AsyncStream<State>.makeStream(bufferingPolicy: .unbounded)
        let subscription = core.addObserver(
            initial: { continuation.yield($0) },
            storeDidEnd: { continuation.finish() },
            deliver: { continuation.yield($0) }
        )
        continuation.onTermination = { _ in subscription.cancel() }
        return stream
    }
}
