import Foundation
import Switchyard
import SwitchyardTestSupport
import Testing

/// `dispatch` from any thread, concurrently; every action processed exactly once; user code may
/// dispatch, read the state and subscribe without deadlock; readers never see a half-reduced state.
@Suite struct StoreConcurrencyTests {
    enum Action: Sendable, Equatable {
        case tagged(thread: Int, sequence: Int)
        case start(Int), fromHandle(Int), fromIO(Int), fromObserver(Int)
        case bump
    }

    /// Counts the actions and checks, in the reducer, that each thread's sequence numbers arrive in order.
    struct Tally {
        var count = 0
        var nextSequence: [Int]
        var outOfOrder = 0

        init(threads: Int) {
            nextSequence = Array(repeating: 0, count: threads)
        }
    }

    /// Starts `threads` threads that each dispatch `perThread` tagged actions to a store counting them with a
    /// ``Tally``, and returns that tally once every dispatch has returned and every action has been processed.
    func tallyConcurrentDispatches(threads: Int, perThread: Int) async -> Tally {
        let store = Store(
            initialState: Tally(threads: threads),
            reducer: Reducer<Action, Tally> { action, state in
                guard case .tagged(let thread, let sequence) = action else { return }
                state.count += 1
                if sequence != state.nextSequence[thread] { state.outOfOrder += 1 }
                state.nextSequence[thread] = sequence + 1
            }
        )
        let finished = startThreads(threads) { thread in
            for sequence in 0..<perThread { store.dispatch(.tagged(thread: thread, sequence: sequence)) }
        }
        #expect(await eventually { finished.value == threads })
        // Every dispatch has returned; the last processor may still be draining the queue.
        #expect(await eventually { store.state.count == threads * perThread })
        return store.state
    }

    @Test func eightThreadsOfHundredThousandDispatchesAreEachProcessedOnceInEachThreadsOrder() async {
        let state = await tallyConcurrentDispatches(threads: 8, perThread: 100_000)
        #expect(state.count == 8 * 100_000)
        #expect(state.outOfOrder == 0)
        #expect(state.nextSequence == Array(repeating: 100_000, count: 8))
    }

    /// More threads than cores, so that threads are often preempted inside `dispatch`: an action queued by one
    /// thread must never be overtaken by the same thread's next action, whatever the other threads do meanwhile.
    /// (The test above once caught that, under ThreadSanitizer: a thread preempted between queueing its action and
    /// counting it let a processor pop that action in place of another thread's, whose next action then found the
    /// store idle and ran ahead of the one still queued. The window is small; this test widens the chances.)
    /// Two stores, each fed by a thread of its own, process their actions at the same time. They share nothing: under
    /// ThreadSanitizer (`swift test --sanitize=thread`) this reported a race while the stores passed an empty value
    /// through their pipelines, which every thread sees at the same placeholder address.
    @Test func twoStoresProcessingAtTheSameTimeShareNothing() async {
        let stores = (0..<2).map { _ in
            Store(
                initialState: 0,
                reducer: Reducer<Int, Int> { action, state in state += action },
                middleware: AnyMiddleware<Int, Int, Int> { _, _, state in
                    precondition(state() >= 0)
                    return .pure()
                }
            )
        }
        let finished = startThreads(2) { index in
            for _ in 0..<20_000 { stores[index].dispatch(1) }
        }
        #expect(await eventually { finished.value == 2 })
        #expect(stores.map(\.state) == [20_000, 20_000])
    }

    @Test func manyPreemptedThreadsKeepEachThreadsOrder() async {
        for _ in 0..<4 {
            let state = await tallyConcurrentDispatches(threads: 24, perThread: 5_000)
            #expect(state.count == 24 * 5_000)
            #expect(state.outOfOrder == 0)
        }
    }

    /// Records, per id, the order in which the actions of one `start` chain were reduced.
    struct ChainState {
        var reduced = 0
        var last: Action?
        var steps: [Int: [String]] = [:]
    }

