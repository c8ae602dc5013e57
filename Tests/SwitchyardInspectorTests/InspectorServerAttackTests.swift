import Foundation
import Switchyard
import Testing

@testable import SwitchyardInspector

/// Clients that attack the server, with and without the token. Each test checks that the server refuses or drops
/// them within its limits, that the store keeps processing while the attack is still under way, and that the
/// inspector's own page is still answered.
@Suite(.serialized) struct InspectorServerAttackTests {
    struct Running {
        let store: Store<AppAction, AppState>
        let inspector: StoreInspector<AppAction, AppState>
        let server: InspectorServer
        var client: LoopbackClient { LoopbackClient(port: server.port) }

        /// The page's own request still gets its answer.
        func pageIsAnswered() async throws -> Bool {
            try await client.request("GET", "/api/status", headers: ["X-Inspector-Token": server.token]).status == 200
        }

        /// Dispatches `count` actions from another thread and returns once the store processed them all: the store
        /// keeps going while the attack is under way.
        func storeKeepsProcessing(_ count: Int = 10_000) async throws -> Bool {
            let store = store
            let before = store.state.favorites.count
            try await offThePool {
                for index in 0..<count { store.dispatch(.favorite("\(index)")) }
            }
            return store.state.favorites.count == before + count
        }
    }

    func start(limits: InspectorServer.Limits = .init(), heldLimit: Int = 10_000) async throws -> Running {
        let store = Store<AppAction, AppState>(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store, capacity: 100, heldLimit: heldLimit)
        let server = try await InspectorServer.start(inspector, limits: limits)
        return Running(store: store, inspector: inspector, server: server)
    }

    func status(of response: Data) -> Int? {
        LoopbackClient.parse(response)?.status
    }

    @Test func aLongHeaderIsRefusedWith431BeforeTheTokenIsRead() async throws {
        let running = try await start()
        defer { Task { await running.server.stop() } }
        // Two connections send 64 KB header lines, as two images with long URLs on another site's page would.
        let long =
            "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(running.server.port)\r\nX-Long: "
            + String(repeating: "a", count: 64 * 1024)
        let first = try await running.client.open(sending: Data(long.utf8))
        let second = try await running.client.open(sending: Data(long.utf8))
        #expect(try await running.storeKeepsProcessing())
        #expect(try await running.pageIsAnswered())
        #expect(status(of: try await first.readUntilClosed()) == 431)
        #expect(status(of: try await second.readUntilClosed()) == 431)
        #expect(running.server.statistics.refusedForLimits == 2)
    }

    @Test func aLongRequestLineIsRefusedWith414AndTooManyHeadersWith431() async throws {
        let running = try await start()
        defer { Task { await running.server.stop() } }
        let longURL = "GET /?q=" + String(repeating: "a", count: 64 * 1024) + " HTTP/1.1\r\n"
        let url = try await running.client.open(sending: Data(longURL.utf8))
        #expect(status(of: try await url.readUntilClosed()) == 414)
        var many = "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(running.server.port)\r\n"
        for index in 0..<100 { many += "X-\(index): 1\r\n" }
        let headers = try await running.client.open(sending: Data((many + "\r\n").utf8))
        #expect(status(of: try await headers.readUntilClosed()) == 431)
        #expect(try await running.storeKeepsProcessing())
    }

    @Test func aHeadSentOneByteAtATimeIsReadInLinearTime() {
        // Each byte is searched once, however the head arrives: a client that trickles a 16 KB head in 16,000 reads
        // costs 16,000 steps, not 16,000².
        var parser = HTTPRequestParser(limits: .init())
        let head = Array(
            ("GET /api/status?token=t HTTP/1.1\r\nHost: h\r\nX-Pad: " + String(repeating: "p", count: 15_000)
                + "\r\n\r\n").utf8)
        var buffer: [UInt8] = []
        var outcome = HTTPRequestParser.Outcome.needMore
        for byte in head {
            buffer.append(byte)
            outcome = parser.parse(buffer)
            if outcome != .needMore { break }
        }
        guard case .head(let parsed) = outcome else {
            Issue.record("Not parsed: \(outcome)")
            return
        }
        #expect(parsed.path == "/api/status")
        #expect(parsed.query == ["token": "t"])
        #expect(parsed.length == head.count)
    }

