import SwitchyardSwiftRex
import Testing

/// The bridge's forms, in Swift 5 language mode, where enum case constructors used as operands are not `@Sendable`.
@Suite struct BridgeSwift5Tests {
    static let lifecycleToReachability: BridgeMiddleware =
        BridgeMiddleware()
        .bridge(\AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring))
        .bridge(
            \AppAction.lifecycle?.didEnterBackground >=> AppAction.reachability(.stopMonitoring),
            when: \AppState.settings.shouldUseReachability
        )

    private func actions(
        after action: AppAction,
        through bridge: BridgeMiddleware<AppAction, AppAction, AppState>,
        state: AppState = AppState()
    ) -> [AppAction] {
        let recorder = Recorder<AppAction>()
        let store = Store(initialState: state, reducer: swiftRexAppReducer, middleware: bridge)
        let subscription = store.runtimeMiddlewares.add(
            AnyMiddleware { action, _, _ in
                recorder.record(action)
                return .pure()
            })
        store.dispatch(action)
        _ = subscription
        return recorder.actions
    }

    @Test func bridgesTheLifecycleToReachability() {
        #expect(
            actions(after: .lifecycle(.didBecomeActive), through: Self.lifecycleToReachability)
                == [.lifecycle(.didBecomeActive), .reachability(.startMonitoring)]
        )
        #expect(
            actions(after: .lifecycle(.didEnterBackground), through: Self.lifecycleToReachability)
                == [.lifecycle(.didEnterBackground), .reachability(.stopMonitoring)]
        )
    }

    @Test func handsThePayloadOverThroughComposedCaseConstructors() {
        let forward = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(
                \AppAction.tree?.originalActionThatHasString
                    >=> PartAction.thisRequiredString >>> AnotherAction.part >>> AppAction.another
            )
        let backward = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(
                \AppAction.tree?.originalActionThatHasString
                    >=> AppAction.another <<< AnotherAction.part <<< PartAction.thisRequiredString,
                when: { $0().settings.shouldUseReachability }
            )
        let expected: [AppAction] = [
            .tree(.originalActionThatHasString("x")), .another(.part(.thisRequiredString("x"))),
        ]
        #expect(actions(after: .tree(.originalActionThatHasString("x")), through: forward) == expected)
        #expect(actions(after: .tree(.originalActionThatHasString("x")), through: backward) == expected)
    }

    @Test func handsThePayloadOverToACaseConstructorAndAClosure() {
        let bridge = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(
                \AppAction.tree?.originalActionThatHasString >=> { AppAction.another(.part(.thisRequiredString($0))) })
        #expect(
            actions(after: .tree(.originalActionThatHasString("y")), through: bridge)
                == [.tree(.originalActionThatHasString("y")), .another(.part(.thisRequiredString("y")))]
        )
    }
}
