import Switchyard
import SwitchyardTestSupport
import Synchronization
import Testing

/// A probe's `didProcess` hook is given each action after its whole pipeline, with where it came from and the state
/// it left.
@Suite struct StoreProbeDidProcessTests {
    /// What the hook kept: the action, whether it was a follow-up, and the state read during the call.
    final class Kept: Sendable {
        private let entries = Mutex<[(action: Int, isFollowUp: Bool, state: Int)]>([])
        func append(_ action: Int, _ isFollowUp: Bool, _ state: Int) {
            entries.withLock { $0.append((action, isFollowUp, state)) }
        }
        var all: [(action: Int, isFollowUp: Bool, state: Int)] { entries.withLock { $0 } }
    }

    @Test func everyActionIsGivenOnceInOrderWithItsOriginAndTheStateItLeft() async {
        // Each action below 10 dispatches a follow-up ten times larger from its IO.
        let middleware = AnyMiddleware<Int, Int, Int> { action, _, _ in
            guard action < 10 else { return .pure() }
            return IO { output in output.dispatch(action * 10) }
        }
        let store = Store(
            initialState: 0, reducer: Reducer { action, state in state += action }, middleware: middleware)
        let kept = Kept()
        let registration = store.attach(
            StoreProbe(didProcess: { action, processed in
                kept.append(action.action, processed.origin.isFollowUp, processed.state)
            }))
        store.dispatch(1)
        store.dispatch(2)
        await waitUntilIdle(store)
        let entries = kept.all
        #expect(entries.map(\.action) == [1, 10, 2, 20])
        #expect(entries.map(\.isFollowUp) == [false, true, false, true])
        #expect(entries.map(\.state) == [1, 11, 13, 33])
        registration.detach()
        store.dispatch(3)
        await waitUntilIdle(store)
        #expect(kept.all.count == 4)
    }
}
