import Foundation
import Switchyard
import Testing

@testable import SwitchyardInspector

/// A page that starts listening after a change made while no page listened still gets live updates.
@Suite struct InspectorSignalTests {
    @Test func aPageThatListensAfterAJumpAndAReturnMadeWithNoPageOpenGetsTheNextAction() async {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(.favorite("a"))
        #expect(await inspector.jump(to: 1))
        await inspector.returnToPresent()
        let page = SignalCounter(inspector)
        store.dispatch(.favorite("b"))
        #expect(await page.receives(after: 0))
        page.stop()
    }

    @Test func aPageThatListensAfterASkipMadeWithNoPageOpenGetsTheNextAction() async {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(.favorite("a"))
        store.dispatch(.favorite("b"))
        #expect(await inspector.setSkipped(1, true))
        let page = SignalCounter(inspector)
        store.dispatch(.favorite("c"))
        #expect(await page.receives(after: 0))
        page.stop()
    }

    @Test func aPageThatListensAfterAnImportAndTheLiveHistoryMadeWithNoPageOpenGetsTheNextAction() async throws {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(.favorite("a"))
        try inspector.importSession(try inspector.exportSession())
        inspector.showLiveHistory()
        let page = SignalCounter(inspector)
        store.dispatch(.favorite("b"))
        #expect(await page.receives(after: 0))
        page.stop()
    }

    @Test func aPageThatListensAfterAnotherLeftWithoutReadingItsSignalGetsTheNextAction() async {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store)
        let (first, _) = inspector.recorder.listen()
        store.dispatch(.favorite("a"))
        inspector.recorder.stopListening(first)
        let page = SignalCounter(inspector)
        store.dispatch(.favorite("b"))
        #expect(await page.receives(after: 0))
        page.stop()
    }
}
