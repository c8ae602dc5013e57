import Switchyard
import SwitchyardTesting
import Testing

/// Records what a test's effects did, from whatever thread they run on.
private final class Trace: Sendable {
    private let events = LockedValue<[String]>([])
    func append(_ event: String) { events.withLock { $0.append(event) } }
    var all: [String] { events.withLock { $0 } }
}

/// Hops `count` times through the executor, as an effect that awaits several things in a row does.
private func hop(_ count: Int) async {
    for _ in 0..<count { await Task.yield() }
}

private enum Step: Equatable, Sendable {
    case start(String)
    case stop(String)
    case done(String)
}

@Suite struct TestClockTests {
    /// A test store whose middleware runs `effect` for `.start(name)`, cancelling the one running under that name, and
    /// counts the `.done` actions.
    private static func store(
        _ effect: @escaping @Sendable (String, AnyActionHandler<Step>) async throws -> Void
    ) -> TestStore<Step, Int> {
        TestStore(
            initialState: 0,
            reducer: Reducer { action, count in if case .done = action { count += 1 } },
            middleware: AnyMiddleware<Step, Step, Int> { action, _, _ in
                switch action {
                case .start(let name): .run(id: name, cancelInFlight: true) { output in try await effect(name, output) }
                case .stop(let name): .cancel(id: name)
                case .done: .pure()
                }
            }
        )
    }

    @Test func sendReturnsOnceTheEffectsItStartedAreSuspended() async {
        let trace = Trace()
        let clock = TestClock()
        let store = Self.store { name, _ in
            await hop(500)
            trace.append("\(name) reached its sleep")
            try await clock.sleep(for: .seconds(1))
        }
        await store.send(.start("a"))
        // Five hundred hops are far more than the few turns of the thread pool swift-clocks' clock gives.
        #expect(trace.all == ["a reached its sleep"])
        await store.send(.start("a"))  // cancels the first, which ends
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    @Test func advanceWakesTheSleepsThatAWokenEffectStartsWithinTheAdvancedTime() async {
        let clock = TestClock()
        let store = Self.store { name, output in
            for round in 1...3 {
                try await clock.sleep(for: .milliseconds(100))
                await hop(5_000)
                output.dispatch(.done("\(name) \(round)"))
            }
        }
        await store.send(.start("poll"))
        await clock.advance(by: .milliseconds(300))
        await store.receive(.done("poll 1")) { $0 = 1 }
        await store.receive(.done("poll 2")) { $0 = 2 }
        await store.receive(.done("poll 3")) { $0 = 3 }
        await store.finish()
    }

    @Test func sleepersWakeInDeadlineOrderAndThoseWithTheSameDeadlineInTheOrderTheySlept() async {
        let trace = Trace()
        let clock = TestClock()
        let store = Self.store { name, output in
            let delay: Duration = name == "late" ? .milliseconds(200) : .milliseconds(100)
            try await clock.sleep(for: delay)
            trace.append(name)
            output.dispatch(.done(name))
        }
        await store.send(.start("late"))
        await store.send(.start("first"))
        await store.send(.start("second"))
        await clock.advance(by: .milliseconds(150))
        #expect(trace.all == ["first", "second"])
        #expect(clock.now == TestClock.Instant(offset: .milliseconds(150)))
        await clock.advance(by: .milliseconds(50))
        #expect(trace.all == ["first", "second", "late"])
        store.exhaustivity = .off
        await store.finish()
    }

    @Test func aSleepOverIsCancelledWithItsTaskAndTheClockForgetsIt() async throws {
        let clock = TestClock()
        let store = Self.store { _, output in
            try await clock.sleep(for: .seconds(5))
            output.dispatch(.done("never"))
        }
        await store.send(.start("a"))
        await #expect(throws: SuspensionError.self) { try await clock.checkSuspension() }
        await store.send(.start("a"))  // cancels the first sleep; the second sleeps
        await store.send(.start("b"))
        store.exhaustivity = .off
        await clock.advance(by: .seconds(5))
        try await clock.checkSuspension()
        await store.receive(.done("never"))
        await store.receive(.done("never"))
        await store.finish()
        #expect(store.state == 2)
    }

    @Test func aDeadlineAlreadyPassedReturnsAtOnceAndOneAtNowWaitsForTheNextAdvance() async throws {
        let clock = TestClock()
        await clock.advance(by: .seconds(1))
        try await clock.sleep(until: TestClock.Instant(offset: .milliseconds(500)))
        let store = Self.store { name, output in
            try await clock.sleep(until: clock.now)
            output.dispatch(.done(name))
        }
        await store.send(.start("now"))
        await #expect(throws: SuspensionError.self) { try await clock.checkSuspension() }
        await clock.advance()
        await store.receive(.done("now")) { $0 = 1 }
        await store.finish()
    }

    @Test func runAdvancesUntilNothingSleepsAndReportsSleepersThatNeverStop() async {
        let clock = TestClock()
        let store = Self.store { name, output in
            try await clock.sleep(for: .seconds(30))
            output.dispatch(.done(name))
        }
        await store.send(.start("a"))
        await clock.run()
        await store.receive(.done("a")) { $0 = 1 }
        #expect(clock.now == TestClock.Instant(offset: .seconds(30)))
        await store.finish()

        let forever = Self.store { _, _ in
            while true { try await clock.sleep(for: .seconds(1)) }
        }
        await forever.send(.start("forever"))
        let issues = await capturingIssues { await clock.run(timeout: .milliseconds(50)) }
        #expect(issues.count == 1)
        #expect(issues.first?.hasPrefix("Expected every sleep on the test clock to end") == true)
        await forever.send(.stop("forever"))
        await forever.finish()
    }
}
