import NIOCore
import Switchyard

/// Orders, in a way ThreadSanitizer sees, what one thread did before it resumed a task before what the task does once
/// resumed: the app's inspector session and the desktop inspector's connections, which both wait on NIO.
///
/// A task waiting on NIO (the next message of an `NIOAsyncChannel`'s stream, or a future's result) is resumed by an
/// event loop. When the loop resumes it before the task has suspended, Swift's runtime (6.3.1) gives ThreadSanitizer
/// no order between the two threads (`swift_continuation_await` takes that path without the acquire it makes
/// elsewhere), and ThreadSanitizer reports the loop's writes (the decoder's into a frame, a future's value) against the
/// task's reads: a false report, 3 of them in one CI run of the whole suite under the sanitizer for the app's frames,
/// one in four runs of the desktop's tests for a future. The resuming side passes a lock first (``Gate`` for each
/// message, ``resume(_:returning:)`` for a continuation), and the task passes the same lock once resumed (``pass()``).
/// It costs a lock each way per message or future, nothing per action.
package enum ResumeFence {
    /// How many times the lock was passed. A count, not `Void`: ThreadSanitizer reports a race on the `Void` value of
    /// a `LockedValue` that threads only ever reach under its lock (4 threads passing such a lock, every run), and none
    /// on a count.
    private static let passes = LockedValue<UInt64>(0)

    /// How many times the lock was passed, by every connection of the process.
    package static var passCount: UInt64 { passes.withLock { $0 } }

    /// Called by the task once resumed (for a stream: for each message it takes from it), before it reads what it was
    /// given.
    package static func pass() {
        passes.withLock { $0 &+= 1 }
    }

    /// Resumes `continuation` with `value` while holding the lock.
    package static func resume<Value: Sendable>(
        _ continuation: CheckedContinuation<Value, Never>, returning value: Value
    ) {
        passes.withLock { passes in
            passes &+= 1
            continuation.resume(returning: value)
        }
    }

    /// The channel handler that passes the lock for each message (a WebSocket frame, a part of an HTTP request)
    /// before handing it to the stream.
    package final class Gate<Message>: ChannelInboundHandler, RemovableChannelHandler {
        package typealias InboundIn = Message
        package typealias InboundOut = Message

        package init() {}

        package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            ResumeFence.pass()
            context.fireChannelRead(data)
        }
    }
}

extension EventLoopFuture where Value: Sendable {
    /// `get()`, ordered by ``ResumeFence``.
    package func fencedGet() async throws -> Value {
        let result = await withCheckedContinuation { continuation in
            whenComplete { ResumeFence.resume(continuation, returning: $0) }
        }
        ResumeFence.pass()
        return try result.get()
    }
}
