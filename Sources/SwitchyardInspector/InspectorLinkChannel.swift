import NIOCore
import NIOHTTP1
import NIOWebSocket
import Switchyard

// The pieces of the app's connection to the desktop inspector that sit on NIO's channel: what reads a refused upgrade
// and what writes the app's messages. What orders each frame for ThreadSanitizer is `ResumeFence`.

/// Reads the status of the desktop's answer to an upgrade it refused, then closes the connection.
final class RefusalReader: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart

    private var status: EventLoopPromise<Int>?

    init(status: EventLoopPromise<Int>) {
        self.status = status
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(let head) = unwrapInboundIn(data), let status else { return }
        self.status = nil
        status.succeed(Int(head.status.code))
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        status?.fail(ChannelError.inputClosed)
        status = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        status?.fail(ChannelError.ioOnClosedChannel)
        status = nil
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        status?.fail(error)
        status = nil
        context.close(promise: nil)
    }
}

/// Writes masked frames on the app's connection; `write` waits while the desktop does not read.
struct LinkWriter: Sendable {
    let outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>

    /// The largest frame written: the desktop accepts larger messages in frames of this size.
    static let maximumFrameBytes = 1 << 20

    func send(_ message: InspectorLink.Message) async throws {
        var data = ByteBuffer(string: message.text())
        var opcode = WebSocketOpcode.text
        while data.readableBytes > Self.maximumFrameBytes {
            let part = data.readSlice(length: Self.maximumFrameBytes)!
            try await write(WebSocketFrame(fin: false, opcode: opcode, data: part))
            opcode = .continuation
        }
        try await write(WebSocketFrame(fin: true, opcode: opcode, data: data))
    }

    func write(_ frame: WebSocketFrame) async throws {
        var frame = frame
        frame.maskKey = .random()
        try await outbound.write(frame)
    }
}
