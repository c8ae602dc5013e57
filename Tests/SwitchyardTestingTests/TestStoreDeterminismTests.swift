import Clocks
import Foundation
import Switchyard
import SwitchyardTesting
import Testing

/// A search API that answers after a network delay on the test's clock, so that a request can be cancelled while
/// it is in flight.
struct DelayedSearchAPI<C: Clock<Duration>>: SearchFeature.SearchAPI {
    let clock: C

    func search(_ query: String) async throws -> [String] {
        try await clock.sleep(for: .milliseconds(100))
        return ["\(query) 1", "\(query) 2"]
    }
}

/// How many times the serial-effects scenario runs: set by CI, which runs it in a process of its own
/// (`SWITCHYARD_SERIAL_EFFECTS_RUNS=2000 swift test --filter TestStoreDeterminismTests`), because the main serial
/// executor it turns on would serialize every other test of the process meanwhile.
let serialEffectsRuns = ProcessInfo.processInfo.environment["SWITCHYARD_SERIAL_EFFECTS_RUNS"].flatMap(Int.init) ?? 0

@Suite struct TestStoreDeterminismTests {
    /// A debounced search whose request is cancelled in flight by the next search: without serial effects it
    /// failed about 10 times in 2,000 runs on a two-core machine; with them, never.
    @Test(.enabled(if: serialEffectsRuns > 0), arguments: 0..<max(serialEffectsRuns, 1))
    func aDebouncedSearchCancelledInFlightAlwaysEndsWithTheLatestResults(run: Int) async {
        await SerialEffectsSnippets().aSearchCancelledInFlightEndsWithTheLatestResults()
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