    @Test func manyIdleConnectionsNeverStopTheServer() async throws {
        var limits = InspectorServer.Limits()
        limits.maxConnections = 32
        let running = try await start(limits: limits)
        defer { Task { await running.server.stop() } }
        var idle: [RawConnection] = []
        for _ in 0..<300 { idle.append(try await running.client.open()) }
        #expect(try await running.storeKeepsProcessing())
        #expect(try await running.pageIsAnswered())
        let statistics = running.server.statistics
        #expect(statistics.open <= limits.maxConnections)
        #expect(statistics.closedForRoom >= 300 - limits.maxConnections)
        withExtendedLifetime(idle) {}
    }

    @Test func aRequestThatIsNotFinishedInTimeIsClosed() async throws {
        var limits = InspectorServer.Limits()
        limits.requestTimeout = .milliseconds(300)
        let running = try await start(limits: limits)
        defer { Task { await running.server.stop() } }
        let slow = try await running.client.open(sending: Data("GET /api/status HTTP/1.1\r\nHost: 127.".utf8))
        // The server closes the connection: the read ends instead of waiting for the 20 s receive timeout.
        let answer = try await slow.readUntilClosed()
        #expect(answer.isEmpty)
        #expect(running.server.statistics.timedOut == 1)
        #expect(try await running.pageIsAnswered())
    }

    @Test func aHugeBodyIsRefusedWith413BeforeItIsRead() async throws {
        let running = try await start()
        defer { Task { await running.server.stop() } }
        let head =
            "POST /api/dispatch?token=\(running.server.token) HTTP/1.1\r\nHost: 127.0.0.1:\(running.server.port)\r\n"
            + "Content-Length: 500000000\r\n\r\n"
        let huge = try await running.client.open(sending: Data(head.utf8) + Data(count: 64 * 1024))
        #expect(status(of: try await huge.readUntilClosed()) == 413)
        // A chunked body, whose size is not said first, is refused too.
        let chunkedHead =
            "POST /api/dispatch HTTP/1.1\r\nHost: 127.0.0.1:\(running.server.port)\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n"
        let chunked = try await running.client.open(sending: Data(chunkedHead.utf8))
        #expect(status(of: try await chunked.readUntilClosed()) == 411)
        // Two different lengths are a malformed request, never guessed at.
        let twoLengths =
            "POST /api/dispatch HTTP/1.1\r\nHost: 127.0.0.1:\(running.server.port)\r\n"
            + "Content-Length: 1\r\nContent-Length: 2\r\n\r\n"
        let ambiguous = try await running.client.open(sending: Data(twoLengths.utf8))
        #expect(status(of: try await ambiguous.readUntilClosed()) == 400)
        #expect(try await running.storeKeepsProcessing())
    }

    @Test func aSessionLargerThanABodyImportsWithTheTokenInItsHeadAndOnlySo() async throws {
        let running = try await start()
        defer { Task { await running.server.stop() } }
        let long = String(repeating: "q", count: 12_000)
        for index in 0..<100 { running.store.dispatch(.search("\(index) \(long)")) }
        let exported = try await running.client.request(
            "GET", "/api/export", headers: ["X-Inspector-Token": running.server.token])
        #expect(exported.status == 200)
        #expect(exported.body.count > running.server.limits.maxBodyBytes)
        // Without the token, a body past the small limit is refused before it is read.
        let anonymous = try await running.client.request("POST", "/api/import", body: exported.body)
        #expect(anonymous.status == 413)
        let imported = try await running.client.request(
            "POST", "/api/import", body: exported.body, headers: ["X-Inspector-Token": running.server.token])
        #expect(imported.status == 200)
        #expect(running.inspector.isShowingImportedSession)
        #expect(running.inspector.count == 100)
    }

    @Test func aPageThatDoesNotReadIsDisconnectedAndNeverSlowsTheStore() async throws {
        var limits = InspectorServer.Limits()
        limits.maxPageBacklogBytes = 32 * 1024
        let running = try await start(limits: limits)
        defer { Task { await running.server.stop() } }
        let opened = try await running.client.webSocket(
            "/ws",
            origin: nil,
            protocols: ["token.\(running.server.token)"],
            receiveBuffer: 4096
        )
        let page = try #require(opened.connection)
        // The page never reads; the store goes on, and the page is dropped once its backlog passes the limit.
        for _ in 0..<50 {
            #expect(try await running.storeKeepsProcessing(2_000))
            if running.server.statistics.droppedPages == 1 { break }
        }
        #expect(running.server.statistics.droppedPages == 1)
        #expect(try await running.pageIsAnswered())
        withExtendedLifetime(page) {}
    }

