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
        // The page never reads; the store goes on, and the page is dropped once its backlog passes the limit.
        for _ in 0..<50 {
            #expect(try await running.storeKeepsProcessing(2_000))
            if running.desktop.statistics.droppedPages == 1 { break }
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

/// Attacks that the hand-written server of earlier versions did not hold, and the WebSocket and HTTP protocols'
/// rules, against the desktop inspector.
@Suite(.serialized) struct DesktopProtocolTests {
    func start(limits: DesktopInspector.Limits = .init()) async throws -> Running {
        try await startDesktop(limits: limits)
    }

    func status(of response: Data) -> Int? {
        LoopbackClient.parse(response)?.status
    }

    @Test func clientsHoldingBackTheirBodiesCannotLockThePageOut() async throws {
        var limits = DesktopInspector.Limits()
        limits.maxConnections = 16
        let running = try await start(limits: limits)
        defer { Task { await running.stop() } }
        // Connections without the token send a whole head and hold back the body they announce, filling the room.
        let head =
            "POST \(running.prefix)/api/dispatch HTTP/1.1\r\nHost: 127.0.0.1:\(running.desktop.port)\r\n"
            + "Content-Length: 1000\r\n\r\n"
        var holders: [RawConnection] = []
        for _ in 0..<(limits.maxConnections * 3) {
            holders.append(try await running.client.open(sending: Data(head.utf8)))
        }
        // The page's requests are answered all the same, again and again.
        for _ in 0..<20 {
            #expect(try await running.pageIsAnswered())
            holders.append(try await running.client.open(sending: Data(head.utf8)))
        }
        #expect(running.desktop.statistics.closedForRoom > 0)
        #expect(running.desktop.statistics.open <= limits.maxConnections)
        withExtendedLifetime(holders) {}
    }

    @Test func aFloodOfPingsWhosePongsAreNeverReadIsDisconnected() async throws {
        var limits = DesktopInspector.Limits()
        limits.maxPageBacklogBytes = 256 * 1024
        let running = try await start(limits: limits)
        defer { Task { await running.stop() } }
        let page = try await page(running, receiveBuffer: 4096)
        let payload = [UInt8](repeating: 0x61, count: 125)
        var sent = 0
        while sent < 200_000, running.desktop.statistics.droppedPages == 0 {
            guard await page.send(opcode: 0x9, payload: payload, times: 500) else { break }
            sent += 500
        }
        _ = try await eventually { running.desktop.statistics.droppedPages == 1 ? true : nil }
        // At most the backlog, not one pong per ping, was held for the page.
        #expect(sent * 127 > limits.maxPageBacklogBytes)
        #expect(try await running.pageIsAnswered())
    }

    @Test func controlFramesLongerThan125BytesOrFragmentedFailTheConnection() async throws {
        let running = try await start()
        defer { Task { await running.stop() } }
        let long = try await page(running)
        _ = await long.send(opcode: 0x9, payload: [UInt8](repeating: 1, count: 126))
        #expect(try await long.closeCode() == 1002)
        let fragmented = try await page(running)
        _ = await fragmented.send(opcode: 0x9, payload: [1], fin: false)
        #expect(try await fragmented.closeCode() == 1002)
    }

    @Test func unknownOpcodesReservedBitsAndUnmaskedFramesFailTheConnection() async throws {
        let running = try await start()
        defer { Task { await running.stop() } }
        for (opcode, reserved, masked) in [
            (UInt8(0x3), UInt8(0), true), (0xB, 0, true), (0x1, 4, true), (0x1, 0, false),
        ] {
            let page = try await page(running)
            _ = await page.send(opcode: opcode, payload: Array("x".utf8), masked: masked, reserved: reserved)
            #expect(try await page.closeCode() == 1002, "opcode \(opcode), reserved \(reserved), masked \(masked)")
        }
        // A continuation with no message to continue.
        let orphan = try await page(running)
        _ = await orphan.send(opcode: 0x0, payload: Array("x".utf8))
        #expect(try await orphan.closeCode() == 1002)
    }

    @Test func textThatIsNotUTF8AndInvalidCloseCodesAreRefused() async throws {
        let running = try await start()
        defer { Task { await running.stop() } }
        let text = try await page(running)
        _ = await text.send(opcode: 0x1, payload: [0xC3, 0x28])
        #expect(try await text.closeCode() == 1007)
        // A message in fragments is joined before it is checked: a character split across two fragments is valid.
        let fragments = try await page(running)
        _ = await fragments.send(opcode: 0x1, payload: [0x61, 0xC3], fin: false)
        _ = await fragments.send(opcode: 0x0, payload: [0xA9])
        _ = await fragments.send(opcode: 0x9, payload: Array("still open".utf8))
        var pong = try #require(try await fragments.nextFrame())
        // The store's live updates (text) may come first: the app sends them once a page watches.
        while pong.opcode == 0x1 { pong = try #require(try await fragments.nextFrame()) }
        #expect(pong.opcode == 0xA)
        #expect(String(decoding: pong.payload, as: UTF8.self) == "still open")
        for code in [UInt16(999), 1004, 1005, 1006, 1015, 2999, 5000] {
            let page = try await page(running)
            _ = await page.send(opcode: 0x8, payload: [UInt8(code >> 8), UInt8(code & 0xFF)])
            #expect(try await page.closeCode() == 1002, "close code \(code)")
        }
    }

    @Test func aCloseIsAnsweredAndTheConnectionClosedAtOnce() async throws {
        let running = try await start()
        defer { Task { await running.stop() } }
        let page = try await page(running)
        let started = ContinuousClock.now
        _ = await page.send(opcode: 0x8, payload: [0x03, 0xE8] + Array("bye".utf8))
        #expect(try await page.closeCode() == 1000)
        #expect(try await page.isClosedByServer())
        #expect(ContinuousClock.now - started < .seconds(2))
    }

    @Test func malformedHeadsAreRefusedAndLFOnlyRequestsAnswered() async throws {
        let running = try await start()
        defer { Task { await running.stop() } }
        let host = "Host: 127.0.0.1:\(running.desktop.port)"
        let signed = try await running.client.open(
            sending: Data("POST \(running.prefix)/api/dispatch HTTP/1.1\r\n\(host)\r\nContent-Length: +46\r\n\r\n".utf8)
        )
        #expect(status(of: try await signed.readUntilClosed()) == 400)
        let twoHosts = try await running.client.open(
            sending: Data("GET / HTTP/1.1\r\n\(host)\r\nHost: evil.example\r\n\r\n".utf8))
        #expect(status(of: try await twoHosts.readUntilClosed()) == 400)
        let noHost = try await running.client.open(sending: Data("GET / HTTP/1.1\r\n\r\n".utf8))
        #expect(status(of: try await noHost.readUntilClosed()) == 400)
        let lineFeeds = try await running.client.open(
            sending: Data("GET / HTTP/1.1\n\(host)\nConnection: close\n\n".utf8))
        #expect(status(of: try await lineFeeds.readUntilClosed()) != nil)
        #expect(try await running.storeKeepsProcessing(1_000))
    }

    @Test func pipelinedRequestsAreAllAnsweredInOrder() async throws {
        let running = try await start()
        defer { Task { await running.stop() } }
        let host = "Host: 127.0.0.1:\(running.desktop.port)"
        let request = "GET /api/stores?token=\(running.token) HTTP/1.1\r\n\(host)\r\n\r\n"
        let count = 2_000
        let all =
            String(repeating: request, count: count - 1)
            + "GET /api/stores?token=\(running.token) HTTP/1.1\r\n\(host)\r\nConnection: close\r\n\r\n"
        let connection = try await running.client.open(sending: Data(all.utf8))
        let answers = String(decoding: try await connection.readUntilClosed(), as: UTF8.self)
        #expect(answers.components(separatedBy: "HTTP/1.1 200 OK").count - 1 == count)
    }

    @Test func aDesktopDroppedWithoutStopReleasesItsPort() async throws {
        let port = try await { () async throws -> Int in
            let desktop = try await DesktopInspector.start()
            return desktop.port
        }()
        // The port is free again: a new desktop listens on it.
        let again = try await eventually { () -> DesktopInspector? in
            try? await DesktopInspector.start(port: port)
        }
        #expect(again.port == port)
        await again.stop()
    }

    @Test func anAppWithAWrongPairingCodeIsRefusedAndToldSo() async throws {
        let desktop = try await DesktopInspector.start()
        defer { Task { await desktop.stop() } }
        let store = makeStore()
        let inspector = StoreInspector(inspecting: store)
        var wrong = desktop.appAddress
        wrong.pairingCode = "WRONG-CODE"
        let connection = inspector.connect(to: wrong, store: "refused")
        #expect(await connection.waitUntilConnected(timeout: .seconds(1)) == false)
        let reason = try await eventually { () -> String? in
            if case .disconnected(let reason) = connection.status { return reason }
            return nil
        }
        #expect(reason.contains("pairing code"))
        #expect(desktop.stores.isEmpty)
        #expect(desktop.statistics.refusedApps >= 1)
        await connection.close()
        #expect(connection.status == .closed)
    }
}
