import Foundation
import NIOCore
import NIOWebSocket
import Switchyard
import SwitchyardInspector

/// Closes a connection whose writes not yet done cost more than a bound: a peer that does not read (live updates, or
/// the pongs of its own pings) costs at most that much memory.
///
/// A write waiting costs its bytes and ``writeOverhead`` more: a flood of small frames is dropped at about the same
/// memory as large ones.
final class BacklogLimiter: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    /// What a write costs while it waits, beyond its bytes: the buffer's storage object, NIO's pending-write entry,
    /// and the promise and callback that count it down. Measured on Linux x86_64: a page that never read and sent
    /// 200,000 pings held 905 bytes of the desktop's resident memory per pong waiting for 125-byte pongs (127 bytes
    /// on the wire), 872 for 64-byte ones; a pong is two writes, its header and its payload.
    static let writeOverhead = 400

    private let limit: Int
    private let onDrop: @Sendable () -> Void
    private var pending = 0
    private var isDropped = false

    init(limit: Int, onDrop: @escaping @Sendable () -> Void) {
        self.limit = limit
        self.onDrop = onDrop
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let size = unwrapOutboundIn(data).readableBytes + Self.writeOverhead
        guard !isDropped else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        pending += size
        if pending > limit {
            isDropped = true
            onDrop()
            promise?.fail(ChannelError.ioOnClosedChannel)
            context.close(promise: nil)
            return
        }
        let written = promise ?? context.eventLoop.makePromise()
        written.futureResult.assumeIsolated().whenComplete { _ in self.pending -= size }
        context.write(data, promise: written)
    }
}

/// The WebSocket protocol's rules that the frame decoder leaves to its user: client frames are masked, no reserved
/// bit or opcode is used, a text message is UTF-8, a close frame carries a valid code; and a close is answered and
/// the connection closed at once. Fragmented messages are joined by `NIOWebSocketFrameAggregator` before this.
final class WebSocketRules: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let statistics: LockedValue<DesktopInspector.Statistics>
    private var isClosing = false

    init(statistics: LockedValue<DesktopInspector.Statistics>) {
        self.statistics = statistics
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        guard !isClosing else { return }
        switch frame.opcode {
        case .text:
            var data = frame.unmaskedData
            let bytes = data.readBytes(length: data.readableBytes) ?? []
            guard String(validating: bytes, as: UTF8.self) != nil else {
                return fail(context, .dataInconsistentWithMessage)
            }
            context.fireChannelRead(wrapInboundOut(WebSocketFrame(fin: true, opcode: .text, data: frame.unmaskedData)))
        case .binary:
            context.fireChannelRead(
                wrapInboundOut(WebSocketFrame(fin: true, opcode: .binary, data: frame.unmaskedData)))
        case .ping:
            context.writeAndFlush(
                wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
        case .pong:
            break
        case .connectionClose:
            var data = frame.unmaskedData
            var code = WebSocketErrorCode.normalClosure
            if data.readableBytes == 1 {
                code = .protocolError
            } else if let raw = data.readInteger(as: UInt16.self) {
                let reason = data.readBytes(length: data.readableBytes) ?? []
                if !Self.isValidCloseCode(raw) {
                    code = .protocolError
                } else if String(validating: reason, as: UTF8.self) == nil {
                    code = .dataInconsistentWithMessage
                } else {
                    code = WebSocketErrorCode(codeNumber: Int(raw))
                }
            }
            close(context, code)
        default:
            // A reserved opcode, or a continuation without a message to continue.
            fail(context, .protocolError)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        switch error {
        case is NIOWebSocketError:
            // A frame the decoder refused (too large, or malformed): NIO's protocol error handler answers it with the
            // close code and closes the connection.
            statistics.withLock { $0.protocolErrors += 1 }
        case NIOWebSocketFrameAggregator.Error.accumulatedFrameSizeIsTooLarge,
            NIOWebSocketFrameAggregator.Error.tooManyFragments:
            fail(context, .messageTooLarge)
        case is NIOWebSocketFrameAggregator.Error:
            fail(context, .protocolError)
        default:
            context.close(promise: nil)
        }
    }

    /// Codes a peer may send: the protocol's defined ones, and the ranges for libraries and applications.
    static func isValidCloseCode(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1011, 3000...4999: true
        default: false
        }
    }

    private func fail(_ context: ChannelHandlerContext, _ code: WebSocketErrorCode) {
        statistics.withLock { $0.protocolErrors += 1 }
        close(context, code)
    }

    /// Sends a close frame with `code`, then closes the connection once it is written.
    func close(_ context: ChannelHandlerContext, _ code: WebSocketErrorCode) {
        guard !isClosing else { return }
        isClosing = true
        var data = context.channel.allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: code)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)))
            .whenComplete { _ in channel.close(promise: nil) }
    }
}

