import Foundation
import Switchyard
import SwitchyardTesting
import Testing

@Suite struct TestStoreDeterminismTests {
    /// A debounced search whose request is cancelled in flight by the next search (the article's test), 2,000 times,
    /// sixteen at a time, in parallel with the rest of the suite. A test store runs its effects on an executor of its
    /// own and each step waits for them; the test clock's `advance` waits for them after each sleeper it wakes. With
    /// the effects on the thread pool instead, this failed 4 to 8 times in 2,000 runs on a two-core machine.
    ///
    /// Sixteen at a time rather than as 2,000 test arguments, which Swift Testing would start all at once: that flood
    /// kept the thread pool busy for seconds.
    @Test func aDebouncedSearchCancelledInFlightAlwaysEndsWithTheLatestResults() async {
        let runs = 2_000
        let width = 16
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<width {
                group.addTask { await SearchFeatureTests().aSearchCancelledInFlightEndsWithTheLatestResults() }
            }
            var started = width
            while await group.next() != nil {
                guard started < runs else { continue }
                started += 1
                group.addTask { await SearchFeatureTests().aSearchCancelledInFlightEndsWithTheLatestResults() }
            }
        }
    }

    /// `TestClock` names `SwitchyardTesting`'s own, the one that waits for the test stores' effects.
    @Test func testClockIsTheOneThatWaitsForEffects() {
        #expect(ObjectIdentifier(type(of: TestClock())) == ObjectIdentifier(SwitchyardTesting.TestClock.self))
    }

    enum Relay: Equatable, Sendable {
        case go
        case started(Int)
        case ended(Int)
    }

    /// Two effects that one action starts, each dispatching, hopping ten times through the executor, and
    /// dispatching again: they begin in the order they started and take turns, so the test can state the order of
    /// what they dispatch, at every run.
    @Test(arguments: 0..<200)
    func effectsThatOneActionStartsDispatchInAPredictableOrder(run: Int) async {
        let store = TestStore(
            initialState: 0,
            reducer: Reducer<Relay, Int> { action, count in if case .ended = action { count += 1 } },
            middleware: AnyMiddleware<Relay, Relay, Int> { action, _, _ in
                guard action == .go else { return .pure() }
                return [0, 1].map { index in
                    IO<Relay>.run { output in
                        output.dispatch(.started(index))
                        for _ in 0..<10 { await Task.yield() }
                        output.dispatch(.ended(index))
                    }
                }.reduce(.pure(), <>)
            }
        )
        await store.send(.go)
        await store.receive(.started(0))
        await store.receive(.started(1))
        await store.receive(.ended(0)) { $0 = 1 }
        await store.receive(.ended(1)) { $0 = 2 }
        await store.finish()
    }

    @Test func receivingWhenNoEffectRunsFailsAtOnceRatherThanAfterTheTimeout() async {
        let started = ContinuousClock.now
        let issues = await capturingIssues {
            let store = Counter.testStore(timeout: .seconds(10))
            await store.send(.increment) { $0.count = 1 }
            await store.receive(.tick)
        }
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(issues == ["Expected to receive tick, but no effect is running that could dispatch it."])
    }
}
