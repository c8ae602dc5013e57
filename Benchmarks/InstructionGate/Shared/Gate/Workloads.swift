import Foundation
import Switchyard

#if swift(>=6)
    import GateJournaledStoresSwift6
    import GateStoresSwift6

    /// The language mode this executable was compiled in.
    let languageMode = 6
#else
    import GateJournaledStoresSwift5
    import GateStoresSwift5

    /// The language mode this executable was compiled in.
    let languageMode = 5
#endif

/// A workload of the gate: its name on the command line, and a function that creates its store, dispatches `count`
/// actions on the calling thread and stops the process unless the final state reflects every one of them. A workload
/// with `prepare` needs it run first, in a process of its own (`<workload> <count> --prepare`), for the same count.
struct Workload {
    let name: String
    let run: (_ count: Int) -> Void
    var prepare: ((_ count: Int) -> Void)? = nil
}

/// Every workload, in the order the gate reports them.
var workloads: [Workload] {
    [
        Workload(name: "w1", run: runCounter),
        Workload(name: "w1e", run: runCounterWithErasedIdentity),
        Workload(name: "w1r", run: runCounterWithRuntimeMiddleware),
        Workload(name: "t1", run: runCounterWithTimingProbe),
        Workload(name: "t2", run: runCounterWithNullTracer),
        Workload(name: "m1", run: runCounterWithNullMetrics),
        Workload(name: "t3", run: runTypingWithNullTracer),
        Workload(name: "m2", run: runTypingWithNullMetrics),
        Workload(name: "w2", run: runTenMiddlewares),
        Workload(name: "w2e", run: runTenErasedMiddlewares),
        Workload(name: "w3", run: runHundredLiftedMiddlewares),
        Workload(name: "w3e", run: runHundredErasedLiterals),
        Workload(name: "w4", run: runOneObserver),
        Workload(name: "w4d", run: runOneObserverComparing),
        Workload(name: "w5", run: runLargeState),
        Workload(name: "v1", run: runOneObservableView),
        Workload(name: "v2", run: runReRegisteredView),
        Workload(name: "v2p", run: runReRegisteredPlainModel),
        Workload(name: "p1", run: runJournaledCounter),
        Workload(name: "j1", run: runJournalRestore, prepare: prepareJournalRestore),
        Workload(name: "j2", run: runJournalWrite),
        Workload(name: "u1", run: runAppDeclaredCounter),
        Workload(name: "u2", run: runAppDeclaredTenMiddlewares),
        Workload(name: "u4", run: runAppDeclaredObserver),
        Workload(name: "g1", run: runAppFactoryCounter),
        Workload(name: "g4", run: runAppFactoryObserver),
        Workload(name: "g5", run: runAppFactoryLargeState),
    ]
}

// MARK: - The counter

/// The state of the counter workloads.
struct Counter: Sendable, Equatable {
    var count = 0
}

/// The action of the counter workloads.
enum CounterAction: Sendable {
    case increment
}

/// The reducer of the counter workloads.
let counterReducer = Reducer<CounterAction, Counter> { action, state in
    switch action {
    case .increment: state.count += 1
    }
}

/// Dispatches `.increment` `count` times and checks that the store processed every one.
func dispatchIncrements(_ store: Store<CounterAction, Counter>, _ count: Int) {
    let expected = store.state.count + count
    for _ in 0..<count {
        store.dispatch(.increment)
    }
    precondition(store.state.count == expected, "the store lost actions")
}

/// W1: the counter store, no middleware.
func runCounter(_ count: Int) {
    dispatchIncrements(makeStore(Counter(), counterReducer), count)
}

/// W1e: the counter store with the identity middleware, erased, as SwiftRex apps create a store without middleware.
func runCounterWithErasedIdentity(_ count: Int) {
    let store = makeErasedStore(Counter(), counterReducer, IdentityMiddleware().eraseToAnyMiddleware())
    dispatchIncrements(store, count)
}

/// The state of the journaled counter: `Codable`, as a persisted state is.
struct JournaledCounter: Codable, Sendable, Equatable {
    var count = 0
}

