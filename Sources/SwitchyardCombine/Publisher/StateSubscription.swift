import Switchyard

// Unsafe code of this file, and the invariants it relies on:
// - `StateSubscription` is `@unchecked Sendable` because its mutable parts (the delivery machine, the subscriber
//   and the store subscription) are reachable only inside `state.withLock`. The subscriber is called with no lock
//   held, by one thread at a time: the thread that the machine made the sender.
// - Nothing is released inside `state.withLock`: the states the machine lets go of, the subscriber and the store
//   subscription come out of it as values and are released after unlocking, since a state's `deinit` may call
//   `request` or `cancel` on this very subscription.

/// The subscription of one subscriber of ``StorePublisher``: it registers with the store, then sends what its
/// ``StateDeliveryMachine`` decides.
/// The subscriber is held type-erased, so that the closures given to the store capture no subscriber type.
final class StateSubscription<Value: Sendable>: Subscription, @unchecked Sendable {
    typealias Downstream = AnySubscriber<Value, Never>

    private struct State {
        var machine = StateDeliveryMachine<Value>()
        var downstream: Downstream?
        var storeSubscription: StoreSubscription?
    }

    private let state: LockedValue<State>

    init(downstream: Downstream) {
        state = LockedValue(State(downstream: downstream))
    }

    /// Registers with the store, unless the subscriber cancelled in `receive(subscription:)`.
    func start(
        subscribeReplaying:
            @Sendable (
                _ storeDidEnd: @escaping @Sendable () -> Void,
                _ observer: @escaping @Sendable (Value) -> Void
            ) -> (current: Value, subscription: StoreSubscription)
    ) {
        guard !state.withLock({ $0.machine.isTerminated }) else { return }
        // The store keeps these closures, and so this subscription, until it is cancelled or the store is freed.
        let (current, storeSubscription) = subscribeReplaying(
            { [self] in act(state.withLock { $0.machine.storeDidEnd() }) },
            { [self] value in act(state.withLock { $0.machine.offer(value) }) }
        )
        let (action, cancelled) = state.withLock { state -> (StateDeliveryMachine<Value>.Action, StoreSubscription?) in
            if state.machine.isTerminated { return (.init(), storeSubscription) }
            state.storeSubscription = storeSubscription
            return (state.machine.start(current: current), nil)
        }
        // Cancelled meanwhile: the store lets go of the closures now, with no lock of ours held.
        cancelled?.cancel()
        act(action)
    }

    func request(_ demand: Subscribers.Demand) {
        act(state.withLock { $0.machine.request(demand) })
    }

    func cancel() {
        let (storeSubscription, downstream, discarded) = state.withLock { state in
            let discarded = state.machine.cancel()
            defer {
                state.storeSubscription = nil
                state.downstream = nil
            }
            return (state.storeSubscription, state.downstream, discarded)
        }
        storeSubscription?.cancel()
        _ = consume downstream
        _ = consume discarded
    }

    /// Sends what the machine decided, with no lock held; the states in `action.released` are released when the
    /// caller's expression ends, after unlocking too.
    private func act(_ action: StateDeliveryMachine<Value>.Action) {
        guard action.startsSending else { return }
        while true {
            let (send, downstream) = state.withLock { state in (state.machine.nextToSend(), state.downstream) }
            switch send {
            case .value(let value):
                guard let downstream else { return }
                let additional = downstream.receive(value)
                if additional > 0 {
                    // The sender keeps its turn: `request` made while sending only adds demand.
                    _ = state.withLock { $0.machine.request(additional) }
                }
            case .finish(let released):
                let storeSubscription = state.withLock { state in
                    defer {
                        state.storeSubscription = nil
                        state.downstream = nil
                    }
                    return state.storeSubscription
                }
                downstream?.receive(completion: .finished)
                _ = consume storeSubscription
                _ = consume released
                return
            case .stop:
                return
            }
        }
    }
}
