import Switchyard
import SwitchyardTesting
import Synchronization
import Testing

@Suite struct MiddlewareTesterTests {
    enum Action: Equatable, Sendable {
        case check
        case saw(before: Int, after: Int)
        case count(to: Int)
        case counted(Int)
        case hang
        case fail
    }

    struct Failure: Error {}

    /// `check` reports the state seen in `handle` and in the IO; `count(to:)` dispatches from an effect.
    static var middleware: AnyMiddleware<Action, Action, Int> {
        AnyMiddleware { action, _, state in
            switch action {
            case .check:
                let before = state()
                return IO { output in output.dispatch(.saw(before: before, after: state()), info: "checked") }
            case .count(let last):
                return .run { output in
                    for value in 1...last {
                        await Task.yield()
                        output.dispatch(.counted(value))
                    }
                }
            case .hang:
                return .run { _ in try await TestClock().sleep(for: .seconds(1)) }
            case .fail:
                return .run { _ in throw Failure() }
            default:
                return .pure()
            }
        }
    }

    @Test func theIOSeesTheStateAfterAndHandleTheStateBefore() async {
        let dispatched = await MiddlewareTester(Self.middleware).run(.check, stateBefore: 1, stateAfter: 2)
        #expect(dispatched.map(\.action) == [.saw(before: 1, after: 2)])
    }

    @Test func dispatchedActionsComeWithTheirSources() async throws {
        let dispatched = await MiddlewareTester(Self.middleware).run(.check, state: 0)
        let source = try #require(dispatched.first?.dispatcher)
        #expect(source.file == "SwitchyardTestingTests/MiddlewareTesterTests.swift")
        #expect(source.info == "checked")
    }

    @Test func theHandledActionComesFromTheCallerByDefault() async {
        let seen = AnyMiddleware<Action, ActionSource, Int> { _, source, _ in IO { $0.dispatch(source) } }
        let line = UInt(#line + 1)
        let dispatched = await MiddlewareTester(seen).run(.check, state: 0)
        #expect(dispatched.map(\.action.file) == ["SwitchyardTestingTests/MiddlewareTesterTests.swift"])
        #expect(dispatched.map(\.action.line) == [line])
    }

    @Test func asynchronousEffectsAreAwaited() async {
        let dispatched = await MiddlewareTester(Self.middleware).run(.count(to: 3), state: 0)
        #expect(dispatched.map(\.action) == [.counted(1), .counted(2), .counted(3)])
    }

    @Test func anActionWithoutIOReturnsNothing() async {
        let dispatched = await MiddlewareTester(Self.middleware).run(.counted(1), state: 0)
        #expect(dispatched.isEmpty)
    }

    @Test func anEffectStillRunningAfterTheTimeoutIsReported() async {
        let issues = await capturingIssues {
            _ = await MiddlewareTester(Self.middleware, timeout: .milliseconds(50)).run(.hang, state: 0)
        }
        #expect(issues.count == 1)
        #expect(
            issues.first?.contains(
                "Expected every effect to finish within 0.05 seconds, but 1 still running (now cancelled)") == true)
    }

    @Test func anEffectFailureIsReported() async {
        let issues = await capturingIssues {
            _ = await MiddlewareTester(Self.middleware).run(.fail, state: 0)
        }
        #expect(issues.count == 1)
        #expect(issues.first?.contains("effect created at") == true)
        #expect(issues.first?.contains("failed: Failure()") == true)
    }
}

@Suite struct MiddlewareTesterSerialEffectsTests {
    /// Four effects, each running fifty stretches of work between two suspensions: run one job at a time, no two
    /// stretches ever overlap. On the thread pool, with two cores or more, they would.
    private final class Overlap: Sendable {
        let active = Atomic<Int>(0)
        let mostAtOnce = Atomic<Int>(0)
    }

    @Test func effectsRunOneJobAtATime() async {
        let overlap = Overlap()
        let middleware = AnyMiddleware<Int, String, Int> { count, _, _ in
            (0..<count).map { index in
                IO<String>.run { output in
                    for _ in 0..<50 {
                        let now = overlap.active.add(1, ordering: .sequentiallyConsistent).newValue
                        overlap.mostAtOnce.max(now, ordering: .sequentiallyConsistent)
                        let until = ContinuousClock.now.advanced(by: .microseconds(20))
                        while ContinuousClock.now < until {}
                        overlap.active.subtract(1, ordering: .sequentiallyConsistent)
                        await Task.yield()
                    }
                    output.dispatch("effect \(index) done")
                }
            }.reduce(.pure(), <>)
        }
        let dispatched = await MiddlewareTester(middleware).run(4, state: 0)
        #expect(dispatched.count == 4)
        #expect(overlap.mostAtOnce.load(ordering: .sequentiallyConsistent) == 1)
    }
}

@Suite struct MiddlewareTesterOrderTests {
    /// Three effects that each hop ten times through their executor between two dispatches. Run one job at a time,
    /// from the order they started, each takes its turn: all three start before any ends, and they end in the
    /// order they started, at every run. On the thread pool they would interleave at random.
    @Test(arguments: 0..<200)
    func effectsBeginInTheOrderTheyStartAndTakeTurns(run: Int) async {
        let middleware = AnyMiddleware<Int, String, Int> { count, _, _ in
            (0..<count).map { index in
                IO<String>.run { output in
                    output.dispatch("start \(index)")
                    for _ in 0..<10 { await Task.yield() }
                    output.dispatch("end \(index)")
                }
            }.reduce(.pure(), <>)
        }
        let dispatched = await MiddlewareTester(middleware).run(3, state: 0).map(\.action)
        let started = dispatched.prefix(3).map { $0.replacingOccurrences(of: "start ", with: "") }
        let ended = dispatched.dropFirst(3).map { $0.replacingOccurrences(of: "end ", with: "") }
        #expect(dispatched.prefix(3).allSatisfy { $0.hasPrefix("start") }, "\(dispatched)")
        #expect(ended == started, "\(dispatched)")
    }
}
