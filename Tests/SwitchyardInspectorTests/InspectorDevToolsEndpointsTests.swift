import Foundation
import Switchyard
import SwitchyardTestSupport
import Testing

@testable import SwitchyardInspector
@testable import SwitchyardInspectorDesktop

/// The DevTools endpoints, called as a page calls them: read by the desktop's routes, answered by the app.
@Suite struct InspectorDevToolsEndpointsTests {
    typealias Inspector = StoreInspector<AppAction, AppState>

    static func call(
        _ inspector: Inspector, _ method: String, _ path: String, _ body: String = ""
    ) async throws -> (status: Int, json: Data) {
        switch DesktopRoutes.route(method: method, path: path, query: [:], body: Data(body.utf8)) {
        case .answer(let response): return (response.status, response.body)
        case .app(let request):
            let reply = await InspectorEndpoints(inspector: inspector).handle(request)
            return (reply.status, reply.body)
        }
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
        let inspector = inspectWithAGap(store)
        let beforeGap = try await Self.call(inspector, "POST", "/api/skip", #"{"id": 1, "skipped": true}"#)
        #expect(beforeGap.status == 409)
        #expect(try Self.error(beforeGap).contains("Actions ran after #1 that the history does not hold"))
        let missing = try await Self.call(inspector, "POST", "/api/skip", #"{"id": 9, "skipped": true}"#)
        #expect(missing.status == 404)
        let done = try await Self.call(inspector, "POST", "/api/skip", #"{"id": 2, "skipped": true}"#)
        #expect(done.status == 200)
        #expect(store.state.favorites == ["a", "b"])
        #expect(try await Self.call(inspector, "POST", "/api/skip", "{}").status == 400)
    }

    @Test func aKnownPathWithAnotherMethodOrAnUnknownPathIsNotFoundWithoutAskingTheApp() async throws {
        let store = Store(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store)
        let wrong = try await Self.call(inspector, "GET", "/api/pause")
        #expect(wrong.status == 404)
        #expect(try Self.error(wrong).contains("it takes POST"))
        #expect(try await Self.call(inspector, "DELETE", "/api/filter").status == 404)
        for (method, path) in [("GET", "/api/pause"), ("GET", "/api/pause/x"), ("PUT", "/api/status")] {
            guard case .answer(let response) = DesktopRoutes.route(method: method, path: path, query: [:], body: Data())
            else {
                Issue.record("\(method) \(path) was sent to the app")
                continue
            }
            #expect(response.status == 404)
        }
        guard
            case .app(.entries(after: 4)) = DesktopRoutes.route(
                method: "GET", path: "/api/entries", query: ["after": "4"], body: Data())
        else {
            Issue.record("the entries after 4 were not asked of the app")
            return
        }
    }
}
