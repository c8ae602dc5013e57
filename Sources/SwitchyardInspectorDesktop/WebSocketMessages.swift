import NIOCore
import NIOWebSocket

/// The WebSocket protocol's rules that NIO's frame decoder leaves to its user, for the frames a client sends, and
/// the joining of messages sent in fragments.
///
/// Each frame is masked and uses no reserved bit or opcode; a message in fragments is joined within the limits (its
/// frames' payloads, and their count); a text message is UTF-8; a close frame carries a valid code, and is answered
/// with it. Control frames may come between the fragments of a message; NIO's decoder already refuses control frames
/// that are fragmented or longer than 125 bytes.
///
/// The app's side joins fragments with NIO's `NIOWebSocketFrameAggregator`; the desktop does not. The aggregator
/// drops the mask key and reserved bits of the frames it joins, so the rules a client's frames must keep would have
/// to be checked in a channel handler of the desktop's own before it, and its refusals reach the connection's loop as
/// errors thrown by the stream, to be told apart from the connection's own failures: more code than the 25 lines
/// that join a message here, beside the rules, in one value tested on its own.
struct WebSocketMessages {
    /// What a frame read makes the connection do.
    enum Step: Equatable {
        /// A whole message: text (valid UTF-8) or binary.
        case message(WebSocketOpcode, ByteBuffer)
        /// A ping, answered with a pong of its data.
        case ping(ByteBuffer)
        /// Nothing yet: a fragment was kept, or a pong came.
        case none
        /// The connection ends with a close frame of this code; `isViolation` when the client broke the protocol.
        case close(WebSocketErrorCode, isViolation: Bool)
    }

    /// The largest message, counted in its frames' payloads.
    let maxMessageBytes: Int
    /// The most frames of one message.
    let maxFragments: Int
    /// The message being joined: its opcode, what its frames carried so far, and how many frames.
    private var partial: (opcode: WebSocketOpcode, data: ByteBuffer, frames: Int)?

    init(maxMessageBytes: Int, maxFragments: Int) {
        self.maxMessageBytes = maxMessageBytes
        self.maxFragments = maxFragments
    }

    /// The opcodes the protocol defines; any other breaks it. Made once, not for each frame.
    private static let known: Set<WebSocketOpcode> = [.continuation, .text, .binary, .connectionClose, .ping, .pong]

    mutating func read(_ frame: WebSocketFrame) -> Step {
        guard frame.maskKey != nil, !frame.rsv1, !frame.rsv2, !frame.rsv3, Self.known.contains(frame.opcode) else {
            return violation(.protocolError)
        }
        switch frame.opcode {
        case .text, .binary:
            // A new message while another is in fragments breaks the protocol.
            guard partial == nil else { return violation(.protocolError) }
            guard frame.fin else {
                partial = (frame.opcode, ByteBuffer(), 0)
                return join(frame)
            }
            return message(frame.opcode, frame.unmaskedData)
        case .continuation:
            // A continuation with no message to continue.
            guard partial != nil else { return violation(.protocolError) }
            return join(frame)
        case .ping:
            return .ping(frame.unmaskedData)
        case .pong:
            return .none
        default:
            return close(frame.unmaskedData)
        }
    }

    /// Keeps a fragment, and returns the message once its last fragment came.
    private mutating func join(_ frame: WebSocketFrame) -> Step {
        // Taken out while it grows, so that its buffer is not copied.
        guard var joined = partial else { return violation(.protocolError) }
        partial = nil
        // Room for this frame, and for one more after it unless it is the last.
        guard joined.frames < maxFragments, frame.fin || joined.frames + 1 < maxFragments,
            joined.data.readableBytes + frame.length <= maxMessageBytes
        else { return violation(.messageTooLarge) }
        var payload = frame.unmaskedData
        joined.data.writeBuffer(&payload)
        joined.frames += 1
        guard frame.fin else {
            partial = joined
            return .none
        }
        return message(joined.opcode, joined.data)
    }

    private mutating func message(_ opcode: WebSocketOpcode, _ data: ByteBuffer) -> Step {
        guard opcode == .binary || String(validating: data.readableBytesView, as: UTF8.self) != nil else {
            return violation(.dataInconsistentWithMessage)
        }
        return .message(opcode, data)
    }

    /// The answer to a close frame: the code it carries when valid.
    private func close(_ payload: ByteBuffer) -> Step {
        var payload = payload
        guard payload.readableBytes != 1 else { return .close(.protocolError, isViolation: false) }
        guard let raw = payload.readInteger(as: UInt16.self) else { return .close(.normalClosure, isViolation: false) }
        guard Self.isValidCloseCode(raw) else { return .close(.protocolError, isViolation: false) }
        guard String(validating: payload.readableBytesView, as: UTF8.self) != nil else {
            return .close(.dataInconsistentWithMessage, isViolation: false)
        }
        return .close(WebSocketErrorCode(codeNumber: Int(raw)), isViolation: false)
    }

    private mutating func violation(_ code: WebSocketErrorCode) -> Step {
        partial = nil
        return .close(code, isViolation: true)
    }

    /// Codes a peer may send: the protocol's defined ones, and the ranges for libraries and applications.
    static func isValidCloseCode(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1011, 3000...4999: true
        default: false
        }
    }
}
