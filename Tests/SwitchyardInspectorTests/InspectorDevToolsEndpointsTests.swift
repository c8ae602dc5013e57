import Foundation
import Switchyard
import SwitchyardTestSupport
import Testing

@testable import SwitchyardInspector

/// The DevTools endpoints, called as the router calls them.
@Suite struct InspectorDevToolsEndpointsTests {
    typealias Inspector = StoreInspector<AppAction, AppState>

    static func call(
        _ inspector: Inspector, _ method: String, _ path: String, _ body: String = ""
    ) async throws -> (status: Int, json: Data) {
        try #require(await inspector.devToolsEndpoint(method: method, path: path, body: Data(body.utf8)))
    }

    static func status(_ answer: (status: Int, json: Data)) throws -> InspectorWire.Status {
        try JSONDecoder().decode(InspectorWire.Status.self, from: answer.json)
    }

    static func error(_ answer: (status: Int, json: Data)) throws -> String {
        try JSONDecoder().decode(InspectorWire.Failure.self, from: answer.json).error
    }

    @Test func pauseAndResumeAnswerTheStatus() async throws {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store)
        let paused = try await Self.call(inspector, "POST", "/api/pause", #"{"paused": true}"#)
        #expect(paused.status == 200)
        #expect(try Self.status(paused).paused)
        store.dispatch(.favorite("a"))
        #expect(inspector.count == 0)
        let resumed = try await Self.call(inspector, "POST", "/api/pause", #"{"paused": false}"#)
        #expect(try Self.status(resumed).paused == false)
        #expect(try Self.status(resumed).notRecorded == 1)
        let wrong = try await Self.call(inspector, "POST", "/api/pause", #"{"pause": 1}"#)
        #expect(wrong.status == 400)
        #expect(try Self.error(wrong).contains(#"{"paused": true}"#))
    }

    @Test func lockAndUnlockHoldThenProcessTheActions() async throws {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store)
        let locked = try await Self.call(inspector, "POST", "/api/lock", #"{"locked": true}"#)
        #expect(try Self.status(locked).locked)
        store.dispatch(.favorite("a"))
        let status = inspector.status()
        #expect(status.held == 1)
        #expect(status.mode == "present")
        let unlocked = try await Self.call(inspector, "POST", "/api/lock", #"{"locked": false}"#)
        #expect(try Self.status(unlocked).locked == false)
        #expect(await eventually { store.state.favorites == ["a"] })
        #expect(try await Self.call(inspector, "POST", "/api/lock", "[]").status == 400)
    }

    @Test func commitRevertAndSweepAnswerOrRefuseWithAConflict() async throws {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(.favorite("a"))
        let committed = try await Self.call(inspector, "POST", "/api/commit")
        #expect(committed.status == 200)
        #expect(try Self.status(committed).count == 0)
        store.dispatch(.favorite("b"))
        store.dispatch(.favorite("c"))
        #expect(await inspector.setSkipped(2, true))
        let swept = try await Self.call(inspector, "POST", "/api/sweep")
        let sweep = try JSONDecoder().decode(InspectorWire.Swept.self, from: swept.json)
        #expect(swept.status == 200)
        #expect(sweep.removed == 1)
        #expect(sweep.status.count == 1)
        #expect(await inspector.jump(to: 3))
        for path in ["/api/commit", "/api/revert", "/api/sweep"] {
            let refused = try await Self.call(inspector, "POST", path)
            #expect(refused.status == 409)
            #expect(try Self.error(refused).contains("return to the present first"))
        }
        await inspector.returnToPresent()
        let reverted = try await Self.call(inspector, "POST", "/api/revert")
        #expect(reverted.status == 200)
        #expect(store.state.favorites == ["a"])
    }

    @Test func theFilterIsReadAndSetByCaseName() async throws {
        let store = makeStore()
        let inspector = StoreInspector(inspecting: store)
        let initial = try await Self.call(inspector, "GET", "/api/filter")
        #expect(try JSONDecoder().decode(InspectorWire.Filter.self, from: initial.json) == .init(allow: nil, deny: []))
        let set = try await Self.call(inspector, "POST", "/api/filter", #"{"allow": null, "deny": [" .results(x) "]}"#)
        #expect(set.status == 200)
        #expect(
            try JSONDecoder().decode(InspectorWire.Filter.self, from: set.json) == .init(allow: nil, deny: ["results"]))
        store.dispatch(.search("swift"))
        #expect(inspector.actions.map(\.action) == [.search("swift")])
        let allowed = try await Self.call(inspector, "POST", "/api/filter", #"{"allow": ["favorite", "search"]}"#)
        #expect(
            try JSONDecoder().decode(InspectorWire.Filter.self, from: allowed.json)
                == .init(allow: ["favorite", "search"], deny: []))
        #expect(inspector.status().allow == ["favorite", "search"])
        let empty = try await Self.call(inspector, "POST", "/api/filter", #"{"deny": [""]}"#)
        #expect(empty.status == 400)
        let notJSON = try await Self.call(inspector, "POST", "/api/filter", "deny")
        #expect(notJSON.status == 400)
        #expect(inspector.allowedActions == ["favorite", "search"])
    }

    @Test func theRateIsSixtyCountsEndingNow() async throws {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(.favorite("a"))
        let answer = try await Self.call(inspector, "GET", "/api/rate")
        let rate = try JSONDecoder().decode(InspectorWire.Rate.self, from: answer.json)
        #expect(rate.perSecond.count == 60)
        #expect(rate.total == 1)
    }

    @Test func theSkipAnswerTellsWhyASkipIsRefused() async throws {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(.favorite("a"))
        inspector.pauseRecording()
        store.dispatch(.favorite("b"))
        inspector.resumeRecording()
        store.dispatch(.favorite("c"))
        let beforeGap = await inspector.skipAnswer(body: Data(#"{"id": 1, "skipped": true}"#.utf8))
        #expect(beforeGap.status == 409)
        #expect(try Self.error(beforeGap).contains("Actions ran after #1 that the history does not hold"))
        let missing = await inspector.skipAnswer(body: Data(#"{"id": 9, "skipped": true}"#.utf8))
        #expect(missing.status == 404)
        let done = await inspector.skipAnswer(body: Data(#"{"id": 2, "skipped": true}"#.utf8))
        #expect(done.status == 200)
        #expect(store.state.favorites == ["a", "b"])
        #expect(await inspector.skipAnswer(body: Data("{}".utf8)).status == 400)
    }

    @Test func aKnownPathWithAnotherMethodIsNotFoundAndAnyOtherPathIsLeftToTheRouter() async throws {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store)
        let wrong = try await Self.call(inspector, "GET", "/api/pause")
        #expect(wrong.status == 404)
        #expect(try Self.error(wrong).contains("it takes POST"))
        #expect(try await Self.call(inspector, "DELETE", "/api/filter").status == 404)
        #expect(await inspector.devToolsEndpoint(method: "GET", path: "/api/status", body: Data()) == nil)
        #expect(await inspector.devToolsEndpoint(method: "POST", path: "/api/jump", body: Data()) == nil)
        #expect(await inspector.devToolsEndpoint(method: "GET", path: "/api/pause/x", body: Data()) == nil)
    }
}
