import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import Switchyard

/// The app's side of the connection to the desktop inspector, on SwiftNIO's WebSocket client.
///
/// Apple platforms have `URLSessionWebSocketTask`, but Linux's Foundation cannot open a WebSocket: its task fails
/// with "WebSockets not supported by libcurl" with Debian 12's libcurl 7.88, and also with a libcurl 8.23 whose
/// protocols include `ws` and `wss` loaded in its place (Swift 6.3.1's Foundation for Linux was built without
/// WebSocket support). SwiftNIO's client works the same everywhere and is the one tested here.
enum InspectorLinkSession {
    /// The largest message the desktop may send the app (a session to import is the largest).
    static let maximumMessageBytes = 512 * 1024 * 1024

    enum Upgrade: Sendable {
        case webSocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        /// The desktop answered the upgrade with this status instead.
        case refused(EventLoopFuture<Int>)
    }

    /// How a handshake ended, once the desktop answered it.
    enum Handshake: Sendable {
        case webSocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        /// The desktop answered the upgrade with this status instead.
        case refused(Int)
    }

    /// The peer did not answer the handshake in time.
    struct HandshakeTimeout: Error, CustomStringConvertible {
        let timeout: Duration
        var description: String { "no answer to the WebSocket handshake within \(timeout)" }
    }

