import Foundation
import Switchyard
import Synchronization

/// One store and the threads that use it the way an app does, all at once: threads dispatching without pause, a
/// debounced search typed in bursts, chains of follow-ups started again and again, observers and `states`
/// sequences that come and go, and runtime middlewares added and removed.
final class Soak: Sendable {
    /// Threads that dispatch `.increment` without pause.
    static let incrementThreads = 3
    /// Steps of one chain of follow-ups.
    static let chainLength = 1_000
    /// Chains running at once; a new one starts as soon as one finishes.
    static let chainsInFlight = 2
    /// Runtime middlewares registered at once; adding one more removes the oldest.
    static let registeredMiddlewares = 6
    /// The words the search thread types, one character a millisecond, with a pause after each.
    static let words = ["switchyard", "reducer", "middleware", "subscription", "effect", "debounce", "lift"]

    let counters = SoakCounters()
    let store: Store<SoakAction, SoakState>
    private let running = Atomic<Bool>(true)
    private let producers = DispatchGroup()

    init() {
        store = Store(
            initialState: SoakState(),
            reducer: SoakState.reducer(chainLength: Self.chainLength, counters: counters),
            middleware: SoakMiddleware(chainLength: Self.chainLength)
        )
    }

    /// Starts every producer on a thread of its own.
    func start() {
        for index in 0..<Self.incrementThreads {
            spawn("increments \(index)") { $0.dispatchIncrements() }
        }
        spawn("search") { $0.typeSearches() }
        spawn("chains") { $0.startChains() }
        spawn("subscriptions") { $0.churnSubscriptions() }
        spawn("middlewares") { $0.churnMiddlewares() }
    }

    /// Stops the producers and returns once each has stopped and added its counts.
    func stop() {
        running.store(false, ordering: .relaxed)
        producers.wait()
    }

    private var isRunning: Bool { running.load(ordering: .relaxed) }

    private func spawn(_ name: String, _ body: @escaping @Sendable (Soak) -> Void) {
        producers.enter()
        Thread.detachNewThread { [self] in
            Thread.current.name = name
            body(self)
            producers.leave()
        }
    }

    private func pause(milliseconds: Int) {
        Thread.sleep(forTimeInterval: Double(milliseconds) / 1_000)
    }

    // MARK: - Producers

    private func dispatchIncrements() {
        var dispatched = 0
        while isRunning {
            for _ in 0..<1_024 { store.dispatch(.increment) }
            dispatched += 1_024
        }
        counters.incrementsDispatched.add(dispatched, ordering: .relaxed)
    }

    /// Types each word one character a millisecond, then pauses, as a user does in a search field. Each query is
    /// prefixed with the round, so that the last one is distinct from every earlier one.
    private func typeSearches() {
        var round = 0
        var dispatched = 0
        while isRunning {
            round += 1
            let word = Self.words[round % Self.words.count]
            for length in 1...word.count where isRunning {
                let query = "\(round) \(word.prefix(length))"
                counters.lastQuery.withLock { $0 = query }
                store.dispatch(.search(query))
                dispatched += 1
                pause(milliseconds: 1)
            }
            pause(milliseconds: 10)
        }
        counters.searchesDispatched.add(dispatched, ordering: .relaxed)
    }

    private func startChains() {
        var started = 0
        while isRunning {
            if started - store.state.chainsFinished < Self.chainsInFlight {
                store.dispatch(.chain(id: started, step: 0))
                started += 1
            } else {
                pause(milliseconds: 1)
            }
        }
        counters.chainsStarted.add(started, ordering: .relaxed)
    }

    /// Subscribes an observer for 1 to 4 ms, then cancels it; every other round a main-actor observer too, and
    /// every fourth round a task that consumes `states` meanwhile.
    private func churnSubscriptions() {
        var round = 0
        while isRunning {
            round += 1
            let observed = LiveToken(.observer, counters: counters)
            let subscription = store.subscribe { _ in observed.touch() }
            var onMainActor: StoreSubscription?
            if round % 2 == 0 {
                let rendered = LiveToken(.mainActorObserver, counters: counters)
                onMainActor = store.subscribeOnMainActor { _ in rendered.touch() }
            }
            let consumer = round % 4 == 0 ? consumeStates() : nil
            pause(milliseconds: 1 + round % 4)
            subscription.cancel()
            onMainActor?.cancel()
            consumer?.cancel()
        }
        counters.subscriptionRounds.add(round, ordering: .relaxed)
    }

    private func consumeStates() -> Task<Void, Never> {
        counters.liveStreams.add(1, ordering: .relaxed)
        return Task { [store, counters] in
            var elements = 0
            for await _ in store.states { elements += 1 }
            counters.streamElements.add(elements, ordering: .relaxed)
            counters.liveStreams.subtract(1, ordering: .relaxed)
        }
    }

    /// Adds a runtime middleware every 2 ms, of one of three kinds in turn, and removes the oldest beyond
    /// ``registeredMiddlewares``; removes them all when the soak stops.
    private func churnMiddlewares() {
        let lastStep = Self.chainLength - 1
        let middlewares = store.runtimeMiddlewares
        var registrations: [RuntimeMiddlewareRegistration] = []
        var round = 0
        while isRunning {
            round += 1
            let token = LiveToken(.middleware, counters: counters)
            switch round % 3 {
            case 0:
                registrations.append(middlewares.addBeforeReducer(extract: \.query) { _, _ in token.touch() })
            case 1:
                let finishedChain: @Sendable (SoakAction) -> Int? = { action in
                    if case .chain(let id, lastStep) = action { id } else { nil }
                }
                registrations.append(
                    middlewares.addAfterReducer(extract: finishedChain) { _, _, _, output in
                        token.touch()
                        output.dispatch(.audited)
                    }
                )
            default:
                registrations.append(middlewares.add(AuditMiddleware(token: token)))
            }
            if registrations.count > Self.registeredMiddlewares {
                registrations.removeFirst().remove()
            }
            pause(milliseconds: 2)
        }
        for registration in registrations { registration.remove() }
        counters.middlewareRounds.add(round, ordering: .relaxed)
    }
}
