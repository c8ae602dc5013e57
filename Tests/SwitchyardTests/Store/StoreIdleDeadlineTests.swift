import Switchyard
import SwitchyardTestSupport
import Testing

/// Tests wait for a store with `waitUntilIdle`, which gives up at its deadline: a store that never becomes idle
/// fails the test instead of hanging it.
@Suite struct StoreIdleDeadlineTests {
    enum Action: Sendable {
        case listen, stopListening
    }

    struct ListenID: Hashable, Sendable {}

    /// `.listen` starts an effect that sleeps far longer than any test waits; `.stopListening` cancels it.
    static func makeStore() -> Store<Action, Int> {
        let middleware = AnyMiddleware<Action, Action, Int> { action, _, _ in
            switch action {
            case .listen:
                return .run(id: ListenID()) { _ in try await Task.sleep(for: .seconds(3_600)) }
            case .stopListening:
                return .cancel(id: ListenID())
            }
        }
        return Store(initialState: 0, reducer: Reducer { _, _ in }, middleware: middleware)
    }

    @Test func waitingForAnEffectThatNeverEndsRecordsAnIssueAtTheDeadlineInsteadOfHanging() async {
        weak var released: Store<Action, Int>?
        do {
            let store = Self.makeStore()
            released = store
            store.dispatch(.listen)
            // The wait under test is itself awaited with a deadline: were it to ignore its own, this test would
            // fail here instead of hanging.
            let waiting = Task {
                var idle = true
                await withKnownIssue("The effect never ends") {
                    idle = await waitUntilIdle(store, includingEffects: true, within: .milliseconds(200))
                }
                return idle
            }
            #expect(await value(of: waiting) == false)
            // Once the effect is cancelled the store is idle, and the wait given up at the deadline ends too.
            store.dispatch(.stopListening)
            await waitUntilIdle(store, includingEffects: true)
        }
        // Nothing keeps the store: no wait or effect of this test outlives it.
        #expect(await eventually { released == nil })
    }

    /// `idle()` returns when its task is cancelled, the store not idle: a test's time limit, or any deadline of the
    /// caller's, ends the wait. The store is freed afterwards: the wait left behind holds neither it nor its effect.
    @Test(arguments: [false, true])
    func cancellingTheWaitingTaskEndsIdleBeforeTheStoreIsIdle(cancelledBeforeWaiting: Bool) async {
        weak var released: Store<Action, Int>?
        do {
            let store = Self.makeStore()
            released = store
            store.dispatch(.listen)
            let started = Signal()
            let waiting = Task {
                if cancelledBeforeWaiting { withUnsafeCurrentTask { $0?.cancel() } }
                started.send()
                await store.idle(includingEffects: true)
                return Task.isCancelled
            }
            if !cancelledBeforeWaiting {
                #expect(await started.arrives())
                // Long enough for the wait to have begun, in most runs: the test holds either way.
                try? await Task.sleep(for: .milliseconds(50))
                waiting.cancel()
            }
            #expect(await value(of: waiting, within: .seconds(60)) == true)
            store.dispatch(.stopListening)
            await waitUntilIdle(store, includingEffects: true)
        }
        #expect(await eventually { released == nil })
    }
}
