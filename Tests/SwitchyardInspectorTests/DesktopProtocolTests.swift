import Foundation
import Switchyard
import SwitchyardInspectorDesktop
import SwitchyardTestSupport
import Testing

@testable import SwitchyardInspector

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
        // The kernel's own receive buffer: a shrunk one can keep the pongs resending until the kernel gives up.
        let page = try await page(running)
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

    @Test func aHeadPastTheLimitsAfterAnAnsweredRequestIsRefusedWith431() async throws {
        let running = try await start()
        defer { Task { await running.stop() } }
        let host = "Host: 127.0.0.1:\(running.desktop.port)"
        let answered = "GET /api/stores?token=\(running.token) HTTP/1.1\r\n\(host)\r\n\r\n"
        let long = "GET / HTTP/1.1\r\n\(host)\r\nX-Long: " + String(repeating: "a", count: 64 * 1024)
        let connection = try await running.client.open(sending: Data((answered + long).utf8))
        let answers = String(decoding: try await connection.readUntilClosed(), as: UTF8.self)
        #expect(answers.hasPrefix("HTTP/1.1 200 OK"))
        #expect(answers.contains("HTTP/1.1 431 Request Header Fields Too Large"))
        #expect(running.desktop.statistics.refusedForLimits == 1)
    }

    /// A first request that asks for an upgrade to a protocol the desktop does not speak is answered as a plain one,
    /// not closed unanswered at the request timeout: `h2c`, as `curl --http2` sends to an `http` address, and any
    /// other.
    @Test(arguments: [
        "Upgrade: h2c\r\nConnection: Upgrade, HTTP2-Settings, close\r\nHTTP2-Settings: AAMAAABkAAQAAP__\r\n",
        "Upgrade: foo/2, websocket-ish\r\nConnection: Upgrade, close\r\n",
    ])
    func anUpgradeToAnotherProtocolIsAnsweredAsAPlainRequest(upgrade: String) async throws {
        let running = try await start()
        defer { Task { await running.stop() } }
        let request =
            "GET /api/stores?token=\(running.token) HTTP/1.1\r\nHost: 127.0.0.1:\(running.desktop.port)\r\n"
            + upgrade + "\r\n"
        let connection = try await running.client.open(sending: Data(request.utf8))
        #expect(status(of: try await connection.readUntilClosed()) == 200)
    }

    /// A WebSocket upgrade that is refused is answered, and its connection closed at once: NIO's HTTP decoder reads
    /// nothing after a request that asks for an upgrade, so a request sent after it on that connection could never be
    /// answered. Closed, the connection tells its client to send that request again on a new one, where kept open it
    /// would leave it waiting for the request timeout.
    @Test func aRefusedUpgradeIsAnsweredAndItsConnectionClosed() async throws {
        var limits = DesktopInspector.Limits()
        limits.requestTimeout = .seconds(60)
        let running = try await start(limits: limits)
        defer { Task { await running.stop() } }
        let host = "Host: 127.0.0.1:\(running.desktop.port)"
        // A page's socket without the token, and a request sent after it on the same connection.
        let upgrade =
            "GET \(running.prefix)/ws HTTP/1.1\r\n\(host)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        let next = "GET /api/stores?token=\(running.token) HTTP/1.1\r\n\(host)\r\n\r\n"
        let started = ContinuousClock.now
        let connection = try await running.client.open(sending: Data((upgrade + next).utf8))
        let answer = try await connection.readUntilClosed()
        // The client's own receive timeout is 20 s: a connection left open ends the reading only then.
        #expect(ContinuousClock.now - started < .seconds(15))
        let response = try #require(LoopbackClient.parse(answer))
        #expect(response.status == 403)
        #expect(response.headers["connection"]?.lowercased() == "close")
        // The page's own requests are answered on new connections.
        #expect(try await running.pageIsAnswered())
    }

    /// A client that sends `Expect: 100-continue` waits for `100 Continue` before it sends the body (curl waits a
    /// second for it, with a large body): it is told so as soon as the head passes the checks, and answered once the
    /// body came; a body announced past the limit is refused at once, and never asked for.
    @Test func aClientThatExpectsToContinueIsToldSo() async throws {
        let running = try await start()
        defer { Task { await running.stop() } }
        let host = "Host: 127.0.0.1:\(running.desktop.port)"
        let body = #"{"paused": true}"#
        let head =
            "POST \(running.prefix)/api/pause?token=\(running.token) HTTP/1.1\r\n\(host)\r\nExpect: 100-continue\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
        let connection = try await running.client.open(sending: Data(head.utf8))
        let interim = String(decoding: try await connection.readHead(), as: UTF8.self)
        #expect(interim.hasPrefix("HTTP/1.1 100 Continue\r\n"))
        #expect(await connection.send(Data(body.utf8)))
        #expect(status(of: try await connection.readUntilClosed()) == 200)
        #expect(running.inspector.status().paused)

        let tooLarge =
            "POST \(running.prefix)/api/pause?token=\(running.token) HTTP/1.1\r\n\(host)\r\nExpect: 100-continue\r\n"
            + "Content-Length: 100000000\r\n\r\n"
        let refused = try await running.client.open(sending: Data(tooLarge.utf8))
        let answer = String(decoding: try await refused.readUntilClosed(), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 413 "))
        #expect(!answer.contains("100 Continue"))
    }

    /// `HEAD` is answered as `GET` is, without the body, as HTTP requires of every server: the page's address and the
    /// endpoints alike; the next request on the connection is answered after it.
    @Test func headIsAnsweredAsGetWithoutTheBody() async throws {
        let running = try await start()
        defer { Task { await running.stop() } }
        let host = "Host: 127.0.0.1:\(running.desktop.port)"
        for target in ["/", "\(running.prefix)/api/status?token=\(running.token)"] {
            let get = try await running.client.request("GET", target)
            let requests =
                "HEAD \(target) HTTP/1.1\r\n\(host)\r\n\r\n"
                + "GET /api/stores?token=\(running.token) HTTP/1.1\r\n\(host)\r\nConnection: close\r\n\r\n"
            let connection = try await running.client.open(sending: Data(requests.utf8))
            let answers = try await connection.readUntilClosed()
            let head = try #require(LoopbackClient.parse(answers))
            #expect(head.status == 200)
            #expect(head.headers["content-type"] == get.headers["content-type"])
            #expect(Int(head.headers["content-length"] ?? "") ?? 0 > 0)
            // No body: the next response starts right after the head.
            #expect(String(decoding: head.body, as: UTF8.self).hasPrefix("HTTP/1.1 200 OK\r\n"))
        }
    }

    /// An HTTP/1.0 client keeps its connection only when the response says so: the desktop says it when it keeps
    /// one open, and the next request is answered on it.
    @Test func anHTTP10ConnectionKeptOpenIsSaidToBe() async throws {
        let running = try await start()
        defer { Task { await running.stop() } }
        let host = "Host: 127.0.0.1:\(running.desktop.port)"
        let request = "GET /api/stores?token=\(running.token) HTTP/1.0\r\n\(host)\r\n"
        let connection = try await running.client.open(
            sending: Data((request + "Connection: keep-alive\r\n\r\n" + request + "\r\n").utf8))
        let answers = String(decoding: try await connection.readUntilClosed(), as: UTF8.self)
        let first = try #require(LoopbackClient.parse(Data(answers.utf8)))
        #expect(first.status == 200)
        #expect(first.headers["connection"]?.lowercased() == "keep-alive")
        #expect(answers.components(separatedBy: "HTTP/1.1 200 OK").count - 1 == 2)
        #expect(answers.lowercased().contains("connection: close"))
    }

    /// A request for a WebSocket address that is no handshake the desktop takes is told what to send, as HTTP and
    /// the WebSocket protocol require: another WebSocket version, or no upgrade, gets `426` with the protocol and the
    /// version to use; a handshake without its key is malformed.
    @Test func aWebSocketAddressSaysWhatHandshakeItTakes() async throws {
        let running = try await start()
        defer { Task { await running.stop() } }
        let host = "Host: 127.0.0.1:\(running.desktop.port)"
        let handshake = "GET \(running.prefix)/ws?token=\(running.token) HTTP/1.1\r\n\(host)\r\n"
        let cases: [(String, Int)] = [
            (
                "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 8\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n", 426
            ),
            ("Connection: close\r\n", 426),
            ("Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n", 400),
        ]
        for (headers, status) in cases {
            let connection = try await running.client.open(sending: Data((handshake + headers + "\r\n").utf8))
            let answer = try #require(LoopbackClient.parse(try await connection.readUntilClosed()))
            #expect(answer.status == status)
            if status == 426 {
                #expect(answer.headers["upgrade"] == "websocket")
                #expect(answer.headers["sec-websocket-version"] == "13")
            }
        }
    }

    /// A test exported under a name that is not a Swift identifier, or with an import that is not a module's name,
    /// would not compile: it is refused with the reason, not written.
    @Test func anExportedTestsNamesMustBeSwiftNames() async throws {
        let running = try await start()
        for (query, status) in [
            ("name=replaysTheSearch&imports=MyApp,Foundation", 200), ("name=my%20test", 400),
            ("name=1st", 400), ("imports=My%20App", 400), ("imports=MyApp..Models", 400),
        ] {
            #expect(try await running.get("/api/export/test?" + query).status == status, "\(query)")
        }
        await running.stop()
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
