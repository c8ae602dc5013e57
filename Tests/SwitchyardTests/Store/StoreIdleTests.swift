import Dispatch
import SwitchyardTestSupport
import Testing

@testable import Switchyard

/// `idle()`: every action dispatched before it is processed, and its states have reached observers and views.
@Suite struct StoreIdleTests {
    static let counter = Reducer<Int, Int> { step, state in state += step }

    @Test func anIdleStoreReturnsAtOnce() async {
        let store = Store(initialState: 0, reducer: Self.counter)
        store.dispatch(1)
        await waitUntilIdle(store)
        #expect(store.state == 1)
    }

    @Test(arguments: [SchedulingPolicy.callerThread, .mainThread])
    @MainActor
    func aViewOnTheMainActorIsCurrentAfterFourThreadsDispatched(policy: SchedulingPolicy) async {
        let store = Store(initialState: 0, reducer: Self.counter, scheduling: policy)
        let view = store.observable()
        let observed = Locked(0)
        let subscription = store.subscribe { state in observed.value = state }
        let dispatching = Task {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    DispatchQueue.concurrentPerform(iterations: 4) { _ in
                        for _ in 0..<1_000 { store.dispatch(1) }
                    }
                    continuation.resume()
                }
            }
        }
        #expect(await value(of: dispatching) != nil)
        await waitUntilIdle(store)
        #expect(store.state == 4_000)
        #expect(observed.value == 4_000)
        #expect(view.state == 4_000)
        subscription.cancel()
    }

    @Test func followUpsDispatchedByIOsAreProcessedToo() async {
        let chain = AnyMiddleware<Int, Int, Int> { action, _, _ in
            action < 100 ? IO { output in output.dispatch(action + 1) } : .pure()
        }
        let store = Store(initialState: 0, reducer: Reducer { step, state in state = step }, middleware: chain)
        DispatchQueue.global().async { store.dispatch(1) }
        // Wait for the first action to be accepted, then for the whole chain.
        #expect(await eventually { store.state != 0 })
        await waitUntilIdle(store)
        #expect(store.state == 100)
    }

    /// A main-actor observer that continues a chain: each state it receives below `steps` dispatches the next step.
    @MainActor
    final class ChainingView {
        var seen = 0
        var subscription: StoreSubscription?

        init(store: Store<Int, Int>, steps: Int) {
            subscription = store.subscribeOnMainActor { [weak self] state in
                self?.seen = state
                if state < steps { store.dispatch(1) }
            }
        }
    }

    @Test(arguments: [SchedulingPolicy.callerThread, .mainThread])
    @MainActor
    func idleReturnsOnlyOnceAChainThatMainActorObserversContinueIsOver(policy: SchedulingPolicy) async {
        let steps = 30
        let store = Store(initialState: 0, reducer: Self.counter, scheduling: policy)
        let view = store.observable()
        let chain = ChainingView(store: store, steps: steps)
        let dispatching = Task {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    store.dispatch(1)
                    continuation.resume()
                }
            }
        }
        #expect(await value(of: dispatching) != nil)
        await waitUntilIdle(store)
        // The docs' own pattern: after idle(), the view, the observer and the store agree, and the chain is over.
        #expect(store.state == steps)
        #expect(view.state == store.state)
        #expect(chain.seen == store.state)
        chain.subscription?.cancel()
    }

    @Test @MainActor
    func idleGivesUpOnAChainThatNeverEndsAndReportsIt() async {
        let reports = Log<StoreDiagnostic>()
        let store = Store(
            initialState: 0, reducer: Self.counter, diagnostics: StoreDiagnostics { reports.append($0) })
        // Dispatches on every change, forever. `idle()` gives up after 10,000 turns of the main queue; the test
        // gives up after 50, so as not to keep the main queue of the tests running in parallel busy.
        let chain = ChainingView(store: store, steps: .max)
        store.dispatch(1)
        let settled = await store.core.waitUntilSettled(rounds: 50)
        chain.subscription?.cancel()
        #expect(!settled)
        #expect(reports.values.map(\.kind) == [.idleNotReached])
        // At least one step per turn of the main queue that it waited for.
        #expect(store.state >= 50)
    }
}
