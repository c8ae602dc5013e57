import Dispatch
import Switchyard
import Testing

@Suite struct BridgeMiddlewareTests {
    let source = ActionSource(
        file: "AppLifecycleMiddleware/AppLifecycleMiddleware.swift", function: "receiveContext(getState:output:)",
        line: 118, info: nil)

    func pipeline(
        _ bridges: BridgeMiddleware<AppAction, AppAction, AppState>,
        state: AppState = AppState()
    ) -> ManualPipeline<AppAction, AppState> {
        ManualPipeline(state: state, middleware: bridges, reducer: .app)
    }

    @Test func keyPathToValueDispatchesDerivedAction() {
        let bridges = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(\AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring))
        let result = pipeline(bridges).step(.lifecycle(.didBecomeActive), from: source)
        #expect(result.dispatched.map(\.action) == [.reachability(.startMonitoring)])
    }

    // Spelled as in the documented sample: a shared, static, immutable value.
    static let lifecycleToReachabilityActions: BridgeMiddleware<AppAction, AppAction, AppState> =
        BridgeMiddleware()
        .bridge(\AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring))
        .bridge(\AppAction.lifecycle?.didEnterBackground >=> AppAction.reachability(.stopMonitoring))

    @Test func staticBridgeMiddlewareAsDocumented() {
        let bridges = Self.lifecycleToReachabilityActions
        #expect(bridges.count == 2)
        let background = pipeline(bridges).step(.lifecycle(.didEnterBackground), from: source)
        #expect(background.dispatched.map(\.action) == [.reachability(.stopMonitoring)])
    }

    @Test func actionThatNoBridgeMatchesReturnsPureIO() {
        let bridges = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(\AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring))
        let result = pipeline(bridges).step(.lifecycle(.didEnterBackground), from: source)
        #expect(result.ioIsPure)
        #expect(result.dispatched.isEmpty)
    }

    @Test func emptyBridgeMiddlewareReturnsPureIO() {
        let result = pipeline(BridgeMiddleware()).step(.lifecycle(.didBecomeActive), from: source)
        #expect(result.ioIsPure)
    }

    @Test func keyPathToClosureHandsOverAssociatedValue() {
        let bridges = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(
                \AppAction.my?.tree?.originalActionThatHasString >=> { handedOverString in
                    AppAction.another(.part(.thisRequiredString(handedOverString)))
                })
        let result = pipeline(bridges).step(.my(.tree(.originalActionThatHasString("hello"))), from: source)
        #expect(result.dispatched.map(\.action) == [.another(.part(.thisRequiredString("hello")))])
        #expect(pipeline(bridges).step(.my(.tree(.other)), from: source).ioIsPure)
    }

    @Test func closurePredicateSeesStateAfterReducer() {
        let bridges = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(
                \AppAction.settings >=> AppAction.reachability(.startMonitoring),
                when: { $0().settings.reachabilityOptions == .always })
        // The predicate is false before the reducer and true after it: the bridge must dispatch.
        let result = pipeline(bridges).step(.settings(.setReachabilityOptions(.always)), from: source)
        #expect(result.dispatched.map(\.action) == [.reachability(.startMonitoring)])
    }

    @Test func closurePredicateFalseAfterReducerDispatchesNothing() {
        var state = AppState()
        state.settings.reachabilityOptions = .always
        let bridges = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(
                \AppAction.settings >=> AppAction.reachability(.startMonitoring),
                when: { $0().settings.reachabilityOptions == .always })
        // True before the reducer, false after it: nothing is dispatched.
        let result = pipeline(bridges, state: state).step(.settings(.setReachabilityOptions(.never)), from: source)
        #expect(result.dispatched.isEmpty)
    }

    @Test func keyPathPredicateSeesStateAfterReducer() {
        let bridges = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(
                \AppAction.settings >=> AppAction.reachability(.startMonitoring),
                when: \.settings.shouldUseReachability)
        let enabling = pipeline(bridges).step(.settings(.setShouldUseReachability(true)), from: source)
        #expect(enabling.dispatched.map(\.action) == [.reachability(.startMonitoring)])

        var state = AppState()
        state.settings.shouldUseReachability = true
        let disabling = pipeline(bridges, state: state).step(.settings(.setShouldUseReachability(false)), from: source)
        #expect(disabling.dispatched.isEmpty)
    }

    @Test func documentedExampleWithKeyPathPredicate() {
        let bridges = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(
                \AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring),
                when: \.settings.shouldUseReachability
            )
            .bridge(
                \AppAction.lifecycle?.didEnterBackground >=> AppAction.reachability(.stopMonitoring),
                when: \.settings.shouldUseReachability)
        #expect(pipeline(bridges).step(.lifecycle(.didBecomeActive), from: source).dispatched.isEmpty)
        var state = AppState()
        state.settings.shouldUseReachability = true
        let active = pipeline(bridges, state: state).step(.lifecycle(.didBecomeActive), from: source)
        #expect(active.dispatched.map(\.action) == [.reachability(.startMonitoring)])
        let background = pipeline(bridges, state: state).step(.lifecycle(.didEnterBackground), from: source)
        #expect(background.dispatched.map(\.action) == [.reachability(.stopMonitoring)])
    }

    @Test func bridgeFromAClosureWithoutArrow() {
        let bridges = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(
                Bridge(
                    on: { $0.my?.tree?.originalActionThatHasString },
                    dispatch: { AppAction.another(.part(.thisRequiredString($0))) }))
        let result = pipeline(bridges).step(.my(.tree(.originalActionThatHasString("x"))), from: source)
        #expect(result.dispatched.map(\.action) == [.another(.part(.thisRequiredString("x")))])
    }

    /// A key path kept in a variable works wherever a key path literal does, with each predicate form.
    @Test func bridgeOnStoredKeyPathsWithEachPredicateForm() {
        let original: KeyPath<AppAction, String?> & Sendable = \AppAction.my?.tree?.originalActionThatHasString
        let shouldUse: KeyPath<AppState, Bool> & Sendable = \.settings.shouldUseReachability
        @Sendable func derived(_ suffix: String) -> @Sendable (String) -> AppAction {
            { AppAction.another(.part(.thisRequiredString($0 + suffix))) }
        }
        let bridges = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(original >=> derived("1"))
            .bridge(original >=> derived("2"), when: { !$0().settings.shouldUseReachability })
            .bridge(original >=> derived("3"), when: shouldUse)
            .bridge(original >=> { string, _ in derived("4")(string) })
            .bridge(original >=> { string, _ in derived("5")(string) }, when: { _ in false })
            .bridge(original >=> { string, _ in derived("6")(string) }, when: shouldUse)
        #expect(bridges.count == 6)
        for useReachability in [false, true] {
            var state = AppState()
            state.settings.shouldUseReachability = useReachability
            let result = pipeline(bridges, state: state).step(
                .my(.tree(.originalActionThatHasString("s"))), from: source)
            let suffixes = useReachability ? ["1", "3", "4", "6"] : ["1", "2", "4"]
            #expect(result.dispatched.map(\.action) == suffixes.map { .another(.part(.thisRequiredString("s" + $0))) })
            #expect(pipeline(bridges, state: state).step(.my(.tree(.other)), from: source).ioIsPure)
        }
    }

    @Test func bridgeFromAnExtractorFunctionWithPredicates() {
        let extract: @Sendable (AppAction) -> Void? = { $0 == .lifecycle(.didBecomeActive) ? () : nil }
        let bridges = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(
                Bridge(on: extract, dispatch: { AppAction.reachability(.startMonitoring) }),
                when: \.settings.shouldUseReachability
            )
            .bridge(Bridge(on: extract, dispatch: { AppAction.reachability(.becameCheap) }), when: { _ in true })
        let result = pipeline(bridges).step(.lifecycle(.didBecomeActive), from: source)
        #expect(result.dispatched.map(\.action) == [.reachability(.becameCheap)])
    }

    @Test func stateBridgeBuildsActionFromPayloadAndStateAfterReducer() {
        let bridges = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(
                \AppAction.settings >=> { _, state in
                    AppAction.another(.part(.thisRequiredString("\(state.settings.reachabilityOptions)")))
                })
        let result = pipeline(bridges).step(.settings(.setReachabilityOptions(.wifiOnly)), from: source)
        #expect(result.dispatched.map(\.action) == [.another(.part(.thisRequiredString("wifiOnly")))])
    }

    @Test func stateBridgeFromAClosureHonoursBothPredicates() {
        let extract: @Sendable (AppAction) -> String? = { $0.my?.tree?.originalActionThatHasString }
        let bridges = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(
                Bridge(
                    on: extract, dispatch: { string, _ in AppAction.another(.part(.thisRequiredString(string + "1"))) }),
                when: \.settings.shouldUseReachability
            )
            .bridge(
                Bridge(
                    on: extract, dispatch: { string, _ in AppAction.another(.part(.thisRequiredString(string + "2"))) }),
                when: { !$0().settings.shouldUseReachability })
        let result = pipeline(bridges).step(.my(.tree(.originalActionThatHasString("s"))), from: source)
        #expect(result.dispatched.map(\.action) == [.another(.part(.thisRequiredString("s2")))])
    }

    @Test func derivedActionKeepsOriginalSourceAndAppendsProvenance() {
        let bridges = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(\AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring))
        let line = #line - 1
        let dispatched = pipeline(bridges).step(.lifecycle(.didBecomeActive), from: source).dispatched
        let bridged = dispatched[0].dispatcher
        #expect(bridged.file == source.file && bridged.function == source.function && bridged.line == source.line)
        #expect(
            bridged.info
                == "Bridged from lifecycle(AppLifecycleMiddleware.AppLifecycleAction.didBecomeActive) at "
                + "BridgeMiddlewareTests.swift, derivedActionKeepsOriginalSourceAndAppendsProvenance():\(line)")
    }

    @Test func provenanceReproducesTheDocumentedLine() {
        let bridges = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(
                \AppAction.lifecycle?.didEnterBackground >=> AppAction.reachability(.stopMonitoring),
                file: "App/BridgeLifecycleToReachability.swift", function: "BridgeMiddleware", line: 8)
        let dispatched = pipeline(bridges).step(.lifecycle(.didEnterBackground), from: source).dispatched
        #expect(
            dispatched[0].dispatcher.info
                == "Bridged from lifecycle(AppLifecycleMiddleware.AppLifecycleAction.didEnterBackground) at "
                + "BridgeLifecycleToReachability.swift, BridgeMiddleware:8")
    }

    @Test func provenanceIsAppendedToExistingInfo() {
        let bridges = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(
                \AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring),
                file: "Bridges.swift", function: "f()", line: 1)
        let original = ActionSource(file: "A/B.swift", function: "g()", line: 2, info: "from the OS")
        let dispatched = pipeline(bridges).step(.lifecycle(.didBecomeActive), from: original).dispatched
        #expect(
            dispatched[0].dispatcher
                == ActionSource(
                    file: "A/B.swift", function: "g()", line: 2,
                    info: "from the OS\nBridged from lifecycle(AppLifecycleMiddleware.AppLifecycleAction"
                        + ".didBecomeActive) at Bridges.swift, f():1"))
    }

    @Test func severalBridgesFireInTheOrderAdded() {
        let bridges = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(\AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring))
            .bridge(\AppAction.lifecycle?.didEnterBackground >=> AppAction.reachability(.stopMonitoring))
            .bridge(\AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.becameCheap))
            .bridge(
                \AppAction.lifecycle >=> {
                    AppAction.reachability($0 == .didBecomeActive ? .connectedToWired : .becameUnconstrained)
                })
        let result = pipeline(bridges).step(.lifecycle(.didBecomeActive), from: source)
        #expect(
            result.dispatched.map(\.action) == [
                .reachability(.startMonitoring), .reachability(.becameCheap), .reachability(.connectedToWired),
            ])
    }

    @Test func bridgeReturnsNewValueAndLeavesOriginalUnchanged() {
        let empty = BridgeMiddleware<AppAction, AppAction, AppState>()
        let one = empty.bridge(\AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring))
        let two = one.bridge(\AppAction.lifecycle?.didEnterBackground >=> AppAction.reachability(.stopMonitoring))
        #expect(empty.count == 0 && one.count == 1 && two.count == 2)
        #expect(pipeline(one).step(.lifecycle(.didEnterBackground), from: source).dispatched.isEmpty)
    }

    @Test func derivedActionsAreProcessedAfterOriginalCompletes() {
        let bridges = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(\AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring))
        let pipeline = pipeline(bridges)
        pipeline.dispatch(.lifecycle(.didBecomeActive), from: source)
        #expect(pipeline.processed.actions == [.lifecycle(.didBecomeActive), .reachability(.startMonitoring)])
        #expect(pipeline.state.monitoring)
    }

    @Test func oneBridgeMiddlewareSharedByManyThreads() {
        let bridges = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(\AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring))
            .bridge(
                \AppAction.my?.tree?.originalActionThatHasString >=> {
                    AppAction.another(.part(.thisRequiredString($0)))
                },
                when: \.settings.shouldUseReachability)
        let source = self.source
        let failures = Recorder<Int>()
        DispatchQueue.concurrentPerform(iterations: 1_000) { index in
            var state = AppState()
            state.settings.shouldUseReachability = index.isMultiple(of: 2)
            let frozen = state
            let action: AppAction =
                index.isMultiple(of: 3)
                ? .lifecycle(.didBecomeActive) : .my(.tree(.originalActionThatHasString("\(index)")))
            let expected: [AppAction] =
                switch action {
                case .lifecycle: [.reachability(.startMonitoring)]
                default: index.isMultiple(of: 2) ? [.another(.part(.thisRequiredString("\(index)")))] : []
                }
            let recorder = Recorder<AppAction>()
            bridges.handle(action: action, from: source, state: { frozen }).run(
                AnyActionHandler { recorder.append($0) })
            let sourcesKept = recorder.values.allSatisfy { $0.dispatcher.line == 118 && $0.dispatcher.info != nil }
            if recorder.actions != expected || !sourcesKept {
                failures.append(DispatchedAction(index, dispatcher: source))
            }
        }
        #expect(failures.actions.isEmpty)
    }
}