/// The action of the journaled counter: `Codable`, as a journaled action is.
enum JournaledCounterAction: Codable, Sendable {
    case increment
}

let journaledCounterReducer = Reducer<JournaledCounterAction, JournaledCounter> { action, state in
    switch action {
    case .increment: state.count += 1
    }
}

/// P1: W1's counter, restored from a file and with every action journaled (batched, the default). The gate counts
/// the processing thread only (the first thread): what dispatching costs with the journal on, without the writer's
/// thread, which encodes and commits.
func runJournaledCounter(_ count: Int) {
    let (store, persistence) = makeJournaledStore(JournaledCounter(), journaledCounterReducer)
    for _ in 0..<count {
        store.dispatch(.increment)
    }
    precondition(store.state.count == count, "the store lost actions")
    withExtendedLifetime(persistence) {}
}

// MARK: - Middlewares

/// A middleware that reads the state before the reducer and has nothing to do after it.
struct StateReadingMiddleware: MiddlewareProtocol, Sendable {
    // Implemented, though empty, because the protocol's default implementation is deprecated and using it warns.
    func receiveContext(getState: @escaping GetState<Counter>, output: AnyActionHandler<CounterAction>) {}

    func handle(
        action: CounterAction,
        from dispatcher: ActionSource,
        state: @escaping GetState<Counter>
    ) -> IO<CounterAction> {
        precondition(state().count >= 0)
        return .pure()
    }
}

/// W2: ten middlewares reading the state, composed with `<>`, their type kept.
func runTenMiddlewares(_ count: Int) {
    let m = StateReadingMiddleware()
    let tenMiddlewares = m <> m <> m <> m <> m <> m <> m <> m <> m <> m
    dispatchIncrements(makeStore(Counter(), counterReducer, tenMiddlewares), count)
}

/// W1r: the counter store with one of W2's middlewares added at runtime, as a feature module injects its own.
func runCounterWithRuntimeMiddleware(_ count: Int) {
    let store = makeStore(Counter(), counterReducer)
    let registration = store.runtimeMiddlewares.add(StateReadingMiddleware())
    dispatchIncrements(store, count)
    registration.remove()
}

/// What the timing probe of t1 adds up, as a tool of the app's would.
final class ReducerTime: @unchecked Sendable {
    private let lock = NSLock()
    private var nanoseconds: UInt64 = 0
    private var actions = 0

    func add(_ reduced: ReducedAction<CounterAction, Counter>) {
        lock.lock()
        nanoseconds &+= reduced.reduceNanoseconds
        actions += 1
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return actions
    }
}

/// T1: W1 with a probe attached that adds up the time of each reducer: what a tool that times every action costs.
func runCounterWithTimingProbe(_ count: Int) {
    let store = makeStore(Counter(), counterReducer)
    let time = ReducerTime()
    let registration = store.attach(StoreProbe(didReduce: { time.add($0) }))
    dispatchIncrements(store, count)
    registration.detach()
    precondition(time.count == count, "the probe missed actions")
}

/// W2e: W2's ten middlewares, each erased, appended one at a time.
func runTenErasedMiddlewares(_ count: Int) {
    let erased = (0..<10).map { _ in StateReadingMiddleware().eraseToAnyMiddleware() }
    dispatchIncrements(makeErasedStore(Counter(), counterReducer, appendingOneAtATime(erased)), count)
}

/// `middlewares` composed the way a loop over erased middlewares does it: `m = (m <> next).eraseToAnyMiddleware()`.
func appendingOneAtATime<Action, State>(
    _ middlewares: [AnyMiddleware<Action, Action, State>]
) -> AnyMiddleware<Action, Action, State> {
    var composed = middlewares[0]
    for middleware in middlewares.dropFirst() {
        composed = (composed <> middleware).eraseToAnyMiddleware()
    }
    return composed
}

// MARK: - Lifted middlewares

/// A middleware of a part of the app: it handles the part's local action, reads the state, and does nothing after
/// the reducer.
struct LocalStateReadingMiddleware: MiddlewareProtocol, Sendable {
    // Implemented, though empty, because the protocol's default implementation is deprecated and using it warns.
    func receiveContext(getState: @escaping GetState<Counter>, output: AnyActionHandler<Int>) {}

