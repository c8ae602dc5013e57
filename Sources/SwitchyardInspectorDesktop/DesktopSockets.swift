import Foundation
import NIOCore
import NIOWebSocket
import Switchyard
import SwitchyardInspector

extension DesktopServer {
    /// The writer of a page that just connected to the store numbered `storeID`, once the directory added it and
    /// told it whether the store's app is connected; `nil` when there is no such store. Called on the connection's
    /// event loop as it becomes a WebSocket, so that the greeting goes before any live update, and the page counts
    /// against the limit at once.
    func addPage(_ channel: Channel, to storeID: Int) -> SocketWriter? {
        let statistics = statistics
        let writer = SocketWriter(channel: channel, limit: limits.maxPageBacklogBytes) {
            statistics.withLock { $0.droppedPages += 1 }
        }
        guard let isAppConnected = directory.addPage(writer, to: storeID) else { return nil }
        let directory = directory
        channel.closeFuture.whenComplete { _ in directory.removePage(writer) }
        writer.send(text: #"{"type":"app","connected":\#(isAppConnected)}"#)
        return writer
    }

    /// A page watching a store: it receives the store's live updates and sends nothing that matters. While a store has
    /// at least one page, its app sends live updates; the directory tells the app when the first page opens and when
    /// the last closes.
    func servePage(_ socket: DesktopWebSocket, writer: SocketWriter) async {
        try? await socket.executeThenClose { inbound, _ in
            var messages = WebSocketMessages(maxMessageBytes: limits.maxPageMessageBytes, maxFragments: 1024)
            await read(inbound, with: &messages, writer: writer) { _, _ in true }
        }
    }

    /// An app's connection: its hello, its live updates for the pages, and its replies to the pages' requests.
    func serveApp(_ socket: DesktopWebSocket) async {
        let directory = directory
        let statistics = statistics
        let channel = socket.channel
        let writer = SocketWriter(channel: channel)
        let helloDeadline = ConnectionDeadline(channel: channel, timeout: limits.requestTimeout)
        helloDeadline.start()
        try? await socket.executeThenClose { inbound, _ in
            var messages = WebSocketMessages(maxMessageBytes: limits.maxAppMessageBytes, maxFragments: 1 << 16)
            var link: AppLink?
            await read(inbound, with: &messages, writer: writer) { opcode, data in
                guard opcode == .text,
                    let message = try? JSONDecoder().decode(
                        InspectorLink.Message.self, from: Data(data.readableBytesView))
                else { return true }
                switch (message, link) {
                case (.hello(let hello), nil):
                    guard hello.version == InspectorLink.version else { return false }
                    helloDeadline.cancel()
                    let attached = AppLink(channel: channel, writer: writer)
                    link = attached
                    directory.attach(hello, link: attached)
                    channel.closeFuture.whenComplete { _ in
                        directory.tellPages(of: attached, #"{"type":"app","connected":false}"#)
                        directory.detach(attached)
                        attached.didClose()
                    }
                case (.update(let update), let link?):
                    statistics.withLock { $0.liveUpdates += 1 }
                    directory.forward(update: update, from: link)
                case (.reply(let id, let reply), let link?):
                    link.complete(id, with: reply)
                default:
                    break
                }
                return true
            }
        }
    }

    /// Reads `inbound` under the WebSocket protocol's rules until the connection ends or must end: pings and closes
    /// are answered through `writer`, each message is given to `receive`, which returns `false` to end the connection.
    private func read(
        _ inbound: NIOAsyncChannelInboundStream<WebSocketFrame>, with messages: inout WebSocketMessages,
        writer: SocketWriter, receive: (WebSocketOpcode, ByteBuffer) -> Bool
    ) async {
        do {
            for try await frame in inbound {
                ResumeFence.pass()
                switch messages.read(frame) {
                case .message(let opcode, let data):
                    guard receive(opcode, data) else { return }
                case .ping(let data):
                    writer.send(WebSocketFrame(fin: true, opcode: .pong, data: data))
                case .none:
                    continue
                case .close(let code, let isViolation):
                    if isViolation { statistics.withLock { $0.protocolErrors += 1 } }
                    await writer.close(code)
                    return
                }
            }
        } catch let error as NIOWebSocketError {
            // A frame NIO's decoder refused: too large (`1009`), or a control frame that is fragmented or longer than
            // 125 bytes (`1002`).
            statistics.withLock { $0.protocolErrors += 1 }
            await writer.close(error == .invalidFrameLength ? .messageTooLarge : .protocolError)
        } catch {
            // The connection failed: it closes.
        }
    }
}

/// Writes a WebSocket's frames to its channel as they are sent, from whichever thread sends them, and counts what
/// waits to be written.
///
/// The frames do not go through the `NIOAsyncChannel`'s writer, which waits while the peer does not read: a page's
/// live updates come from its app's connection, which no page may slow, and a page that does not read must be
/// disconnected, not waited for. A page's writer is bounded: when what waits passes the limit, the page is
/// disconnected, so that a peer that does not read (live updates, or the pongs of its own pings) costs at most that
/// much memory. A frame waiting costs its bytes and ``frameOverhead`` more: a flood of small frames is dropped at
/// about the same memory as large ones.
final class SocketWriter: Sendable {
    /// What a frame costs while it waits, beyond its bytes: for each of its two writes (its header and its payload),
    /// the buffer's storage object, NIO's pending-write entry, and the promise and callback that count it down.
    /// Measured on Linux x86_64: a page that never read and sent 200,000 pings held 905 bytes of the desktop's
    /// resident memory per pong waiting for 125-byte pongs (127 bytes on the wire), 872 for 64-byte ones.
    static let frameOverhead = 800

    private struct State {
        var pending = 0
        var isOpen = true
    }

    let channel: Channel
    private let limit: Int
    private let onDrop: @Sendable () -> Void
    private let state = LockedValue(State())

    /// - Parameters:
    ///   - limit: the most bytes that may wait; past it, the connection is closed and `onDrop` called.
    init(channel: Channel, limit: Int = .max, onDrop: @escaping @Sendable () -> Void = {}) {
        self.channel = channel
        self.limit = limit
        self.onDrop = onDrop
    }

    /// Writes `frame`, and completes `written` once NIO wrote it to the socket, or failed to; `false` when the socket
    /// is closing, or was closed because its backlog passed the limit.
    @discardableResult
    func send(_ frame: WebSocketFrame, written: EventLoopPromise<Void>? = nil) -> Bool {
        guard state.withLock({ $0.isOpen }) else {
            written?.fail(ChannelError.ioOnClosedChannel)
            return false
        }
        if channel.eventLoop.inEventLoop {
            write(frame, written: written)
        } else {
            channel.eventLoop.execute { self.write(frame, written: written) }
        }
        return true
    }

    /// Writes `frame` on the event loop, counted until NIO wrote it to the socket: what waits is what the peer did not
    /// take yet, as the event loop tells.
    private func write(_ frame: WebSocketFrame, written: EventLoopPromise<Void>?) {
        let header = frame.length < 126 ? 2 : frame.length <= 0xFFFF ? 4 : 10
        let cost = frame.length + header + Self.frameOverhead
        // `nil`: the socket closed or is closing, and the frame is not written.
        let isDropped = state.withLock { state -> Bool? in
            guard state.isOpen else { return nil }
            state.pending += cost
            guard state.pending > limit else { return false }
            state.isOpen = false
            return true
        }
        guard isDropped == false else {
            written?.fail(ChannelError.ioOnClosedChannel)
            if isDropped == true {
                onDrop()
                channel.close(promise: nil)
            }
            return
        }
        let counted = channel.eventLoop.makePromise(of: Void.self)
        counted.futureResult.whenComplete { [state] result in
            state.withLock { $0.pending -= cost }
            written?.completeWith(result)
        }
        channel.writeAndFlush(frame, promise: counted)
    }

    /// Writes a text frame of `text`; see ``send(_:written:)``.
    @discardableResult
    func send(text: String, written: EventLoopPromise<Void>? = nil) -> Bool {
        send(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: text)), written: written)
    }

    /// Writes a close frame with `code`, the last, then closes the connection without waiting for the peer's: for a
    /// connection that the desktop ends itself, from any thread.
    func end(_ code: WebSocketErrorCode) {
        guard let frame = lastFrame(closingWith: code) else { return }
        let channel = channel
        channel.writeAndFlush(frame).whenComplete { _ in channel.close(promise: nil) }
    }

    /// Writes a close frame with `code`, the last, and returns once it is written.
    func close(_ code: WebSocketErrorCode) async {
        guard let frame = lastFrame(closingWith: code) else { return }
        try? await channel.writeAndFlush(frame).fencedGet()
    }

    /// The close frame of `code`, once: `nil` when the writer was closed already, which it is from now on.
    private func lastFrame(closingWith code: WebSocketErrorCode) -> WebSocketFrame? {
        let isOpen = state.withLock { state in
            defer { state.isOpen = false }
            return state.isOpen
        }
        guard isOpen else { return nil }
        var data = ByteBuffer()
        data.write(webSocketErrorCode: code)
        return WebSocketFrame(fin: true, opcode: .connectionClose, data: data)
    }
}
