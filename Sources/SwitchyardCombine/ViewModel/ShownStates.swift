import Switchyard

#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

/// The states a view model shows, readable from any thread: the last one behind a lock, and the observers that the
/// view model notifies of each new one on the main actor.
///
/// Only the main actor commits states, one at a time; any thread reads the last one and subscribes. A subscriber
/// either reads the state before a commit and is notified of it, or reads it after and is not, so no state is
/// missed or repeated between the two.
final class ShownStates<State: Sendable>: Sendable {
    private struct Observers {
        var current: State
        /// In order of registration.
        var observers: [(id: UInt64, observe: @Sendable (State) -> Void)] = []
        var nextID: UInt64 = 0
        /// What to call when the view model is freed, for the subscriptions that asked.
        var endings: [(id: UInt64, end: @Sendable () -> Void)] = []
        var ended = false
    }

    private let storage: LockedValue<Observers>
    /// The publisher of the view model's `@Published` copy of the state, which `$state` hands out.
    @MainActor var publisher: Published<State>.Publisher?

    init(_ initial: State) {
        storage = LockedValue(Observers(current: initial))
    }

    /// The last state committed.
    var current: State { storage.withLock { $0.current } }

    /// Makes `state` the last one, then calls the observers registered before, in order of registration.
    @MainActor
    func commit(_ state: State) {
        let observers = storage.withLock { storage in
            storage.current = state
            return storage.observers
        }
        for observer in observers { observer.observe(state) }
    }

    /// Registers `observer` for the states committed after the returned one, and `ended` to run once when the view
    /// model is freed (at once when it already is).
    func subscribe(
        ended: (@Sendable () -> Void)?,
        _ observer: @escaping @Sendable (State) -> Void
    ) -> (current: State, subscription: StoreSubscription) {
        let (current, id, alreadyEnded) = storage.withLock { storage in
            let id = storage.nextID
            storage.nextID += 1
            if !storage.ended {
                storage.observers.append((id, observer))
                if let ended { storage.endings.append((id, ended)) }
            }
            return (storage.current, id, storage.ended)
        }
        if alreadyEnded { ended?() }
        let subscription = StoreSubscription { [weak self] in
            // Let go after unlocking: the closures may hold what the subscriber captured.
            let removed = self?.storage.withLock { storage in
                (
                    storage.observers.firstIndex { $0.id == id }.map { storage.observers.remove(at: $0) },
                    storage.endings.firstIndex { $0.id == id }.map { storage.endings.remove(at: $0) }
                )
            }
            withExtendedLifetime(removed) {}
        }
        return (current, subscription)
    }

    /// Forgets the observers and calls what the subscriptions asked for when the view model is freed.
    func end() {
        let (observers, endings) = storage.withLock { storage in
            storage.ended = true
            defer { (storage.observers, storage.endings) = ([], []) }
            return (storage.observers, storage.endings)
        }
        // The observers are let go of, and the endings called, after unlocking.
        withExtendedLifetime(observers) {}
        for ending in endings { ending.end() }
    }
}

/// How ``ObservableViewModel`` keeps its ``ObservableViewModel/state``: readable from any thread, and with `$state`
/// the view model's `@Published` publisher. Only the view model makes one.
@propertyWrapper
public struct ShownState<Value: Sendable>: Sendable {
    let states: ShownStates<Value>

    init(_ states: ShownStates<Value>) {
        self.states = states
    }

    /// The last state shown.
    public var wrappedValue: Value { states.current }

    /// The `@Published` publisher of the view model's state: the current state for each new subscriber, then each
    /// new state as it is about to be shown.
    @MainActor
    public var projectedValue: Published<Value>.Publisher {
        guard let publisher = states.publisher else {
            preconditionFailure("The view model connects its publisher while it initializes")
        }
        return publisher
    }
}