    @Test func reentrantHandlesIOsAndObserversThatDispatchReadAndSubscribeNeitherDeadlockNorBreakFIFO() async {
        let threads = 4
        let chainsPerThread = 500
        let storeBox = Slot<Store<Action, ChainState>>()
        let reads = Counter()
        let middleware = AnyMiddleware<Action, Action, ChainState> { action, _, state in
            guard case .start(let id) = action, let store = storeBox.value else { return .pure() }
            // handle: read the state both ways, subscribe and cancel, dispatch.
            if state().reduced >= 0 && store.state.reduced >= 0 { reads.increment() }
            store.subscribe { _ in }.cancel()
            store.dispatch(.fromHandle(id))
            return IO { output in
                if state().reduced > 0 && store.state.reduced > 0 { reads.increment() }
                let subscription = store.subscribe { _ in }
                output.dispatch(.fromIO(id))
                subscription.cancel()
            }
        }
        let store = Store(
            initialState: ChainState(),
            reducer: Reducer { action, state in
                state.reduced += 1
                state.last = action
                switch action {
                case .start(let id): state.steps[id, default: []].append("start")
                case .fromHandle(let id): state.steps[id, default: []].append("handle")
                case .fromIO(let id): state.steps[id, default: []].append("io")
                case .fromObserver(let id): state.steps[id, default: []].append("observer")
                default: break
                }
            },
            middleware: middleware
        )
        storeBox.value = store
        let observerSubscriptions = Log<StoreSubscription>()
        let subscription = store.subscribe { state in
            guard let store = storeBox.value else { return }
            if store.state.reduced == state.reduced { reads.increment() }
            // Reacts to the IO's action of a chain: dispatches and subscribes from inside an observer.
            if case .fromIO(let id) = state.last { store.dispatch(.fromObserver(id)) }
            if state.reduced % 1_000 == 0 { observerSubscriptions.append(store.subscribe { _ in }) }
        }
        let finished = startThreads(threads) { thread in
            for chain in 0..<chainsPerThread { store.dispatch(.start(thread * chainsPerThread + chain)) }
        }
        let chains = threads * chainsPerThread
        #expect(await eventually { finished.value == threads }, "a dispatching thread is stuck: deadlock")
        #expect(await eventually { store.state.reduced == 4 * chains }, "actions were lost or the store is stuck")
        let state = store.state
        #expect(state.steps.count == chains)
        let unexpected = state.steps.filter { $0.value != ["start", "handle", "io", "observer"] }
        #expect(unexpected.isEmpty, "chains out of FIFO order: \(unexpected.prefix(3))")
        #expect(reads.value > 0)
        subscription.cancel()
        storeBox.value = nil
    }

    @Test func reducerThatReadsTheStateDispatchesAndSubscribesDoesNotDeadlock() async {
        let storeBox = Slot<Store<Action, Int>>()
        let observed = Log<Int>()
        let subscriptions = Log<StoreSubscription>()
        let reports = Log<StoreDiagnostic.Kind>()
        let store = Store(
            initialState: 0,
            reducer: Reducer<Action, Int> { action, state in
                state += 1
                guard action == .bump, let store = storeBox.value else { return }
                _ = store.state
                subscriptions.append(store.subscribe { observed.append($0) })
                store.dispatch(.start(0))
            },
            diagnostics: StoreDiagnostics { reports.append($0.kind) }
        )
        storeBox.value = store
        // On its own thread, so that a deadlock fails the test instead of hanging the suite.
        let finished = startThreads(1) { _ in store.dispatch(.bump) }
        let returned = await eventually(timeout: .seconds(60)) { finished.value == 1 }
        #expect(returned, "the reducer deadlocked")
        guard returned else { return }  // reading the state would wait forever on the deadlocked store
        #expect(store.state == 2)
        #expect(observed.last == 2)
        #expect(reports.values == [.stateReadInReducer])
        storeBox.value = nil
    }

    /// Two fields that the reducer keeps equal, changing one after the other.
    struct Pair {
        var first = 0
        var second = 0
    }

    @Test func readersOnOtherThreadsNeverSeeAHalfReducedState() async {
        let deadline = Deadline()
        let store = Store(
            initialState: Pair(),
            reducer: Reducer<Action, Pair> { _, state in
                state.first += 1
                state.second += 1
            }
        )
        let writers = 2
        let perWriter = 50_000
        let writing = Counter(writers)
        let mismatches = Counter()
        let reads = Counter()
        let readers = startThreads(2) { _ in
            while writing.value > 0, !deadline.hasPassed {
                let state = store.state
                if state.first != state.second { mismatches.increment() }
                reads.increment()
            }
        }
        let finished = startThreads(writers) { _ in
            for _ in 0..<perWriter { store.dispatch(.bump) }
            writing.decrement()
        }
        #expect(await eventually { finished.value == writers && readers.value == 2 })
        #expect(await eventually { store.state.first == writers * perWriter })
        #expect(mismatches.value == 0)
        #expect(reads.value > 0)
        #expect(store.state.second == writers * perWriter)
    }
}
