import Switchyard
import SwitchyardTesting

/// A small feature for the test store's tests: a counter with synchronous and asynchronous side effects.
enum Counter {
    enum Action: Equatable, Sendable {
        case increment
        /// The IO dispatches `.incremented` at once.
        case incrementAndAnnounce
        case incremented
        /// An effect dispatches `.tick` after one second on the clock.
        case tickLater
        case tick
        /// An effect that waits on the clock for ever, until cancelled.
        case waitForever
        case stopWaiting
        /// An effect that throws.
        case fail
        case renamed(String)
    }

    struct State: Equatable, Sendable {
        var count = 0
        var ticks = 0
        var name = ""
    }

    static var reducer: Reducer<Action, State> {
        Reducer { action, state in
            switch action {
            case .increment, .incrementAndAnnounce: state.count += 1
            case .tick: state.ticks += 1
            case .renamed(let name): state.name = name
            case .incremented, .tickLater, .waitForever, .stopWaiting, .fail: break
            }
        }
    }

    struct Failure: Error {}

    static func middleware(clock: some Clock<Duration>) -> AnyMiddleware<Action, Action, State> {
        AnyMiddleware { action, _, _ in
            switch action {
            case .incrementAndAnnounce:
                return IO { output in output.dispatch(.incremented) }
            case .tickLater:
                return .run { output in
                    try await clock.sleep(for: .seconds(1))
                    output.dispatch(.tick)
                }
            case .waitForever:
                return .run(id: "forever") { _ in try await clock.sleep(for: .seconds(1_000_000)) }
            case .stopWaiting:
                return .cancel(id: "forever")
            case .fail:
                return .run { _ in throw Failure() }
            default:
                return .pure()
            }
        }
    }

    static func testStore(
        clock: some Clock<Duration> = ImmediateClock(),
        exhaustivity: Exhaustivity = .on,
        // Generous: the whole suite runs in parallel on as few as two cores, where an effect may wait for a thread.
        timeout: Duration = .seconds(30)
    ) -> TestStore<Action, State> {
        TestStore(
            initialState: State(),
            reducer: reducer,
            middleware: middleware(clock: clock),
            exhaustivity: exhaustivity,
            timeout: timeout
        )
    }
}
