import Switchyard
import Testing

@Suite struct OperatorsTests {
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

    @Test func forwardCompositionBindsTighterThanBridgeArrow() {
        let bridge =
            \AppAction.my?.tree?.originalActionThatHasString >=> PartAction.thisRequiredString >>> AnotherAction.part
            >>> AppAction.another
        #expect(bridge.derive("x") == .another(.part(.thisRequiredString("x"))))
        #expect(bridge.extract(.my(.tree(.originalActionThatHasString("y")))) == "y")
    }

    @Test func backwardCompositionBindsTighterThanBridgeArrow() {
        let bridge =
            \AppAction.my?.tree?.originalActionThatHasString >=> AppAction.another <<< AnotherAction.part
            <<< PartAction.thisRequiredString
        #expect(bridge.derive("x") == .another(.part(.thisRequiredString("x"))))
    }

    @Test func bridgeArrowBindsTighterThanApplication() {
        // Parses as `(keyPath >=> action) |> check`: the closure receives the bridge.
        let matches =
            \AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring) |> { bridge in
                bridge.extract(.lifecycle(.didBecomeActive)) != nil
            }
        #expect(matches)
    }

    @Test func bridgeArrowBindsLooserThanTernary() {
        for useCheap in [true, false] {
            // Parses as `keyPath >=> (useCheap ? … : …)`.
            let bridge =
                \AppAction.lifecycle?.didBecomeActive >=> useCheap
                ? AppAction.reachability(.becameCheap) : AppAction.reachability(.startMonitoring)
            #expect(bridge.derive(()) == (useCheap ? .reachability(.becameCheap) : .reachability(.startMonitoring)))
        }
    }

    @Test func keyPathArrowValueIgnoresOtherActions() {
        let bridge = \AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring)
        #expect(bridge.extract(.lifecycle(.didBecomeActive)) != nil)
        #expect(bridge.extract(.lifecycle(.didEnterBackground)) == nil)
        #expect(bridge.extract(.reachability(.startMonitoring)) == nil)
        #expect(bridge.derive(()) == .reachability(.startMonitoring))
    }

    @Test func storedKeyPathWorksWithArrow() {
        let keyPath: KeyPath<AppAction, Void?> & Sendable = \AppAction.lifecycle?.didEnterBackground
        let bridge = keyPath >=> AppAction.reachability(.stopMonitoring)
        #expect(bridge.extract(.lifecycle(.didEnterBackground)) != nil)
    }

    @Test func extractorFunctionWorksWithArrow() {
        let extract: @Sendable (AppAction) -> String? = { action in
            guard case .another(.part(.thisRequiredString(let string))) = action else { return nil }
            return string
        }
        let toValue = extract >=> AppAction.reachability(.becameCheap)
        let toClosure = extract >=> { AppAction.my(.tree(.originalActionThatHasString($0))) }
        #expect(toValue.extract(.another(.part(.thisRequiredString("a")))) == "a")
        #expect(toValue.derive("a") == .reachability(.becameCheap))
        #expect(toClosure.derive("a") == .my(.tree(.originalActionThatHasString("a"))))
    }

    @Test func bridgeInitializersMatchArrow() {
        let byValue = Bridge(on: \AppAction.lifecycle?.didBecomeActive, dispatch: AppAction.reachability(.becameCheap))
        let byClosure = Bridge(on: \AppAction.lifecycle, dispatch: { _ in AppAction.reachability(.becameCheap) })
        #expect(byValue.extract(.lifecycle(.didBecomeActive)) != nil)
        #expect(byClosure.extract(.lifecycle(.willEnterForeground)) == .willEnterForeground)
        #expect(byValue.derive(()) == byClosure.derive(.didBecomeActive))
    }
}
