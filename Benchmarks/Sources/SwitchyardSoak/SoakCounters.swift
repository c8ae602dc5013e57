import Synchronization

/// What the soak counts, from every thread.
final class SoakCounters: Sendable {
    /// Actions reduced, counted by the reducer.
    let processed = Atomic<Int>(0)
    /// Actions dispatched by the producers, each added once its producer has stopped.
    let incrementsDispatched = Atomic<Int>(0)
    let searchesDispatched = Atomic<Int>(0)
    let chainsStarted = Atomic<Int>(0)
    /// The last query the typing thread dispatched.
    let lastQuery = Mutex<String>("")
    /// Observer closures, runtime middlewares and `states` sequences that the store has not let go of yet.
    let liveObservers = Atomic<Int>(0)
    let liveMiddlewares = Atomic<Int>(0)
    let liveStreams = Atomic<Int>(0)
    /// Deliveries seen by the churned observers, main-actor observers and `states` consumers.
    let observerCalls = Atomic<Int>(0)
    let mainActorCalls = Atomic<Int>(0)
    let streamElements = Atomic<Int>(0)
    /// Calls of the runtime middlewares.
    let middlewareCalls = Atomic<Int>(0)
    /// Rounds of the subscription churn and runtime middlewares added.
    let subscriptionRounds = Atomic<Int>(0)
    let middlewareRounds = Atomic<Int>(0)
}

/// An object that an observer or a middleware captures: alive while the store holds the closure, so the counter of
/// its kind tells how many the store still holds.
final class LiveToken: Sendable {
    /// What holds the token.
    enum Kind {
        case observer
        case mainActorObserver
        case middleware
    }

    private let kind: Kind
    private let counters: SoakCounters

    init(_ kind: Kind, counters: SoakCounters) {
        self.kind = kind
        self.counters = counters
        switch kind {
        case .observer, .mainActorObserver: counters.liveObservers.add(1, ordering: .relaxed)
        case .middleware: counters.liveMiddlewares.add(1, ordering: .relaxed)
        }
    }

    deinit {
        switch kind {
        case .observer, .mainActorObserver: counters.liveObservers.subtract(1, ordering: .relaxed)
        case .middleware: counters.liveMiddlewares.subtract(1, ordering: .relaxed)
        }
    }

    /// Counts one call of the closure that holds the token.
    func touch() {
        switch kind {
        case .observer: counters.observerCalls.add(1, ordering: .relaxed)
        case .mainActorObserver: counters.mainActorCalls.add(1, ordering: .relaxed)
        case .middleware: counters.middlewareCalls.add(1, ordering: .relaxed)
        }
    }
}
