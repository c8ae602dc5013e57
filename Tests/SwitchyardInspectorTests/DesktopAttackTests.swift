import Foundation
import Switchyard
import SwitchyardInspectorDesktop
import SwitchyardTestSupport
import Testing

@testable import SwitchyardInspector

/// Clients that attack the server, with and without the token. Each test checks that the server refuses or drops
/// them within its limits, that the store keeps processing while the attack is still under way, and that the
/// inspector's own page is still answered.
@Suite(.serialized) struct DesktopAttackTests {
    func start(limits: DesktopInspector.Limits = .init(), heldLimit: Int = 10_000) async throws -> Running {
        try await startDesktop(
            limits: limits, capacity: 100, heldLimit: heldLimit,
            store: Store<AppAction, AppState>(initialState: AppState(), reducer: appReducer))
    }

    func status(of response: Data) -> Int? {
        LoopbackClient.parse(response)?.status
    }

    @Test func aLongHeaderIsRefusedWith431BeforeTheTokenIsRead() async throws {
        let running = try await start()
        defer { Task { await running.stop() } }
        // Two connections send 64 KB header lines, as two images with long URLs on another site's page would.
        let long =
            "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(running.desktop.port)\r\nX-Long: "
            + String(repeating: "a", count: 64 * 1024)
        let first = try await running.client.open(sending: Data(long.utf8))
        let second = try await running.client.open(sending: Data(long.utf8))
        #expect(try await running.storeKeepsProcessing())
        #expect(try await running.pageIsAnswered())
        #expect(status(of: try await first.readUntilClosed()) == 431)
        #expect(status(of: try await second.readUntilClosed()) == 431)
        #expect(running.desktop.statistics.refusedForLimits == 2)
    }

    @Test func aLongRequestTargetOrTooManyHeadersAreRefusedWith431() async throws {
        let running = try await start()
        defer { Task { await running.stop() } }
        let longURL = "GET /?q=" + String(repeating: "a", count: 64 * 1024) + " HTTP/1.1\r\n"
        let url = try await running.client.open(sending: Data(longURL.utf8))
        #expect(status(of: try await url.readUntilClosed()) == 431)
        var many = "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(running.desktop.port)\r\n"
        for index in 0..<100 { many += "X-\(index): 1\r\n" }
        let headers = try await running.client.open(sending: Data((many + "\r\n").utf8))
        #expect(status(of: try await headers.readUntilClosed()) == 431)
        #expect(try await running.storeKeepsProcessing())
    }

    @Test func manyIdleConnectionsNeverStopTheServer() async throws {
        var limits = DesktopInspector.Limits()
        limits.maxConnections = 32
        let running = try await start(limits: limits)
        defer { Task { await running.stop() } }
        // 100 connections, more than three times the limit, queued by the kernel before the page's own.
        var idle: [RawConnection] = []
        for _ in 0..<100 { idle.append(try await running.client.open()) }
        #expect(try await running.storeKeepsProcessing())
        #expect(try await running.pageIsAnswered())
        // Connections were closed to make room, and never more than the limit were open. (How many were closed by
        // now depends on how far the server got through the queue: under ThreadSanitizer, not all of it.)
        let desktop = running.desktop
        let statistics = try await eventually { () -> DesktopInspector.Statistics? in
            let statistics = desktop.statistics
            return statistics.closedForRoom > 0 ? statistics : nil
        }
        #expect(statistics.open <= limits.maxConnections)
        withExtendedLifetime(idle) {}
    }

    @Test func aRequestThatIsNotFinishedInTimeIsClosed() async throws {
        var limits = DesktopInspector.Limits()
        limits.requestTimeout = .milliseconds(300)
        let running = try await start(limits: limits)
        defer { Task { await running.stop() } }
        let slow = try await running.client.open(sending: Data("GET /api/status HTTP/1.1\r\nHost: 127.".utf8))
        // The server closes the connection: the read ends instead of waiting for the 20 s receive timeout.
        let answer = try await slow.readUntilClosed()
        #expect(answer.isEmpty)
        // At least this one: on a loaded machine, the app's own connection may also take longer than 300 ms to send
        // its head (it then connects again).
        #expect(running.desktop.statistics.timedOut >= 1)
        #expect(try await running.pageIsAnswered())
    }

    @Test func aHugeBodyIsRefusedWith413BeforeItIsRead() async throws {
        let running = try await start()
        defer { Task { await running.stop() } }
        let head =
            "POST \(running.prefix)/api/dispatch?token=\(running.token) HTTP/1.1\r\nHost: 127.0.0.1:\(running.desktop.port)\r\n"
            + "Content-Length: 500000000\r\n\r\n"
        let huge = try await running.client.open(sending: Data(head.utf8) + Data(count: 64 * 1024))
        #expect(status(of: try await huge.readUntilClosed()) == 413)
        // A chunked body, whose size is not said first, is refused once it passes the limit.
        let chunkedHead =
            "POST \(running.prefix)/api/dispatch HTTP/1.1\r\nHost: 127.0.0.1:\(running.desktop.port)\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n"
        let chunk = String(repeating: "x", count: 64 * 1024)
        let chunks = String(repeating: "10000\r\n" + chunk + "\r\n", count: 20)
        let chunked = try await running.client.open(sending: Data((chunkedHead + chunks).utf8))
        #expect(status(of: try await chunked.readUntilClosed()) == 413)
        // Two different lengths are a malformed request, never guessed at.
        let twoLengths =
            "POST \(running.prefix)/api/dispatch HTTP/1.1\r\nHost: 127.0.0.1:\(running.desktop.port)\r\n"
            + "Content-Length: 1\r\nContent-Length: 2\r\n\r\n"
        let ambiguous = try await running.client.open(sending: Data(twoLengths.utf8))
        #expect(status(of: try await ambiguous.readUntilClosed()) == 400)
        #expect(try await running.storeKeepsProcessing())
    }

