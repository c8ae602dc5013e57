import Foundation
import Switchyard
import SwitchyardInspectorDesktop
import Testing

@testable import SwitchyardInspector

@Suite(.serialized) struct DesktopInspectorTests {
    func start() async throws -> Running {
        try await startDesktop()
    }

    @Test func requestsWithoutTheTokenOrFromAnotherHostGet403AndNothingElse() async throws {
        let running = try await start()
        defer { Task { await running.stop() } }
        for path in ["/api/stores"]
            + ["/api/status", "/api/entries", "/api/state", "/ws", "/api/export"].map({
                running.prefix + $0
            })
        {
            let response = try await running.client.request("GET", path)
            #expect(response.status == 403)
            #expect(response.body.isEmpty)
            #expect(try await running.client.request("GET", path + "?token=wrong").status == 403)
            #expect(
                try await running.client.request("GET", path, headers: ["X-Inspector-Token": "wrong"]).status == 403)
        }
        let rebound = try await running.client.request(
            "GET",
            "\(running.prefix)/api/status?token=\(running.token)",
            headers: ["Host": "evil.example:80"]
        )
        #expect(rebound.status == 403)
        // The page holds nothing secret and is served without the token, but not to another host name.
        #expect(try await running.client.request("GET", "/", headers: ["Host": "evil.example:80"]).status == 403)
        // The address carries the token after `#`, which browsers never send to the server.
        #expect(
            running.desktop.pageURL.absoluteString == "http://127.0.0.1:\(running.desktop.port)/#token=\(running.token)"
        )
    }

    @Test func theTokenIsAcceptedInAHeaderAndAsAWebSocketSubprotocol() async throws {
        let running = try await start()
        defer { Task { await running.stop() } }
        let status = try await running.client.request(
            "GET", running.prefix + "/api/status", headers: ["X-Inspector-Token": running.token])
        #expect(status.status == 200)
        let opened = try await running.client.webSocket(
            running.prefix + "/ws",
            origin: "http://127.0.0.1:\(running.desktop.port)",
            protocols: ["switchyard-inspector", "token.\(running.token)"]
        )
        let connection = try #require(opened.connection)
        #expect(connection.headers["sec-websocket-protocol"] == "switchyard-inspector")
        #expect(try await connection.nextText().contains(#""type":"app""#))
        let refused = try await running.client.webSocket(
            running.prefix + "/ws", origin: nil, protocols: ["switchyard-inspector", "token.wrong"])
        #expect(refused.status == 403)
    }

    @Test func thePageAndTheHistoryAreServedWithTheToken() async throws {
        let running = try await start()
        defer { Task { await running.stop() } }
        running.store.dispatch(.search("swift")); let line = UInt(#line)
        let page = try await running.client.request("GET", "/")
        #expect(page.status == 200)
        #expect(page.text.contains("Switchyard Inspector"))
        #expect(try await running.client.request("GET", running.prefix + "/").text == page.text)
        #expect(try await running.get("/api/entries?after=abc").status == 400)
        #expect(try await running.get("/api/entries/abc").status == 400)
        let entries = try await JSONDecoder().decode(InspectorWire.Entries.self, from: running.get("/api/entries").body)
        #expect(entries.entries.map(\.action) == [#"search("swift")"#, #"results(["swift 1", "swift 2"])"#])
        #expect(entries.entries[0].source.line == line)
        #expect(entries.entries[1].followUp)
        #expect(entries.status.count == 2)
        let detail = try await JSONDecoder().decode(InspectorWire.Detail.self, from: running.get("/api/entries/2").body)
        #expect(detail.diff.contains("+"))
        #expect(detail.diff.contains("swift 1"))
        #expect(detail.state.children.first { $0.label == "query" }?.value == "\"swift\"")
        #expect(try await running.get("/api/entries/99").status == 404)
        let later = try await JSONDecoder().decode(
            InspectorWire.Entries.self, from: running.get("/api/entries?after=1").body)
        #expect(later.entries.map(\.id) == [2])
        // Any number is a valid `after`, the extremes included: no overflow, no crash.
        let all = try await JSONDecoder().decode(
            InspectorWire.Entries.self, from: running.get("/api/entries?after=-9223372036854775808").body)
        #expect(all.entries.map(\.id) == [1, 2])
        let none = try await JSONDecoder().decode(
            InspectorWire.Entries.self, from: running.get("/api/entries?after=9223372036854775807").body)
        #expect(none.entries.isEmpty)
    }

    /// Requests from several pages at once each get their own answer: the app matches replies to requests by id
    /// while frames keep arriving. (Under ThreadSanitizer this also checks that the app reads each frame only after
    /// the event loop's writes into it are ordered before the read: many frames arriving while the app's session is
    /// about to wait for the next one is what once produced a report.)
    @Test func concurrentRequestsEachGetTheirOwnAnswer() async throws {
        let running = try await start()
        defer { Task { await running.stop() } }
        for index in 1...20 { running.store.dispatch(.favorite("\(index)")) }
        let mismatches = try await withThrowingTaskGroup(of: [Int].self) { group in
            for worker in 0..<4 {
                group.addTask {
                    var wrong: [Int] = []
                    for round in 0..<40 {
                        let id = (worker * 40 + round) % 20 + 1
                        let detail = try JSONDecoder().decode(
                            InspectorWire.Detail.self, from: await running.get("/api/entries/\(id)").body)
                        if detail.entry.id != id || detail.entry.action != #"favorite("\#(id)")"# { wrong.append(id) }
                    }
                    return wrong
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(mismatches.isEmpty)
    }

    @Test func jumpSkipAndPresentOverHTTPChangeTheStore() async throws {
        let running = try await start()
        defer { Task { await running.stop() } }
        running.store.dispatch(.favorite("a"))
        running.store.dispatch(.favorite("b"))
        #expect(try await running.post("/api/jump", #"{"id":1}"#).status == 200)
        #expect(running.store.state.favorites == ["a"])
        let state = try await JSONDecoder().decode(
            InspectorWire.StateDocument.self, from: running.get("/api/state").body)
        #expect(state.state.children.first { $0.label == "favorites" }?.value == "1 element")
        #expect(try await running.post("/api/present", "").status == 200)
        #expect(running.store.state.favorites == ["a", "b"])
        #expect(try await running.post("/api/skip", #"{"id":1,"skipped":true}"#).status == 200)
        #expect(running.store.state.favorites == ["b"])
        #expect(try await running.post("/api/jump", #"{"id":42}"#).status == 404)
    }

    @Test func aDispatchedActionIsDecodedAndMalformedJSONGets400AndDispatchesNothing() async throws {
        let running = try await start()
        defer { Task { await running.stop() } }
        let accepted = try await running.post("/api/dispatch", #"{"favorite":{"_0":"typed"}}"#)
        #expect(accepted.status == 202)
        #expect(running.store.state.favorites == ["typed"])
        #expect(running.inspector.actions.last?.dispatcher.file == "Inspector")
        let before = running.inspector.count
        let rejected = try await running.post("/api/dispatch", #"{"favorite":"#)
        #expect(rejected.status == 400)
        #expect(rejected.text.contains("does not decode as"))
        let wrongShape = try await running.post("/api/dispatch", #"{"unknown":{}}"#)
        #expect(wrongShape.status == 400)
        // Jump and skip answer malformed bodies the same way, with a message.
        for path in ["/api/jump", "/api/skip"] {
            let malformed = try await running.post(path, #"{"id":"#)
            #expect(malformed.status == 400)
            #expect(malformed.text.contains("send {"))
        }
        #expect(running.inspector.count == before)
        #expect(running.store.state.favorites == ["typed"])
        // A page of another origin cannot post, even with the token; the inspector's own page can.
        let foreign = try await running.client.request(
            "POST",
            running.prefix + "/api/dispatch?token=\(running.token)",
            body: Data(#"{"favorite":{"_0":"evil"}}"#.utf8),
            headers: ["Origin": "http://evil.example"]
        )
        #expect(foreign.status == 403)
        #expect(!running.store.state.favorites.contains("evil"))
        let own = try await running.client.request(
            "POST",
            running.prefix + "/api/dispatch?token=\(running.token)",
            body: Data(#"{"favorite":{"_0":"own"}}"#.utf8),
            headers: ["Origin": "http://127.0.0.1:\(running.desktop.port)"]
        )
        #expect(own.status == 202)
        #expect(own.headers["x-frame-options"] == "DENY")
        #expect(own.headers["referrer-policy"] == "no-referrer")
        #expect(own.headers["content-security-policy"]?.contains("frame-ancestors 'none'") == true)
    }

    @Test func sessionsExportAndImportOverHTTPAndAForeignSessionIsRefused() async throws {
        let running = try await start()
        defer { Task { await running.stop() } }
        running.store.dispatch(.search("swift"))
        let exported = try await running.get("/api/export")
        #expect(exported.status == 200)
        #expect(exported.headers["content-disposition"]?.contains("attachment") == true)
        let foreign = exported.text.replacingOccurrences(of: "AppState", with: "OtherState")
        let refused = try await running.post("/api/import", foreign)
        #expect(refused.status == 400)
        #expect(refused.text.contains("OtherState"))
        #expect(running.inspector.isShowingImportedSession == false)
        #expect(try await running.post("/api/import", exported.text).status == 200)
        #expect(running.inspector.isShowingImportedSession)
        #expect(try await running.post("/api/dispatch", #"{"favorite":{"_0":"x"}}"#).status == 409)
        // The desktop writes the test from the app's recording, and hands it to the page as a file.
        let test = try await running.get("/api/export/test")
        #expect(test.status == 200)
        #expect(test.headers["content-type"] == "text/plain; charset=utf-8")
        #expect(test.headers["content-disposition"] == #"attachment; filename="InspectorSessionTests.swift""#)
        #expect(test.text.hasPrefix("import Testing\nimport SwitchyardTesting\n"))
        #expect(test.text.contains("await store.send(AppAction.search(\"swift\"))"))
        // An app's refusal to record a test reaches the page as the app said it, and is not a download.
        let journal = try await running.post("/api/journal/test", "not a journal")
        #expect(journal.status == 501)
        #expect(journal.text.contains("readsJournals"))
        #expect(journal.headers["content-disposition"] == nil)
    }

    @Test func aPageReceivesLiveUpdatesAndAnotherOriginIsRefused() async throws {
        let running = try await start()
        defer { Task { await running.stop() } }
        let foreign = try await running.client.webSocket(
            running.prefix + "/ws?token=\(running.token)", origin: "http://evil.example")
        #expect(foreign.status == 403)
        let opened = try await running.client.webSocket(
            running.prefix + "/ws?token=\(running.token)",
            origin: "http://127.0.0.1:\(running.desktop.port)"
        )
        let connection = try #require(opened.connection)
        let first = try await connection.nextText()
        #expect(first.contains(#""type":"app""#))
        // The app learns that a page watches, and says so: its live updates follow.
        _ = try await connection.waitForText { $0.contains(#""type":"resume""#) }
        running.store.dispatch(.favorite("live"))
        let update = try await connection.waitForText { $0.contains(#""type":"entries""#) }
        #expect(update.contains("live"))
        // A page that goes away mid-stream leaves the store as it was.
        _ = consume connection
        running.store.dispatch(.favorite("after"))
        #expect(running.store.state.favorites == ["live", "after"])
        #expect(running.inspector.count == 2)
    }

    @Test func theSideBySidePageIsServedAndOnlyTheDesktopsOwnPagesMayShowAStorePageInAPane() async throws {
        let running = try await start()
        defer { Task { await running.stop() } }
        let compare = try await running.client.request(
            "GET", "/compare?left=\(running.storeID)&right=\(running.storeID)")
        #expect(compare.status == 200)
        #expect(compare.text.contains("side-by-side"))
        for page in [compare, try await running.client.request("GET", running.prefix + "/")] {
            #expect(page.headers["x-frame-options"] == "SAMEORIGIN")
            let policy = page.headers["content-security-policy"] ?? ""
            #expect(policy.contains("frame-ancestors 'self'"))
            #expect(policy.contains("frame-src 'self'"))
        }
        // Nothing but the page may be framed, even by the desktop's own pages.
        let status = try await running.get("/api/status")
        #expect(status.headers["x-frame-options"] == "DENY")
        #expect(status.headers["content-security-policy"]?.contains("frame-ancestors 'none'") == true)
    }
}
