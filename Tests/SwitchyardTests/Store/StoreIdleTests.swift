import Dispatch
import Switchyard
import Testing

/// `idle()`: every action dispatched before it is processed, and its states have reached observers and views.
@Suite struct StoreIdleTests {
    static let counter = Reducer<Int, Int> { step, state in state += step }

    @Test func anIdleStoreReturnsAtOnce() async {
        let store = Store(initialState: 0, reducer: Self.counter)
        store.dispatch(1)
        await store.idle()
        #expect(store.state == 1)
    }

    @Test(arguments: [SchedulingPolicy.callerThread, .mainThread])
    @MainActor
    func aViewOnTheMainActorIsCurrentAfterFourThreadsDispatched(policy: SchedulingPolicy) async {
        let store = Store(initialState: 0, reducer: Self.counter, scheduling: policy)
        let view = store.observable()
        let observed = Locked(0)
        let subscription = store.subscribe { state in observed.value = state }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                DispatchQueue.concurrentPerform(iterations: 4) { _ in
                    for _ in 0..<1_000 { store.dispatch(1) }
                }
                continuation.resume()
            }
        }
        await store.idle()
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
        while store.state == 0 { await Task.yield() }
        await store.idle()
        #expect(store.state == 100)
    }
}
