import Foundation
import Switchyard
import Testing

@testable import SwitchyardInspector

@Suite struct InspectorSessionTests {
    @Test func anExportedSessionImportsBackWithItsActionsSourcesAndStates() throws {
        let store = makeStore()
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(.search("swift"))
        let exported = try inspector.exportSession()
        let other = StoreInspector(inspecting: Store(initialState: AppState(), reducer: appReducer))
        try other.importSession(exported)
        #expect(other.isShowingImportedSession)
        #expect(other.actions == inspector.actions)
        #expect(other.state(after: 2) == store.state)
        #expect(try other.exportSession() == exported)
    }

    /// An imported session names each entry's thread as text: the main thread's and a numbered thread's come back as
    /// those threads, any other text is kept as it is, and the same text twice is the same thread.
    @Test func aThreadThatASessionDescribesKeepsItsText() {
        #expect(InspectorThread.described("main") == .main)
        #expect(InspectorThread.described("thread 0x1f") == .number(0x1f))
        #expect(InspectorThread.described("thread 0x01f").description == "thread 0x01f")
        let recorded = InspectorThread.described("recorded")
        #expect(recorded.description == "recorded")
        #expect(InspectorThread.described("recorded") == recorded)
        #expect(InspectorThread.described("worker A") != recorded)
        #expect(InspectorThread.described("worker A").description == "worker A")
    }

    @Test func aSessionOfAnotherAppIsRefusedWithAClearErrorAndChangesNothing() throws {
        let inspector = StoreInspector(inspecting: makeStore())
        let json =
            #"{"format":"switchyard-inspector-session","version":1,"stateType":"Other.State","actionType":"Other.Action","dropped":0,"base":{},"entries":[]}"#
        let error = #expect(throws: InspectorSessionError.self) { try inspector.importSession(Data(json.utf8)) }
        #expect(error?.description.contains("Other.Action") == true)
        #expect(inspector.isShowingImportedSession == false)
        #expect(throws: InspectorSessionError.self) { try inspector.importSession(Data("[1, 2".utf8)) }
        #expect(inspector.isShowingImportedSession == false)
    }

    @Test func theTestExportSendsTheAppsActionsAndReceivesTheMiddlewaresWithTheirStates() {
        let store = makeStore()
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(.search("swift"))
        let source = inspector.exportTest(imports: ["App"])
        #expect(source.contains("@Test func replaysInspectorSession() async {"))
        #expect(source.contains("await store.send(AppAction.search(\"swift\")) {"))
        #expect(source.contains("await store.receive("))
        #expect(source.contains("AppAction.results("))
        #expect(source.contains("middleware: appMiddleware"))
        #expect(source.contains("import App"))
        // Arrays are array literals: no element keeps the index label of `customDump`.
        #expect(!source.contains("[0]:"))
        #expect(source.contains(#"$0.results = ["swift 1", "swift 2"]"#))
    }

    @Test func anArrayIsWrittenAsAnArrayLiteral() {
        let literal = StoreInspector<AppAction, AppState>.swiftLiteral(
            AppState(query: "q", results: ["Swift", "[0]: in a string"], favorites: []),
            indent: 0
        )
        #expect(literal == #"AppState(query: "q", results: ["Swift", "[0]: in a string"], favorites: [])"#)
    }
}