    func handle(action: Int, from dispatcher: ActionSource, state: @escaping GetState<Counter>) -> IO<Int> {
        precondition(state().count >= 0)
        return .pure()
    }
}

/// The reducer of the lifted workloads: it counts every action.
let manyActionReducer = Reducer<ManyAction, Counter> { _, state in state.count += 1 }

/// Dispatches `.m42` `count` times and checks that the store processed every one.
func dispatchM42(_ store: Store<ManyAction, Counter>, _ count: Int) {
    let expected = store.state.count + count
    for _ in 0..<count {
        store.dispatch(.m42(1))
    }
    precondition(store.state.count == expected, "the store lost actions")
}

/// W3: a hundred middlewares, each lifted to one case of ``ManyAction`` with `lift(inputAction:outputAction:)` and
/// composed with `<>`, their type kept; every action reaches all of them and the one of `.m42` handles it.
func runHundredLiftedMiddlewares(_ count: Int) {
    let lifted = ManyAction.cases.map { actionCase in
        LocalStateReadingMiddleware().lift(inputAction: actionCase.extract, outputAction: actionCase.embed)
    }
    let hundredMiddlewares = lifted.reduce(ComposedMiddleware.identity) { $0 <> $1 }
    dispatchM42(makeStore(Counter(), manyActionReducer, hundredMiddlewares), count)
}

/// W3e: W3's hundred middlewares lifted with closure literals, each erased, appended one at a time.
func runHundredErasedLiterals(_ count: Int) {
    let m = LocalStateReadingMiddleware()
    let lifted = erasedLiftsOfCases0to49(m) + erasedLiftsOfCases50to99(m)
    precondition(lifted.count == 100)
    dispatchM42(makeErasedStore(Counter(), manyActionReducer, appendingOneAtATime(lifted)), count)
}

// MARK: - Observers and views

/// W4's count of deliveries. The store calls observers on the processing thread, which here is the only thread that
/// dispatches, so a plain variable suffices and the gate counts the store rather than an atomic add.
final class Deliveries: @unchecked Sendable {
    var count = 0
}

/// W4: the counter store with one observer counting the states it receives.
func runOneObserver(_ count: Int) {
    let store = makeErasedStore(Counter(), counterReducer, IdentityMiddleware().eraseToAnyMiddleware())
    observe(store, count)
}

/// W4 with the default emission policy of a store made where the state's type is generic: whether the state is
/// `Equatable` is found at run time, and each state is compared with the previous one through the conformance.
func runOneObserverComparing(_ count: Int) {
    observe(makeStore(Counter(), counterReducer), count)
}

private func observe(_ store: Store<CounterAction, Counter>, _ count: Int) {
    let deliveries = Deliveries()
    let subscription = store.subscribe { _ in deliveries.count += 1 }
    let expected = deliveries.count + count
    dispatchIncrements(store, count)
    precondition(deliveries.count == expected, "the observer missed states")
    subscription.cancel()
}

/// The state of W5: ten thousand `Int`s the reducer never touches, and the counter.
struct LargeState: Sendable, Equatable {
    var values = Array(0..<10_000)
    var count = 0
}

/// W5: ten thousand `Int`s besides the counter; the reducer touches the counter only, so a dispatch must cost what
/// W1's does.
func runLargeState(_ count: Int) {
    let store = makeStore(
        LargeState(),
        Reducer<CounterAction, LargeState> { action, state in
            switch action {
            case .increment: state.count += 1
            }
        }
    )
    let expected = store.state.count + count
    for _ in 0..<count {
        store.dispatch(.increment)
    }
    precondition(store.state.count == expected, "the store lost actions")
    precondition(store.state.values.count == 10_000)
}

/// V1: W1 with one observable view reading the count, on a store that processes on the main thread (this one).
func runOneObservableView(_ count: Int) {
    let store = makeStore(Counter(), counterReducer, scheduling: .mainThread)
    MainActor.assumeIsolated {
        let view = store.observable()
        let expected = view.count + count
        for _ in 0..<count {
            store.dispatch(.increment)
        }
        precondition(view.count == expected, "the view missed states")
    }
}
