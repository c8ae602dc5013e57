import NIOCore
import NIOHTTP1
import NIOWebSocket
import Switchyard

// The pieces of the app's connection to the desktop inspector that sit on NIO's channel: what reads a refused upgrade,
// what orders each frame for ThreadSanitizer, and what writes the app's messages.

/// Orders, in a way ThreadSanitizer sees, what the event loop wrote into each frame before what the session reads
/// of it.
///
/// The frames reach the session through `NIOAsyncChannel`'s stream, which resumes the session's continuation. When
/// the event loop resumes it before the session has suspended, Swift's runtime (6.3.1) gives ThreadSanitizer no
/// order between the two threads (`swift_continuation_await` takes that path without the acquire it makes
/// elsewhere), and ThreadSanitizer reports the decoder's writes into the frame against the session's reads: a false
/// report, 3 of them in one CI run of the whole suite under the sanitizer. Every frame passes a lock on the event loop
/// before the stream, and the session passes the same lock after taking each frame. It costs a lock each way per
/// frame that the desktop sends, nothing per action.
enum FrameFence {
    /// How many times the lock was passed. A count, not `Void`: ThreadSanitizer reports a race on the `Void` value of
    /// a `LockedValue` that threads only ever reach under its lock (4 threads passing such a lock, every run), and none
    /// on a count.
    private static let passes = LockedValue<UInt64>(0)

    /// How many times the lock was passed, by every connection of the process.
    static var passCount: UInt64 { passes.withLock { $0 } }

    /// Called by the session for each frame it takes from the stream, before it reads the frame.
    static func pass() {
        passes.withLock { $0 &+= 1 }
    }

    /// The channel handler that passes the lock for each frame before handing it to the stream.
    final class Gate: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = WebSocketFrame
        typealias InboundOut = WebSocketFrame

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            FrameFence.pass()
            context.fireChannelRead(data)
        }
    }
}

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
