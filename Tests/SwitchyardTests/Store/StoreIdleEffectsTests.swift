import Foundation
import Switchyard
import SwitchyardTestSupport
import Synchronization
import Testing

/// `idle(includingEffects: true)` returns once what the actions started has finished and what it dispatched has
/// been processed; `idle()` does not wait for effects.
@Suite struct StoreIdleEffectsTests {
    enum Action: Sendable, Equatable {
        case load(Int), loaded(Int), chain(Int)
    }

    /// A gate an effect waits at until the test opens it (or the wait's deadline passes, or the effect is
    /// cancelled: a test that never opens it fails on what it expects instead of hanging).
    final class Gate: Sendable {
        private let opened = Atomic(false)
        func open() { opened.store(true, ordering: .releasing) }
        func wait() async {
            _ = await eventually { opened.load(ordering: .acquiring) || Task.isCancelled }
        }
    }

    /// `.load(n)` starts an effect that waits at `gate`, then dispatches `.loaded(n)`; `.chain(n)` starts one that
    /// dispatches `.chain(n - 1)` (or `.loaded(0)` at zero) from an effect, so each effect starts the next one.
    static func makeStore(gate: Gate) -> Store<Action, [Int]> {
        let middleware = AnyMiddleware<Action, Action, [Int]> { action, _, _ in
            switch action {
            case .load(let value):
                return .run { output in
                    await gate.wait()
                    output.dispatch(.loaded(value))
                }
            case .chain(let remaining):
                return .run { output in
                    await Task.yield()
                    output.dispatch(remaining == 0 ? .loaded(0) : .chain(remaining - 1))
                }
            case .loaded:
                return .pure()
            }
        }
        return Store(
            initialState: [],
            reducer: Reducer { action, state in if case .loaded(let value) = action { state.append(value) } },
            middleware: middleware
        )
    }

    @Test func itReturnsOnlyOnceTheEffectsHaveFinishedAndWhatTheyDispatchedIsProcessed() async {
        let gate = Gate()
        let store = Self.makeStore(gate: gate)
        store.dispatch(.load(1))
        store.dispatch(.load(2))
        await waitUntilIdle(store)
        #expect(store.state.isEmpty)  // `idle()` does not wait for the effects
        let settled = Counter()
        let waiting = Task {
            await waitUntilIdle(store, includingEffects: true)
            settled.increment()
        }
        // The effects are blocked at the gate: the wait goes on.
        try? await Task.sleep(for: .milliseconds(50))
        #expect(settled.value == 0)
        gate.open()
        #expect(await value(of: waiting) != nil)
        #expect(store.state.sorted() == [1, 2])
    }

    @Test func effectsStartedByWhatEffectsDispatchedAreWaitedForToo() async {
        let store = Self.makeStore(gate: Gate())
        store.dispatch(.chain(20))
        await waitUntilIdle(store, includingEffects: true)
        #expect(store.state == [0])
    }

    @Test func effectsStartedFromManyThreadsAreAllWaitedFor() async {
        let gate = Gate()
        gate.open()
        let store = Self.makeStore(gate: gate)
        let threads = 8
        let perThread = 50
        let finished = startThreads(threads) { thread in
            for index in 0..<perThread { store.dispatch(.load(thread * perThread + index)) }
        }
        #expect(await eventually { finished.value == threads })
        await waitUntilIdle(store, includingEffects: true)
        #expect(store.state.sorted() == Array(0..<(threads * perThread)))
    }

    @Test func withNoEffectItIsIdle() async {
        let store = Self.makeStore(gate: Gate())
        store.dispatch(.loaded(7))
        await waitUntilIdle(store, includingEffects: true)
        #expect(store.state == [7])
    }
}