/// The rules of each frame, checked before fragments are joined: a client's frames are masked, and use no reserved
/// bit or opcode.
final class FrameRules: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let statistics: LockedValue<DesktopInspector.Statistics>
    private var isFailed = false

    init(statistics: LockedValue<DesktopInspector.Statistics>) {
        self.statistics = statistics
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isFailed else { return }
        let frame = unwrapInboundIn(data)
        let known: [WebSocketOpcode] = [.continuation, .text, .binary, .connectionClose, .ping, .pong]
        guard frame.maskKey != nil, !frame.rsv1, !frame.rsv2, !frame.rsv3, known.contains(frame.opcode) else {
            isFailed = true
            statistics.withLock { $0.protocolErrors += 1 }
            var data = context.channel.allocator.buffer(capacity: 2)
            data.write(webSocketErrorCode: .protocolError)
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)))
                .whenComplete { _ in channel.close(promise: nil) }
            return
        }
        context.fireChannelRead(data)
    }
}

/// A page watching a store: it receives the store's live updates and sends nothing that matters. While a store has
/// at least one page, its app sends live updates; the directory tells the app when the first page opens and when
/// the last closes.
final class PageSocketHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame

    private let directory: StoreDirectory
    private let storeID: Int

    init(directory: StoreDirectory, storeID: Int) {
        self.directory = directory
        self.storeID = storeID
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        if !directory.addPage(channel, to: storeID) {
            channel.close(promise: nil)
            return
        }
        let directory = directory
        channel.closeFuture.whenComplete { _ in directory.removePage(channel) }
        // The page learns at once whether the store's app is connected; its live updates follow.
        let greeting = #"{"type":"app","connected":\#(directory.app(of: storeID) != nil)}"#
        context.writeAndFlush(
            NIOAny(WebSocketFrame(fin: true, opcode: .text, data: context.channel.allocator.buffer(string: greeting))),
            promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}
}

/// An app's connection: its hello, its live updates for the pages, and its replies to the pages' requests.
final class AppSocketHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame

    private let directory: StoreDirectory
    private let statistics: LockedValue<DesktopInspector.Statistics>
    private var link: AppLink?
    private var helloDeadline: Scheduled<Void>?
    private let helloTimeout: TimeAmount

    init(directory: StoreDirectory, statistics: LockedValue<DesktopInspector.Statistics>, helloTimeout: Duration) {
        self.directory = directory
        self.statistics = statistics
        self.helloTimeout = TimeAmount(helloTimeout)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        helloDeadline = context.eventLoop.scheduleTask(in: helloTimeout) { channel.close(promise: nil) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        helloDeadline?.cancel()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        guard frame.opcode == .text else { return }
        var data = frame.data
        guard let bytes = data.readBytes(length: data.readableBytes),
            let message = try? JSONDecoder().decode(InspectorLink.Message.self, from: Data(bytes))
        else { return }
        switch (message, link) {
        case (.hello(let hello), nil):
            guard hello.version == InspectorLink.version else {
                context.close(promise: nil)
                return
            }
            helloDeadline?.cancel()
            let link = AppLink(channel: context.channel)
            self.link = link
            directory.attach(hello, link: link)
            let directory = directory
            context.channel.closeFuture.whenComplete { _ in
                directory.tellPages(of: link, #"{"type":"app","connected":false}"#)
                directory.detach(link)
                link.didClose()
            }
        case (.update(let update), let link?):
            statistics.withLock { $0.liveUpdates += 1 }
            directory.forward(update: update, from: link)
        case (.reply(let id, let reply), let link?):
            link.complete(id, with: reply)
        default:
            break
        }
    }
}