    @Test func tooManyPagesAreRefusedWith503() async throws {
        var limits = InspectorServer.Limits()
        limits.maxPages = 2
        let running = try await start(limits: limits)
        defer { Task { await running.server.stop() } }
        var pages: [WebSocketConnection] = []
        for _ in 0..<2 {
            let opened = try await running.client.webSocket(
                "/ws", origin: nil, protocols: ["token.\(running.server.token)"])
            pages.append(try #require(opened.connection))
        }
        let third = try await running.client.webSocket("/ws", origin: nil, protocols: ["token.\(running.server.token)"])
        #expect(third.status == 503)
        withExtendedLifetime(pages) {}
    }

    @Test func postsFromAnotherSiteAreRefusedEvenWithTheToken() async throws {
        let running = try await start()
        defer { Task { await running.server.stop() } }
        for headers in [["Origin": "http://evil.example"], ["Sec-Fetch-Site": "cross-site"]] {
            var all = headers
            all["X-Inspector-Token"] = running.server.token
            let response = try await running.client.request(
                "POST", "/api/dispatch", body: Data(#"{"favorite":{"_0":"evil"}}"#.utf8), headers: all)
            #expect(response.status == 403)
        }
        #expect(!running.store.state.favorites.contains("evil"))
    }

    @Test func heldActionsAreBoundedAndNoneIsLost() async throws {
        let running = try await start(heldLimit: 5)
        defer { Task { await running.server.stop() } }
        running.store.dispatch(.favorite("a"))
        running.store.dispatch(.favorite("b"))
        #expect(await running.inspector.jump(to: 1))
        #expect(running.store.state.favorites == ["a"])
        for index in 0..<20 { running.store.dispatch(.favorite("held \(index)")) }
        // The fifth held action made the inspector return to the present by itself, processing every held action.
        var waited = 0
        while running.inspector.mode != .present || running.store.state.favorites.count < 22, waited < 2_000 {
            try await Task.sleep(for: .milliseconds(5))
            waited += 1
        }
        #expect(running.inspector.mode == .present)
        #expect(running.inspector.heldLimitReturns == 1)
        #expect(running.store.state.favorites == ["a", "b"] + (0..<20).map { "held \($0)" })
        #expect(running.inspector.held.isEmpty)
        let status = try JSONDecoder().decode(
            InspectorWire.Status.self,
            from: try await running.client.request(
                "GET", "/api/status", headers: ["X-Inspector-Token": running.server.token]
            ).body
        )
        #expect(status.mode == "present")
        // The page marks the actions that were held and processed on the return: those dispatched from the jump
        // until the return (at least the limit's five); the ones dispatched after the return ran as usual.
        let entries = try JSONDecoder().decode(
            InspectorWire.Entries.self,
            from: try await running.client.request(
                "GET", "/api/entries", headers: ["X-Inspector-Token": running.server.token]
            ).body
        )
        let held = entries.entries.map(\.held)
        let heldCount = held.filter { $0 }.count
        #expect(heldCount >= 5)
        #expect(
            held == [false, false] + Array(repeating: true, count: heldCount)
                + Array(repeating: false, count: 20 - heldCount))
    }

    @Test func theWebSocketHandshakeAndFramesFollowTheProtocol() {
        // The example of the WebSocket protocol's specification.
        #expect(WebSocketFrame.acceptKey(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        let masked: [UInt8] = [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58]
        #expect(
            WebSocketFrame.decode(masked[...], maxPayload: 1024)
                == .frame(.init(opcode: 1, payload: Array("Hello".utf8)), length: masked.count))
        #expect(WebSocketFrame.decode(masked.prefix(5), maxPayload: 1024) == .needMore)
        let unmasked: [UInt8] = [0x81, 0x05] + Array("Hello".utf8)
        #expect(WebSocketFrame.decode(unmasked[...], maxPayload: 1024) == .invalid("an unmasked frame from a client"))
        let tooLong: [UInt8] = [0x81, 0xFF, 0, 0, 0, 1, 0, 0, 0, 0]
        guard case .invalid = WebSocketFrame.decode(tooLong[...], maxPayload: 1024) else {
            Issue.record("A frame larger than allowed was accepted")
            return
        }
        #expect(WebSocketFrame.encode(opcode: 1, payload: Array("Hi".utf8)) == [0x81, 0x02, 0x48, 0x69])
        #expect(
            WebSocketFrame.encode(opcode: 1, payload: [UInt8](repeating: 0, count: 300)).prefix(4) == [
                0x81, 126, 1, 44,
            ])
    }
}
