import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import Switchyard
import SwitchyardInspectorDesktop
import SwitchyardTestSupport
import Testing

@testable import SwitchyardInspector

/// The app's side of the connection: it relaunches into the same view, sends live updates only while a page watches,
/// and a desktop that stops reading never slows the store.
@Suite(.serialized) struct InspectorConnectionTests {
    @Test func aRelaunchedAppGoesOnInTheSameViewAndItsPagesAreTold() async throws {
        let desktop = try await DesktopInspector.start()
        defer { Task { await desktop.stop() } }
        let first = makeStore()
        let firstInspector = StoreInspector(inspecting: first)
        let firstConnection = firstInspector.connect(to: desktop.appAddress, app: "Relaunching", store: "main")
        #expect(await firstConnection.waitUntilConnected(timeout: .seconds(20)))
        let view = try await eventually { desktop.stores.first { $0.app == "Relaunching" && $0.isConnected } }
        let client = LoopbackClient(port: UInt16(desktop.port))
        let opened = try await client.webSocket(
            "/stores/\(view.id)/ws", origin: nil, protocols: ["token.\(desktop.token)"])
        let page = try #require(opened.connection)
        #expect(try await page.nextText().contains(#""connected":true"#))
        _ = try await page.waitForText { $0.contains(#""type":"resume""#) }
        first.dispatch(.favorite("before"))
        #expect(try await page.waitForText { $0.contains("before") }.contains(#""type":"entries""#))
        // The app quits: the page is told, and the view stays.
        await firstConnection.close()
        _ = try await page.waitForText { $0.contains(#""connected":false"#) }
        #expect(try await eventually { desktop.stores.first { $0.id == view.id && !$0.isConnected } }.launches == 1)
        // The app's next launch, with the same app and store names, takes the same view.
        let second = makeStore()
        let secondInspector = StoreInspector(inspecting: second)
        let secondConnection = secondInspector.connect(to: desktop.appAddress, app: "Relaunching", store: "main")
        defer { Task { await secondConnection.close() } }
        #expect(await secondConnection.waitUntilConnected(timeout: .seconds(20)))
        let relaunched = try await eventually { desktop.stores.first { $0.id == view.id && $0.isConnected } }
        #expect(relaunched.launches == 2)
        #expect(desktop.stores.count == 1)
        // The page watching the view reloads for the new launch, and receives its actions.
        _ = try await page.waitForText { $0.contains(#""type":"reset""#) }
        second.dispatch(.favorite("after"))
        #expect(try await page.waitForText { $0.contains("after") }.contains(#""type":"entries""#))
        let entries = try await client.request(
            "GET", "/stores/\(view.id)/api/entries?token=\(desktop.token)")
        #expect(entries.text.contains("after"))
        #expect(!entries.text.contains("before"))
    }

    @Test func anAppSendsLiveUpdatesOnlyWhileAPageWatchesItsStore() async throws {
        let running = try await startDesktop(capacity: 2_000)
        defer { Task { await running.stop() } }
        let storeID = running.storeID
        let desktop = running.desktop
        @Sendable func view() throws -> DesktopInspector.Store {
            try #require(desktop.stores.first { $0.id == storeID })
        }
        // No page is open: the store records every action, and the app sends the desktop nothing for them.
        #expect(!running.connection.isWatched)
        try await offThePool {
            for index in 0..<500 { running.store.dispatch(.favorite("unwatched \(index)")) }
        }
        #expect(running.inspector.count == 500)
        try await Task.sleep(for: .milliseconds(500))
        #expect(try view().liveUpdates == 0)
        #expect(try !view().isWatched)
        #expect(desktop.statistics.liveUpdates == 0)
        // A page opens: the app is told, and the page loads the whole history, then receives live updates.
        do {
            let opened = try await running.client.webSocket(
                running.prefix + "/ws", origin: nil, protocols: ["token.\(running.token)"])
            let page = try #require(opened.connection)
            #expect(try await page.nextText().contains(#""type":"app""#))
            // The app is told, and tells the page to load what it misses: its live updates follow.
            #expect(try await page.nextText().contains(#""type":"resume""#))
            #expect(running.connection.isWatched)
            #expect(try view().isWatched)
            let loaded = try await running.get("/api/entries")
            let entries = try JSONDecoder().decode(InspectorWire.Entries.self, from: loaded.body)
            #expect(entries.entries.count == 500)
            #expect(entries.entries.first?.id == 1 && entries.entries.last?.id == 500)
            running.store.dispatch(.favorite("watched"))
            let update = try await page.waitForText { $0.contains("watched") && !$0.contains("unwatched") }
            #expect(update.contains(#""type":"entries""#))
            #expect(try view().liveUpdates > 0)
        }
        // The last page closed: the app is told, and stops sending again.
        _ = try await eventually { running.connection.isWatched ? nil : true }
        let afterClosing = try view().liveUpdates
        try await offThePool {
            for index in 0..<500 { running.store.dispatch(.favorite("closed \(index)")) }
        }
        try await Task.sleep(for: .milliseconds(500))
        #expect(try view().liveUpdates == afterClosing)
        #expect(running.inspector.count == 1_001)
        // A page that opens again shows every entry, those recorded while nobody watched included.
        let again = try await running.client.webSocket(
            running.prefix + "/ws", origin: nil, protocols: ["token.\(running.token)"])
        let second = try #require(again.connection)
        _ = try await second.waitForText { $0.contains(#""type":"resume""#) }
        #expect(running.connection.isWatched)
        let all = try JSONDecoder().decode(InspectorWire.Entries.self, from: try await running.get("/api/entries").body)
        #expect(all.entries.count == 1_001)
        running.store.dispatch(.favorite("back"))
        _ = try await second.waitForText { $0.contains("back") }
    }

    @Test func aDesktopThatStopsReadingNeverSlowsTheStoreAndGetsOneShortMessageWhenItReadsAgain() async throws {
        let stalled = try await StalledDesktop.start()
        defer { Task { await stalled.stop() } }
        let store = Store<AppAction, AppState>(initialState: AppState(), reducer: appReducer)
        let inspector = StoreInspector(inspecting: store, capacity: 100_000)
        let connection = inspector.connect(
            to: InspectorDesktop(host: "127.0.0.1", port: stalled.port, pairingCode: "any"), store: "stalled")
        defer { Task { await connection.close() } }
        #expect(await connection.waitUntilConnected(timeout: .seconds(20)))
        _ = try await eventually { stalled.received > 0 ? true : nil }
        stalled.setReading(false)
        // The desktop reads nothing; the store processes every action all the same, and the app holds at most one
        // update for it.
        // Searches, whose state keeps its size: a list that grew with each action would be copied whole by each one
        // (the history keeps the previous states), and the test would measure that copy.
        let count = 20_000
        try await offThePool {
            for index in 0..<count { store.dispatch(.search("\(index)")) }
        }
        #expect(store.state.query == "\(count - 1)")
        #expect(inspector.count == count)
        // Once the desktop reads again, it catches up with the store: the entries it missed are replaced by short
        // messages that make the page reload, so it receives far fewer entries than the store processed.
        stalled.setReading(true)
        let updates = try await eventually { () -> [InspectorWire.Message]? in
            let updates = stalled.texts.compactMap { text -> InspectorWire.Message? in
                guard
                    case .update(let update) = try? JSONDecoder().decode(
                        InspectorLink.Message.self, from: Data(text.utf8))
                else { return nil }
                return try? JSONDecoder().decode(InspectorWire.Message.self, from: Data(update.utf8))
            }
            return updates.last?.status.lastID == count ? updates : nil
        }
        #expect(connection.coalescedUpdates >= 1)
        #expect(updates.contains { $0.type == "reset" && $0.note?.contains("coalesced") == true })
        let sent = updates.reduce(0) { $0 + ($1.entries?.count ?? 0) }
        #expect(sent < count)
        #expect(connection.status == .connected)
    }

    @Test func aBurstWhileAPageWatchesDescribesOnlyTheEntriesTheUpdatesSend() async throws {
        let stalled = try await StalledDesktop.start()
        defer { Task { await stalled.stop() } }
        let store = Store<CountedDescriptionAction, Int>(initialState: 0, reducer: Reducer { _, state in state += 1 })
        let count = 20_000
        let inspector = StoreInspector(inspecting: store, capacity: count)
        let connection = inspector.connect(
            to: InspectorDesktop(host: "127.0.0.1", port: stalled.port, pairingCode: "any"), store: "burst")
        defer { Task { await connection.close() } }
        #expect(await connection.waitUntilConnected(timeout: .seconds(20)))
        _ = try await eventually { stalled.received > 1 ? true : nil }
        // A page watches; the desktop falls behind for a burst, then reads again.
        stalled.setReading(false)
        let before = CountedDescriptionAction.descriptions.withLock { $0 }
        try await offThePool {
            for index in 0..<count { store.dispatch(CountedDescriptionAction(index: index)) }
        }
        stalled.setReading(true)
        @Sendable func update(_ text: String) -> InspectorWire.Message? {
            guard
                case .update(let update) = try? JSONDecoder().decode(InspectorLink.Message.self, from: Data(text.utf8))
            else { return nil }
            return try? JSONDecoder().decode(InspectorWire.Message.self, from: Data(update.utf8))
        }
        // The app catches up with the store (slowly under a sanitizer on a loaded machine: the deadline is generous).
        _ = try await eventually {
            stalled.texts.last.flatMap(update)?.status.lastID == count ? true : nil
        }
        let updates = stalled.texts.compactMap(update)
        #expect(connection.coalescedUpdates >= 1)
        // What was described is what was sent: the entries of the `entries` updates, none of those a reset replaced.
        let sent = updates.reduce(0) { $0 + ($1.entries?.count ?? 0) }
        #expect(sent < count)
        #expect(CountedDescriptionAction.descriptions.withLock { $0 } - before == sent)
    }

    @Test func anUpdateDecidesFromTheCountsAndDescribesOnlyWhatItSends() async throws {
        let store = Store<CountedDescriptionAction, Int>(initialState: 0, reducer: Reducer { _, state in state += 1 })
        let inspector = StoreInspector(inspecting: store, capacity: 10_000)
        let connection = InspectorConnection(
            desktop: InspectorDesktop(pairingCode: "unused"),
            hello: InspectorLink.Hello(
                version: InspectorLink.version, app: "A", store: "S", platform: "P", process: "p", processID: 1,
                host: "h", stateType: "Int", actionType: "A", module: nil, launch: "l"))
        for index in 0..<2_000 { store.dispatch(CountedDescriptionAction(index: index)) }
        var status = inspector.status()
        // 2,000 new entries since the last sent: a reset, and not one of them described.
        var lastSent: Int? = 0
        var described = CountedDescriptionAction.descriptions.withLock { $0 }
        let reset = InspectorLinkSession.nextUpdate(
            inspector, connection: connection, lastStatus: &status, lastSent: &lastSent)
        #expect(reset?.type == "reset")
        #expect(lastSent == 2_000)
        #expect(CountedDescriptionAction.descriptions.withLock { $0 } == described)
        // 200 new entries: they are sent, and only they are described.
        for index in 0..<200 { store.dispatch(CountedDescriptionAction(index: index)) }
        described = CountedDescriptionAction.descriptions.withLock { $0 }
        let entries = InspectorLinkSession.nextUpdate(
            inspector, connection: connection, lastStatus: &status, lastSent: &lastSent)
        #expect(entries?.type == "entries")
        #expect(entries?.entries?.count == 200)
        #expect(lastSent == 2_200)
        #expect(CountedDescriptionAction.descriptions.withLock { $0 } - described == 200)
        withExtendedLifetime(store) {}
    }

    /// A peer that accepts the app's connection and never answers its handshake (another service on the desktop's
    /// port) is left at the handshake timeout, with the reason said, and the app tries again; closing the connection
    /// while a handshake waits returns at once.
    @Test func aPeerThatNeverAnswersTheHandshakeIsLeftAndTheConnectionStillCloses() async throws {
        // A listener that accepts connections and never writes a byte.
        let silent = try await ServerBootstrap(group: NIOSingletons.posixEventLoopGroup)
            .bind(host: "127.0.0.1", port: 0).get()
        defer { silent.close(promise: nil) }
        let port = try #require(silent.localAddress?.port)
        let store = makeStore()
        var desktop = InspectorDesktop(port: port, pairingCode: "CODE")
        desktop.handshakeTimeout = .milliseconds(300)
        let connection = StoreInspector(inspecting: store).connect(to: desktop, app: "Silent", store: "main")
        let reason = try await eventually(timeout: .seconds(20)) { () -> String? in
            if case .disconnected(let reason) = connection.status { return reason }
            return nil
        }
        #expect(reason.contains("no answer to the WebSocket handshake within"))
        // It tries again: the handshake waits once more.
        _ = try await eventually(timeout: .seconds(20)) { connection.status == .connecting ? true : nil }
        await connection.close()

        // A handshake that would wait long: closing the connection does not wait for it.
        desktop.handshakeTimeout = .seconds(600)
        let waiting = StoreInspector(inspecting: store).connect(to: desktop, app: "Silent", store: "waiting")
        try await Task.sleep(for: .milliseconds(300))
        #expect(waiting.status == .connecting)
        let closed = LockedValue(false)
        let closing = Task {
            await waiting.close()
            closed.withLock { $0 = true }
        }
        #expect(try await eventually(timeout: .seconds(10)) { closed.withLock { $0 } ? true : nil })
        _ = closing
    }
}

/// An action that counts its descriptions: the inspector describes an action for each summary it makes for a page.
struct CountedDescriptionAction: Sendable, CustomStringConvertible {
    static let descriptions = LockedValue(0)
    var index: Int

    var description: String {
        Self.descriptions.withLock { $0 += 1 }
        return "action \(index)"
    }
}

/// A desktop that accepts an app's WebSocket, keeps the text messages it reads, and can stop reading.
final class StalledDesktop: Sendable {
    let port: Int
    private let channel: Channel
    private let children = LockedValue<[Channel]>([])
    private let messages = LockedValue<[String]>([])

    var received: Int { messages.withLock { $0.count } }
    var texts: [String] { messages.withLock { $0 } }

    private init(channel: Channel) {
        self.channel = channel
        port = channel.localAddress?.port ?? 0
    }

    static func start() async throws -> StalledDesktop {
        let box = LockedValue<StalledDesktop?>(nil)
        let channel = try await ServerBootstrap(group: NIOSingletons.posixEventLoopGroup)
            .childChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let upgrader = NIOWebSocketServerUpgrader(
                        maxFrameSize: 1 << 24,
                        shouldUpgrade: { channel, _ in
                            var headers = HTTPHeaders()
                            headers.add(name: "Sec-WebSocket-Protocol", value: InspectorLink.subprotocol)
                            return channel.eventLoop.makeSucceededFuture(headers)
                        },
                        upgradePipelineHandler: { channel, _ in
                            box.withLock { $0 }?.children.withLock { $0.append(channel) }
                            return channel.eventLoop.makeCompletedFuture {
                                try channel.pipeline.syncOperations.addHandlers(
                                    NIOWebSocketFrameAggregator(
                                        minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 1 << 16,
                                        maxAccumulatedFrameSize: 1 << 28),
                                    Collector { text in box.withLock { $0 }?.messages.withLock { $0.append(text) } })
                            }
                        })
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in }))
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        let desktop = StalledDesktop(channel: channel)
        box.withLock { $0 = desktop }
        return desktop
    }

    /// Stops or resumes reading from the apps' connections: stopped, their bytes wait in the sockets' buffers.
    func setReading(_ reading: Bool) {
        for child in children.withLock({ $0 }) {
            child.setOption(ChannelOptions.autoRead, value: reading).whenSuccess {
                if reading { child.read() }
            }
        }
    }

    func stop() async {
        for child in children.withLock({ $0 }) { try? await child.close() }
        try? await channel.close()
    }

    /// Keeps the text of each message, and answers the app's hello as the desktop does when a page is open.
    final class Collector: ChannelInboundHandler {
        typealias InboundIn = WebSocketFrame
        let onText: @Sendable (String) -> Void

        init(onText: @escaping @Sendable (String) -> Void) {
            self.onText = onText
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let frame = unwrapInboundIn(data)
            guard frame.opcode == .text else { return }
            var payload = frame.unmaskedData
            let text = payload.readString(length: payload.readableBytes) ?? ""
            onText(text)
            // A page watches the store: the desktop tells the app so in answer to its hello.
            if text.contains(#""type":"hello""#) {
                let watch = InspectorLink.Message.watch(true).text()
                context.writeAndFlush(
                    NIOAny(
                        WebSocketFrame(fin: true, opcode: .text, data: context.channel.allocator.buffer(string: watch))),
                    promise: nil)
            }
        }
    }
}
