import SwitchyardSwiftRex
import Testing

/// BridgeMiddleware 0.1.3's function operators, in Swift 6 language mode, and how they bind around the bridge arrow.
@Suite struct OperatorsTests {
    enum Part: Sendable, Equatable { case required(String) }
    enum Another: Sendable, Equatable { case part(Part) }
    enum Action: Sendable, Equatable {
        case original(String)
        case another(Another)
        case ping

        var original: String? {
            guard case .original(let string) = self else { return nil }
            return string
        }

        var ping: Void? { self == .ping ? () : nil }
    }

    typealias ActionBridge = Bridge<Action, Action, Int>

    @Test func pipeForwardAppliesFunctionsLeftToRight() {
        let result = 3 |> { $0 + 1 } |> { $0 * 10 } |> String.init
        #expect(result == "40")
    }

    @Test func forwardCompositionRunsFirstThenSecond() {
        let addOneThenTimesTen = { (value: Int) in value + 1 } >>> { $0 * 10 }
        #expect(addOneThenTimesTen(3) == 40)
    }

    @Test func backwardCompositionRunsRightThenLeft() {
        let timesTenAfterAddOne = { (value: Int) in value * 10 } <<< { (value: Int) in value + 1 }
        #expect(timesTenAfterAddOne(3) == 40)
    }

    @Test func compositionBindsTighterThanApplication() {
        // Parses as `3 |> (addOne >>> timesTen)`; `(3 |> addOne) >>> timesTen` would not type-check.
        let result = 3 |> { (value: Int) in value + 1 } >>> { $0 * 10 }
        #expect(result == 40)
    }

    @Test func forwardCompositionBindsTighterThanTheBridgeArrow() {
        let bridge: ActionBridge = \Action.original >=> Part.required >>> Another.part >>> Action.another
        #expect(bridge.derivedAction(for: .original("x"), state: 0) == .another(.part(.required("x"))))
        #expect(bridge.derivedAction(for: .ping, state: 0) == nil)
    }

    @Test func backwardCompositionBindsTighterThanTheBridgeArrow() {
        let bridge: ActionBridge = \Action.original >=> Action.another <<< Another.part <<< Part.required
        #expect(bridge.derivedAction(for: .original("x"), state: 0) == .another(.part(.required("x"))))
    }

    @Test func theBridgeArrowBindsTighterThanApplication() {
        // Parses as `(keyPath >=> action) |> check`: the closure receives the bridge.
        let matches =
            \Action.ping >=> Action.original("pong") |> { (bridge: ActionBridge) in
                bridge.derivedAction(for: .ping, state: 0) == .original("pong")
            }
        #expect(matches)
    }
}