    /// Connects, serves the session until it drops, and connects again, until the connection is closed or the store
    /// is freed.
    static func keepConnected<Action, State>(
        _ connection: InspectorConnection,
        endpoints: InspectorEndpoints<Action, State>
    ) async {
        var delay: Duration = .milliseconds(250)
        while !connection.isClosed, !Task.isCancelled, endpoints.inspector.liveStore != nil {
            connection.setStatus(.connecting)
            do {
                switch try await open(connection.desktop) {
                case .webSocket(let channel):
                    delay = .milliseconds(250)
                    try await serve(channel, connection: connection, endpoints: endpoints)
                    connection.setStatus(.disconnected(reason: "The desktop inspector closed the connection."))
                case .refused(let status):
                    connection.setStatus(.disconnected(reason: refusal(status, connection.desktop)))
                }
            } catch {
                connection.setStatus(
                    .disconnected(
                        reason: "No desktop inspector at \(connection.desktop.host):\(connection.desktop.port) "
                            + "(\(error))."))
            }
            if connection.isClosed || Task.isCancelled { break }
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, InspectorConnection.maximumRetryDelay)
        }
        connection.setClosed()
    }

    /// Why the desktop refused the app, from the status it answered the upgrade with.
    static func refusal(_ status: Int, _ desktop: InspectorDesktop) -> String {
        let desktop = "The desktop inspector at \(desktop.host):\(desktop.port)"
        switch status {
        case 429:
            return desktop + " holds off pairing for a while after many wrong pairing codes from elsewhere (a "
                + "lockout: the app's code was not compared); the app tries again."
        case 503:
            return desktop + " has as many apps connected as it takes; the app tries again."
        case 409:
            return desktop + " is of another Switchyard release than the app, and their link differs: build both "
                + "with one release."
        case 403:
            return desktop + " refused the app: check the pairing code it shows."
        default:
            return desktop + " refused the app (HTTP \(status)); the app tries again."
        }
    }

    /// Opens the WebSocket to the desktop, with the pairing code, and returns once the desktop answered: the
    /// connection is closed when it does not answer within the desktop's `handshakeTimeout`, or when the task is
    /// cancelled (the app closed its connection), so that neither waits on a peer that never answers.
    static func open(_ desktop: InspectorDesktop) async throws -> Handshake {
        let socket = try await CloseOnExecSocket.connect(host: desktop.host, port: desktop.port, timeout: .seconds(5))
        let opened = LockedValue<Channel?>(nil)
        let upgrade = try await upgrade(socket, to: desktop, opened: opened)
        let channel = opened.withLock { $0 }.unsafelyUnwrapped
        let timedOut = LockedValue(false)
        let (seconds, attoseconds) = desktop.handshakeTimeout.components
        let timeout = TimeAmount.nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        let deadline = channel.eventLoop.scheduleTask(in: timeout) {
            timedOut.withLock { $0 = true }
            channel.close(promise: nil)
        }
        defer { deadline.cancel() }
        do {
            return try await withTaskCancellationHandler {
                switch try await upgrade.fencedGet() {
                case .webSocket(let socket): .webSocket(socket)
                case .refused(let status): .refused(try await status.fencedGet())
                }
            } onCancel: {
                channel.close(promise: nil)
            }
        } catch {
            throw timedOut.withLock { $0 } ? HandshakeTimeout(timeout: desktop.handshakeTimeout) : error
        }
    }

    /// Starts the WebSocket handshake on `socket`; `opened` is given the channel.
    private static func upgrade(
        _ socket: NIOBSDSocket.Handle, to desktop: InspectorDesktop, opened: LockedValue<Channel?>
    ) async throws -> EventLoopFuture<Upgrade> {
        try await ClientBootstrap(group: NIOSingletons.posixEventLoopGroup)
            .withConnectedSocket(socket) { channel in
                opened.withLock { $0 = channel }
                return channel.eventLoop.makeCompletedFuture {
                    let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(
                        maxFrameSize: maximumMessageBytes,
                        upgradePipelineHandler: { channel, _ in
                            channel.eventLoop.makeCompletedFuture {
                                try channel.pipeline.syncOperations.addHandlers(
                                    NIOWebSocketFrameAggregator(
                                        minNonFinalFragmentSize: 0,
                                        maxAccumulatedFrameCount: 1 << 16,
                                        maxAccumulatedFrameSize: maximumMessageBytes
                                    ),
                                    ResumeFence.Gate<WebSocketFrame>()
                                )
                                return Upgrade.webSocket(
                                    try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(
                                        wrappingChannelSynchronously: channel))
                            }
                        }
                    )
                    var headers = HTTPHeaders()
                    headers.add(name: "Host", value: "\(desktop.host):\(desktop.port)")
                    headers.add(name: "Sec-WebSocket-Protocol", value: InspectorLink.subprotocol)
                    headers.add(name: InspectorLink.pairingHeader, value: desktop.pairingCode)
                    headers.add(name: "Content-Length", value: "0")
                    let head = HTTPRequestHead(
                        version: .http1_1, method: .GET, uri: InspectorLink.path, headers: headers)
                    let configuration = NIOTypedHTTPClientUpgradeConfiguration<Upgrade>(
                        upgradeRequestHead: head,
                        upgraders: [upgrader],
                        notUpgradingCompletionHandler: { channel in
                            // The answer's head comes next, once this returns: its status says why.
                            let status = channel.eventLoop.makePromise(of: Int.self)
                            do {
                                try channel.pipeline.syncOperations.addHandler(RefusalReader(status: status))
                            } catch {
                                status.fail(error)
                                channel.close(promise: nil)
                            }
                            return channel.eventLoop.makeSucceededFuture(.refused(status.futureResult))
                        }
                    )
                    return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
                        configuration: .init(upgradeConfiguration: configuration))
                }
            }
    }

    /// What the update loop of a connection reacts to.
    enum LinkEvent: Sendable {
        /// The desktop said whether a page watches the store.
        case watch(Bool)
        /// The history or the mode changed.
        case changed
    }

    /// Says hello, then answers the desktop's requests until the connection drops, and sends the live updates while
    /// the desktop says a page watches the store.
    static func serve<Action, State>(
        _ channel: NIOAsyncChannel<WebSocketFrame, WebSocketFrame>,
        connection: InspectorConnection,
        endpoints: InspectorEndpoints<Action, State>
    ) async throws {
        try await channel.executeThenClose { inbound, outbound in
            let writer = LinkWriter(outbound: outbound)
            let (events, sink) = AsyncStream<LinkEvent>.makeStream()
            defer {
                sink.finish()
                connection.setWatched(false)
            }
            try await writer.send(.hello(connection.hello))
            connection.setStatus(.connected)
            try await withThrowingDiscardingTaskGroup { group in
                group.addTask {
                    try await sendUpdates(
                        endpoints.inspector, writer: writer, connection: connection, events: events, sink: sink)
                }
                loop: for try await frame in inbound {
                    ResumeFence.pass()
                    switch frame.opcode {
                    case .text:
                        var data = frame.unmaskedData
                        guard let bytes = data.readBytes(length: data.readableBytes),
                            let message = try? JSONDecoder().decode(InspectorLink.Message.self, from: Data(bytes))
                        else { continue }
                        switch message {
                        case .request(let id, let request):
                            group.addTask {
                                let reply = await endpoints.handle(request)
                                try await writer.send(.reply(id, reply))
                            }
                        case .watch(let watched):
                            connection.setWatched(watched)
                            sink.yield(.watch(watched))
                        case .hello, .update, .reply:
                            continue
                        }
                    case .ping:
                        try await writer.write(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData))
                    case .connectionClose:
                        break loop
                    default:
                        continue
                    }
                }
                group.cancelAll()
            }
        }
    }

    /// The store's live updates, as the page reads them: new entries and status changes, computed when the history
    /// changes and only once the previous update was written, so that changes coalesce while the desktop is slow.
    ///
    /// Nothing is computed or sent while no page watches the store: the inspector does not even listen to the
    /// history then. When a page opens, the desktop says so, and the app tells the pages to load what they miss
    /// (`reset` when a page watched as the connection opened, `resume` otherwise); the history itself is recorded all
    /// along, so the page shows every entry.
    static func sendUpdates<Action, State>(
        _ inspector: StoreInspector<Action, State>,
        writer: LinkWriter,
        connection: InspectorConnection,
        events: AsyncStream<LinkEvent>,
        sink: AsyncStream<LinkEvent>.Continuation
    ) async throws {
        let recorder = inspector.recorder
        var listening: (id: UInt64, relay: Task<Void, Never>)?
        func stopListening() {
            guard let (id, relay) = listening else { return }
            relay.cancel()
            recorder.stopListening(id)
            listening = nil
        }
        defer { stopListening() }
        var isFirstWatch = true
        var lastStatus = inspector.status()
        var lastSent = lastStatus.lastID
        for await event in events {
            try Task.checkCancellation()
            switch event {
            case .watch(let watched):
                defer { isFirstWatch = false }
                guard watched else {
                    stopListening()
                    continue
                }
                guard listening == nil else { continue }
                let (id, changes) = recorder.listen()
                let relay = Task {
                    for await _ in changes { sink.yield(.changed) }
                }
                listening = (id, relay)
                lastStatus = inspector.status()
                lastSent = lastStatus.lastID
                // The first word of a connection (the first, or after a relaunch or a drop) with a page open: the
                // page reloads what it shows. A page that opens later loads what it misses after this.
                let type = isFirstWatch ? "reset" : "resume"
                try await writer.send(
                    .update(text(InspectorWire.Message(type: type, entries: nil, status: lastStatus))))
            case .changed:
                guard listening != nil else { continue }
                recorder.acknowledgeSignal()
                if let message = nextUpdate(
                    inspector, connection: connection, lastStatus: &lastStatus, lastSent: &lastSent)
                {
                    try await writer.send(.update(text(message)))
                }
            }
        }
    }

    /// What the next update carries, decided from numbers alone before anything is described.
    enum UpdatePlan<Action: Sendable, State: Sendable> {
        /// The page reloads what it shows; `coalesced` new entries are not sent, when the desktop fell behind.
        case reset(coalesced: Int?)
        /// These entries, at most ``InspectorConnection/maximumEntriesPerUpdate`` of them.
        case entries([InspectorEntry<Action, State>])
        /// No new entry: the status, if it changed.
        case status
    }

    /// The update that tells the pages what changed since `lastSent`, if anything did.
    ///
    /// It is decided first, under the recorder's lock, from the entries' numbers and count: only the entries an
    /// `entries` update sends (at most ``InspectorConnection/maximumEntriesPerUpdate``) are copied, and only they
    /// are described, with no lock held. A `reset` copies and describes none: the page reloads them itself.
    static func nextUpdate<Action, State>(
        _ inspector: StoreInspector<Action, State>,
        connection: InspectorConnection,
        lastStatus: inout InspectorWire.Status,
        lastSent: inout Int?
    ) -> InspectorWire.Message? {
        let previous = lastStatus
        let sentUpTo = lastSent
        let (plan, current, example) = inspector.recorder.withState {
            state -> (UpdatePlan<Action, State>, InspectorWire.Status, Action?) in
            let status = inspector.status(of: state)
            let example = inspector.exampleAction(in: state)
            let from = state.history.firstOffset(after: sentUpTo)
            let pending = state.history.count - from
            // Entries between the last sent and the first new one went (the ring let them go, or they were swept).
            let missed = sentUpTo.map { from < state.history.count && state.history[from].id > $0 + 1 } ?? false
            if status.imported != previous.imported || status.lastID.map({ $0 < (sentUpTo ?? 0) }) == true {
                return (.reset(coalesced: nil), status, example)
            }
            if pending > InspectorConnection.maximumEntriesPerUpdate || missed {
                return (.reset(coalesced: pending), status, example)
            }
            if pending > 0 {
                return (.entries((from..<state.history.count).map { state.history[$0] }), status, example)
            }
            return (.status, status, example)
        }
        let status = inspector.withExample(current, example)
        let message: InspectorWire.Message?
        switch plan {
        case .reset(nil):
            message = InspectorWire.Message(type: "reset", entries: nil, status: status)
            lastSent = status.lastID
        case .reset(let coalesced?):
            // The desktop fell behind: one short message instead of the entries, and the page reloads.
            connection.countCoalescedUpdate()
            message = InspectorWire.Message(
                type: "reset", entries: nil, status: status,
                note: "The desktop fell behind the app: \(coalesced) live updates were coalesced.")
            lastSent = status.lastID
        case .entries(let entries):
            message = InspectorWire.Message(
                type: "entries", entries: inspector.summaries(of: entries), status: status)
            lastSent = entries.last?.id
        case .status:
            message = status != previous ? InspectorWire.Message(type: "status", entries: nil, status: status) : nil
        }
        lastStatus = status
        return message
    }

    static func text(_ message: InspectorWire.Message) -> String {
        String(decoding: (try? JSONEncoder().encode(message)) ?? Data(), as: UTF8.self)
    }
}