    @Test func aSessionLargerThanABodyImportsWithTheTokenInItsHeadAndOnlySo() async throws {
        let running = try await start()
        defer { Task { await running.stop() } }
        let long = String(repeating: "q", count: 12_000)
        for index in 0..<100 { running.store.dispatch(.search("\(index) \(long)")) }
        let exported = try await running.client.request(
            "GET", running.prefix + "/api/export", headers: ["X-Inspector-Token": running.token])
        #expect(exported.status == 200)
        #expect(exported.body.count > running.desktop.limits.maxBodyBytes)
        // Without the token, a body past the small limit is refused before it is read.
        let anonymous = try await running.client.request("POST", running.prefix + "/api/import", body: exported.body)
        #expect(anonymous.status == 413)
        let imported = try await running.client.request(
            "POST", running.prefix + "/api/import", body: exported.body, headers: ["X-Inspector-Token": running.token])
        #expect(imported.status == 200)
        #expect(running.inspector.isShowingImportedSession)
        #expect(running.inspector.count == 100)
    }

    @Test func aPageThatDoesNotReadIsDisconnectedAndNeverSlowsTheStore() async throws {
        var limits = DesktopInspector.Limits()
        limits.maxPageBacklogBytes = 32 * 1024
        let running = try await start(limits: limits)
        defer { Task { await running.stop() } }
        let opened = try await running.client.webSocket(
            running.prefix + "/ws",
            origin: nil,
            protocols: ["token.\(running.token)"],
            receiveBuffer: 4096
        )
        let page = try #require(opened.connection)
        // The page never reads; the store goes on, and the page is dropped once its backlog passes the limit. The
        // store's updates reach the desktop on the connection's own thread: a suite busy on two cores once ran 50
        // rounds of 2,000 actions in 4 seconds before the desktop had sent enough, so the rounds go on to a deadline.
        let deadline = ContinuousClock.now + .seconds(60)
        while running.desktop.statistics.droppedPages == 0, ContinuousClock.now < deadline {
            #expect(try await running.storeKeepsProcessing(2_000))
        }
        #expect(running.desktop.statistics.droppedPages == 1)
        #expect(try await running.pageIsAnswered())
        withExtendedLifetime(page) {}
    }

    @Test func tooManyPagesAreRefusedWith503() async throws {
        var limits = DesktopInspector.Limits()
        limits.maxPages = 2
        let running = try await start(limits: limits)
        defer { Task { await running.stop() } }
        var pages: [WebSocketConnection] = []
        for _ in 0..<2 {
            let opened = try await running.client.webSocket(
                running.prefix + "/ws", origin: nil, protocols: ["token.\(running.token)"])
            pages.append(try #require(opened.connection))
        }
        let third = try await running.client.webSocket(
            running.prefix + "/ws", origin: nil, protocols: ["token.\(running.token)"])
        #expect(third.status == 503)
        withExtendedLifetime(pages) {}
    }

    @Test func postsFromAnotherSiteAreRefusedEvenWithTheToken() async throws {
        let running = try await start()
        defer { Task { await running.stop() } }
        for headers in [["Origin": "http://evil.example"], ["Sec-Fetch-Site": "cross-site"]] {
            var all = headers
            all["X-Inspector-Token"] = running.token
            let response = try await running.client.request(
                "POST", running.prefix + "/api/dispatch", body: Data(#"{"favorite":{"_0":"evil"}}"#.utf8),
                headers: all)
            #expect(response.status == 403)
        }
        #expect(!running.store.state.favorites.contains("evil"))
    }

    @Test func heldActionsAreBoundedAndNoneIsLost() async throws {
        let running = try await start(heldLimit: 5)
        defer { Task { await running.stop() } }
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
                "GET", running.prefix + "/api/status", headers: ["X-Inspector-Token": running.token]
            ).body
        )
        #expect(status.mode == "present")
        // The page marks the actions that were held and processed on the return: those dispatched from the jump
        // until the return (at least the limit's five); the ones dispatched after the return ran as usual.
        let entries = try JSONDecoder().decode(
            InspectorWire.Entries.self,
            from: try await running.client.request(
                "GET", running.prefix + "/api/entries", headers: ["X-Inspector-Token": running.token]
            ).body
        )
        let held = entries.entries.map(\.held)
        let heldCount = held.filter { $0 }.count
        #expect(heldCount >= 5)
        #expect(
            held == [false, false] + Array(repeating: true, count: heldCount)
                + Array(repeating: false, count: 20 - heldCount))
    }
}
