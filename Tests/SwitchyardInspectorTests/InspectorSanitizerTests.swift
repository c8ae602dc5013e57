import Foundation
import Switchyard
import Testing

@testable import SwitchyardInspector

/// Sanitizers rewrite what leaves the inspector; replays keep the raw values.
@Suite struct InspectorSanitizerTests {
    static func makeSanitizedInspector() -> (Store<AppAction, AppState>, StoreInspector<AppAction, AppState>) {
        let store = makeStore()
        let inspector = StoreInspector(inspecting: store)
        inspector.actionSanitizer = { action in
            if case .favorite = action { return .favorite("•••") }
            return action
        }
        inspector.stateSanitizer = { state in
            var state = state
            state.favorites = state.favorites.map { _ in "•" }
            return state
        }
        return (store, inspector)
    }

    @Test func summariesDetailsTheStatusAndTheStateShowSanitizedValues() throws {
        let (store, inspector) = Self.makeSanitizedInspector()
        store.dispatch(.favorite("secret"))
        let summaries = inspector.summaries(after: nil)
        #expect(summaries.entries.map(\.action) == [#"favorite("•••")"#])
        #expect(summaries.status.sanitized)
        #expect(summaries.status.dispatchExample == #"{"favorite":{"_0":"•••"}}"#)
        let detail = try #require(inspector.detail(1))
        let payload = try JSONEncoder().encode(detail.payload)
        let state = try JSONEncoder().encode(detail.state)
        #expect(!String(decoding: payload, as: UTF8.self).contains("secret"))
        #expect(!String(decoding: state, as: UTF8.self).contains("secret"))
        #expect(String(decoding: state, as: UTF8.self).contains("•"))
        #expect(!detail.diff.contains("secret"))
        #expect(detail.diff.contains("•"))
        let current = try JSONEncoder().encode(try #require(inspector.stateDocument()))
        #expect(!String(decoding: current, as: UTF8.self).contains("secret"))
        // In process, the app reads what it dispatched.
        #expect(inspector.actions.map(\.action) == [.favorite("secret")])
        #expect(inspector.state(after: 1)?.favorites == ["secret"])
    }

    @Test func exportedSessionsAndTestsAreSanitized() throws {
        let (store, inspector) = Self.makeSanitizedInspector()
        store.dispatch(.favorite("secret"))
        store.dispatch(.search("swift"))
        let session = String(decoding: try inspector.exportSession(), as: UTF8.self)
        #expect(!session.contains("secret"))
        #expect(session.contains("•••"))
        let test = inspector.exportTest()
        #expect(!test.contains("secret"))
        #expect(test.contains(#"await store.send(AppAction.favorite("•••"))"#))
    }

    @Test func replaysRunTheRawActionsAndShowTheRawStates() async {
        let (store, inspector) = Self.makeSanitizedInspector()
        store.dispatch(.favorite("a"))
        store.dispatch(.favorite("b"))
        #expect(await inspector.setSkipped(1, true))
        #expect(store.state.favorites == ["b"])
        #expect(await inspector.jump(to: 2))
        #expect(store.state.favorites == ["b"])
        await inspector.returnToPresent()
        #expect(await inspector.setSkipped(1, false))
        #expect(store.state.favorites == ["a", "b"])
    }

    @Test func aBridgedActionsInfoNamesItsOriginSanitized() {
        let (_, inspector) = Self.makeSanitizedInspector()
        let entry = InspectorEntry<AppAction, AppState>(
            id: 1,
            action: .favorite("secret"),
            place: InspectorPlace(ActionSource(file: "F.swift", function: "f", line: 1, info: nil)),
            info: nil,
            thread: .main, isFollowUp: false, time: 0, handleNanoseconds: 0, reduceNanoseconds: 0, ioNanoseconds: 0,
            state: AppState()
        )
        let info = StoreInspector<AppAction, AppState>.sanitizedInfo(
            "typed\nBridged from favorite(\"secret\") at F.swift:1\nBridged from search(\"gone\") at G.swift:2",
            in: [entry], sanitizedBy: inspector.currentSanitizers)
        #expect(
            info
                == "typed\nBridged from favorite(\"•••\") at F.swift:1\n"
                + "Bridged from an action no longer in the history at G.swift:2")
    }
}

/// The test export imports the app's module and starts a new test store at each gap.
@Suite struct InspectorTestExportDevToolsTests {
    @Test func theExportedTestImportsTheAppsModuleUnlessToldOtherwiseOrAlreadyListed() {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(.favorite("a"))
        #expect(StoreInspector<AppAction, AppState>.appModules == ["SwitchyardInspectorTests"])
        #expect(
            inspector.exportTest().contains("import SwitchyardTesting\n@testable import SwitchyardInspectorTests\n"))
        #expect(!inspector.exportTest(importsAppModule: false).contains("import SwitchyardInspectorTests"))
        let listed = inspector.exportTest(imports: ["SwitchyardInspectorTests"])
        #expect(listed.contains("import SwitchyardTesting\nimport SwitchyardInspectorTests\n\n"))
        #expect(StoreInspector<Int, [String]>.appModules.isEmpty)
    }

    @Test func aGapStartsATestStoreOfTheReducerAloneFromTheStateTheStoreHadThen() {
        let store = makeStore()
        let inspector = inspectWithAGap(store)
        let test = inspector.exportTest()
        #expect(test.contains("    // Actions ran before #2 that the inspector did not record"))
        #expect(test.contains("    store.exhaustivity = .off\n    let afterGap = TestStore(\n"))
        #expect(test.contains(#"favorites: ["a", "b"]"#))
        #expect(test.contains(#"await afterGap.send(AppAction.favorite("c")) {"#))
        #expect(test.contains("        reducer: appReducer\n    )"))
    }
}
