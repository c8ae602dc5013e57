import Foundation
import Switchyard
import Testing

@testable import SwitchyardInspector

// The tests that the inspector exports from a history.
extension TestExportTests {
    // MARK: - The exported test

    @Test func aSkippedFollowUpIsReceivedAsIfNotSkippedBecauseTheMiddlewareDispatchesItAgain() async {
        let store = makePinnedStore()
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(DispatchedAction(.search("swift"), dispatcher: searchView))
        store.dispatch(DispatchedAction(.favorite("swift 1"), dispatcher: searchView))
        #expect(await inspector.setSkipped(2, true))
        #expect(inspector.state(after: 3)?.results == [])
        #expect(
            inspector.exportTest(imports: ["App"]) == """
                import Testing
                import SwitchyardTesting
                import App
                @testable import SwitchyardInspectorTests

                /// Replays the 3 actions that the inspector recorded, #1 to #3.
                @Test func replaysInspectorSession() async {
                    let store = TestStore(
                        initialState: AppState(query: "", results: [], favorites: []),
                        reducer: appReducer,
                        middleware: appMiddleware
                    )
                    // #1, from App/SearchView.swift:7
                    await store.send(AppAction.search("swift")) {
                        $0.query = "swift"
                    }
                    // #2, from App/SearchMiddleware.swift:12
                    // Skipped in the inspector, but replayed: the middleware dispatches it again in this test.
                    // A test without middleware leaves skipped actions out, as the inspector's replay does.
                    await store.receive(AppAction.results(["swift 1"])) {
                        $0.results = ["swift 1"]
                    }
                    // #3, from App/SearchView.swift:7
                    await store.send(AppAction.favorite("swift 1")) {
                        $0.favorites = ["swift 1"]
                    }
                    // The recording ends here: what effects still running dispatch afterwards is not part of it.
                    store.exhaustivity = .off
                }

                """)
        // Without middleware, the test is the inspector's replay: the skipped action is left out.
        #expect(
            inspector.exportTest(middleware: nil, imports: ["App"]) == """
                import Testing
                import SwitchyardTesting
                import App
                @testable import SwitchyardInspectorTests

                /// Replays the 3 actions that the inspector recorded, #1 to #3.
                @Test func replaysInspectorSession() async {
                    let store = TestStore(
                        initialState: AppState(query: "", results: [], favorites: []),
                        reducer: appReducer
                    )
                    // #1, from App/SearchView.swift:7
                    await store.send(AppAction.search("swift")) {
                        $0.query = "swift"
                    }
                    // #2, skipped in the inspector, is left out: AppAction.results(["swift 1"])
                    // #3, from App/SearchView.swift:7
                    await store.send(AppAction.favorite("swift 1")) {
                        $0.favorites = ["swift 1"]
                    }
                }

                """)
    }

    @Test func aSkippedActionOfTheAppIsSentAsIfNotSkippedSinceItsFollowUpsAreReplayed() async {
        let store = makePinnedStore()
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(DispatchedAction(.search("swift"), dispatcher: searchView))
        #expect(await inspector.setSkipped(1, true))
        let source = inspector.exportTest()
        #expect(source.contains("// Skipped in the inspector, but sent: what the middleware dispatched for it is"))
        #expect(source.contains(#"await store.send(AppAction.search("swift")) {"#))
        #expect(source.contains(#"await store.receive(AppAction.results(["swift 1"])) {"#))
    }

    @Test func aHistoryThatLetItsOldestActionsGoStartsFromItsBaseAndSendsAFollowUpWhoseCauseWentWithThem() {
        let store = makePinnedStore()
        let inspector = StoreInspector(inspecting: store, capacity: 3)
        store.dispatch(DispatchedAction(.search("a"), dispatcher: searchView))
        store.dispatch(DispatchedAction(.search("b"), dispatcher: searchView))
        #expect(inspector.dropped == 1)
        let source = inspector.exportTest()
        #expect(
            source.contains(
                "/// Replays the 3 actions that the inspector recorded, #2 to #4, from the state after the older"))
        #expect(source.contains(#"initialState: AppState(query: "a", results: [], favorites: []),"#))
        #expect(
            source.contains(
                """
                    // #2, from App/SearchMiddleware.swift:12
                    // Dispatched by a middleware for an action that the history does not hold: sent, as no
                    // middleware of this test dispatches it.
                    await store.send(AppAction.results(["a 1"])) {
                """))
        #expect(source.contains(#"await store.receive(AppAction.results(["b 1"])) {"#))
    }

    @Test func aJumpLeavesTheExportAsItWas() async {
        let store = makePinnedStore()
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(DispatchedAction(.search("swift"), dispatcher: searchView))
        let exported = inspector.exportTest()
        #expect(await inspector.jump(to: 1))
        #expect(inspector.exportTest() == exported)
        await inspector.returnToPresent()
        #expect(inspector.exportTest() == exported)
        // One action held meanwhile is processed as if dispatched then, its follow-up after it.
        #expect(await inspector.jump(to: 1))
        store.dispatch(DispatchedAction(.favorite("held"), dispatcher: searchView))
        await inspector.returnToPresent()
        #expect(inspector.exportTest().contains(#"await store.send(AppAction.favorite("held")) {"#))
        #expect(!inspector.exportTest().contains("afterTravel"))
    }

    @Test func actionsHeldDuringATravelAreReplayedByTheReducerAloneFromTheStateBeforeThem() async {
        let store = makePinnedStore()
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(DispatchedAction(.search("swift"), dispatcher: searchView))
        #expect(await inspector.jump(to: 1))
        store.dispatch(DispatchedAction(.search("held"), dispatcher: searchView))
        store.dispatch(DispatchedAction(.favorite("held"), dispatcher: searchView))
        await inspector.returnToPresent()
        // The search's result came after the favorite: the store processed both held actions first.
        #expect(
            inspector.actions.map(\.action) == [
                .search("swift"), .results(["swift 1"]), .search("held"), .favorite("held"), .results(["held 1"]),
            ])
        #expect(
            inspector.exportTest() == """
                import Testing
                import SwitchyardTesting
                @testable import SwitchyardInspectorTests

                /// Replays the 5 actions that the inspector recorded, #1 to #5.
                @Test func replaysInspectorSession() async {
                    let store = TestStore(
                        initialState: AppState(query: "", results: [], favorites: []),
                        reducer: appReducer,
                        middleware: appMiddleware
                    )
                    // #1, from App/SearchView.swift:7
                    await store.send(AppAction.search("swift")) {
                        $0.query = "swift"
                    }
                    // #2, from App/SearchMiddleware.swift:12
                    await store.receive(AppAction.results(["swift 1"])) {
                        $0.results = ["swift 1"]
                    }
                    // From #3 on, the actions held while the inspector showed the past were processed together on
                    // the return to the present, each before what the others caused; a test store processes what an
                    // action causes before the next one. So the reducer alone replays the rest, from the state
                    // before #3, with the states that the inspector shows.
                    store.exhaustivity = .off
                    let afterTravel = TestStore(
                        initialState: AppState(query: "swift", results: ["swift 1"], favorites: []),
                        reducer: appReducer
                    )
                    // #3, from App/SearchView.swift:7
                    await afterTravel.send(AppAction.search("held")) {
                        $0.query = "held"
                    }
                    // #4, from App/SearchView.swift:7
                    await afterTravel.send(AppAction.favorite("held")) {
                        $0.favorites = ["held"]
                    }
                    // #5, from App/SearchMiddleware.swift:12
                    await afterTravel.send(AppAction.results(["held 1"])) {
                        $0.results = ["held 1"]
                    }
                }

                """)
    }

    @Test func theHeldMarkSurvivesASessionExportedAndImported() async throws {
        let store = makeStore()
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(.favorite("a"))
        #expect(await inspector.jump(to: 1))
        store.dispatch(.favorite("b"))
        store.dispatch(.favorite("c"))
        await inspector.returnToPresent()
        let exported = try inspector.exportSession()
        let other = StoreInspector(inspecting: makeStore())
        try other.importSession(exported)
        #expect(other.recorder.withState { $0.history.entries(after: nil).map(\.wasHeld) } == [false, true, true])
        #expect(other.exportTest().contains("let afterTravel = TestStore("))
    }

    @Test func anActionThatChangesNothingIsSentWithoutAssertionAndANonStructStateIsAssignedWhole() {
        let store = Store(
            initialState: 0,
            reducer: Reducer<String, Int> { action, count in
                if action == "add" { count += 1 }
            })
        let inspector = StoreInspector(inspecting: store)
        store.dispatch("add")
        store.dispatch("look")
        let source = inspector.exportTest(middleware: nil)
        #expect(source.contains("    await store.send(\"add\") {\n        $0 = 1\n    }\n"))
        #expect(source.contains("    await store.send(\"look\")\n"))
    }
}
