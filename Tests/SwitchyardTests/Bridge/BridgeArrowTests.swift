import Switchyard
import Testing

/// The bridge arrow `>=>` and the `Bridge` values it builds, tested without a store through
/// `Bridge.derivedAction(for:state:)`.
@Suite struct BridgeArrowTests {
    typealias AppBridge = Bridge<AppAction, AppAction, AppState>

    @Test func keyPathArrowToAValueDerivesItForMatchingActionsOnly() {
        let bridge: AppBridge = \AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring)
        #expect(
            bridge.derivedAction(for: .lifecycle(.didBecomeActive), state: AppState())
                == .reachability(.startMonitoring))
        #expect(bridge.derivedAction(for: .lifecycle(.didEnterBackground), state: AppState()) == nil)
        #expect(bridge.derivedAction(for: .reachability(.startMonitoring), state: AppState()) == nil)
    }

    @Test func keyPathArrowToAClosureHandsThePayloadOver() {
        let bridge: AppBridge =
            \AppAction.my?.tree?.originalActionThatHasString >=> { string in
                AppAction.another(.part(.thisRequiredString(string)))
            }
        #expect(
            bridge.derivedAction(for: .my(.tree(.originalActionThatHasString("x"))), state: AppState())
                == .another(.part(.thisRequiredString("x")))
        )
        #expect(bridge.derivedAction(for: .my(.tree(.other)), state: AppState()) == nil)
    }

    @Test func keyPathArrowToATwoArgumentClosureReadsTheState() {
        let bridge: AppBridge =
            \AppAction.lifecycle?.didBecomeActive >=> { _, state in
                AppAction.reachability(state.monitoring ? .stopMonitoring : .startMonitoring)
            }
        var monitoring = AppState()
        monitoring.monitoring = true
        #expect(
            bridge.derivedAction(for: .lifecycle(.didBecomeActive), state: AppState())
                == .reachability(.startMonitoring))
        #expect(
            bridge.derivedAction(for: .lifecycle(.didBecomeActive), state: monitoring) == .reachability(.stopMonitoring)
        )
    }

    @Test func storedKeyPathWorksWithTheArrow() {
        let keyPath: KeyPath<AppAction, Void?> & Sendable = \AppAction.lifecycle?.didEnterBackground
        let bridge: AppBridge = keyPath >=> AppAction.reachability(.stopMonitoring)
        #expect(
            bridge.derivedAction(for: .lifecycle(.didEnterBackground), state: AppState())
                == .reachability(.stopMonitoring))
    }

    @Test func arrowBindsLooserThanTheTernaryOperatorsOperands() {
        for useCheap in [true, false] {
            // Parses as `keyPath >=> (useCheap ? … : …)`.
            let bridge: AppBridge =
                \AppAction.lifecycle?.didBecomeActive >=> useCheap
                ? AppAction.reachability(.becameCheap) : AppAction.reachability(.startMonitoring)
            #expect(
                bridge.derivedAction(for: .lifecycle(.didBecomeActive), state: AppState())
                    == (useCheap ? .reachability(.becameCheap) : .reachability(.startMonitoring))
            )
        }
    }

    @Test func aCompositionOperatorOfTheAppsOwnBindsTighterThanTheArrow() {
        // The app declares its operator `higherThan: BridgeArrowPrecedence`, as the arrow's documentation says.
        let bridge: AppBridge =
            \AppAction.my?.tree?.originalActionThatHasString >=> PartAction.thisRequiredString ~> AnotherAction.part
            ~> AppAction.another
        #expect(
            bridge.derivedAction(for: .my(.tree(.originalActionThatHasString("y"))), state: AppState())
                == .another(.part(.thisRequiredString("y")))
        )
    }

    @Test func closureInitializersMatchTheArrow() {
        let extract: @Sendable (AppAction) -> String? = { $0.my?.tree?.originalActionThatHasString }
        let byPayload = AppBridge(on: extract, dispatch: { AppAction.another(.part(.thisRequiredString($0))) })
        let byState = AppBridge(
            on: extract,
            dispatch: { string, state in
                AppAction.another(.part(.thisRequiredString(state.monitoring ? string.uppercased() : string)))
            })
        let byKeyPathLiteral = AppBridge(on: \.lifecycle, dispatch: { _ in AppAction.reachability(.becameCheap) })
        let action = AppAction.my(.tree(.originalActionThatHasString("a")))
        var monitoring = AppState()
        monitoring.monitoring = true
        #expect(byPayload.derivedAction(for: action, state: AppState()) == .another(.part(.thisRequiredString("a"))))
        #expect(byState.derivedAction(for: action, state: monitoring) == .another(.part(.thisRequiredString("A"))))
        #expect(
            byKeyPathLiteral.derivedAction(for: .lifecycle(.willEnterForeground), state: AppState())
                == .reachability(.becameCheap))
        #expect(byKeyPathLiteral.derivedAction(for: action, state: AppState()) == nil)
    }
}

/// A forward composition operator as an app declares one for its bridges.
precedencegroup AppForwardComposition {
    associativity: left
    higherThan: BridgeArrowPrecedence
}

infix operator ~> : AppForwardComposition

private func ~> <A, B, C>(
    first: @escaping @Sendable (A) -> B,
    second: @escaping @Sendable (B) -> C
) -> @Sendable (A) -> C {
    { second(first($0)) }
}
