import NIOCore
import NIOWebSocket
import Testing

@testable import SwitchyardInspectorDesktop

/// The WebSocket rules the desktop holds a client's frames to, frame by frame, without a connection.
@Suite struct WebSocketMessagesTests {
    /// A client's frame: masked, as a client's frames must be, unless `masked` is `false`.
    func frame(
        _ opcode: WebSocketOpcode, _ bytes: [UInt8], fin: Bool = true, masked: Bool = true, rsv1: Bool = false
    ) -> WebSocketFrame {
        var data = ByteBuffer(bytes: bytes)
        let key: WebSocketMaskingKey? = masked ? .random() : nil
        if let key { data.webSocketMask(key) }
        return WebSocketFrame(fin: fin, rsv1: rsv1, opcode: opcode, maskKey: key, data: data)
    }

    func messages(maxMessageBytes: Int = 100, maxFragments: Int = 4) -> WebSocketMessages {
        WebSocketMessages(maxMessageBytes: maxMessageBytes, maxFragments: maxFragments)
    }

    @Test func framesThatBreakTheProtocolCloseWith1002() {
        var reader = messages()
        #expect(reader.read(frame(.text, [0x61], masked: false)) == .close(.protocolError, isViolation: true))
        #expect(reader.read(frame(.text, [0x61], rsv1: true)) == .close(.protocolError, isViolation: true))
        #expect(
            reader.read(frame(WebSocketOpcode(encodedWebSocketOpcode: 0x3)!, [0x61]))
                == .close(.protocolError, isViolation: true))
        // A continuation with no message to continue, and a new message while one is in fragments.
        #expect(reader.read(frame(.continuation, [0x61])) == .close(.protocolError, isViolation: true))
        #expect(reader.read(frame(.text, [0x61], fin: false)) == .none)
        #expect(reader.read(frame(.binary, [0x61])) == .close(.protocolError, isViolation: true))
    }

    @Test func fragmentsAreJoinedAroundControlFramesAndCheckedAsAWhole() {
        var reader = messages()
        // "é" split across two fragments, with a ping between them.
        #expect(reader.read(frame(.text, [0x61, 0xC3], fin: false)) == .none)
        #expect(reader.read(frame(.ping, [0x70])) == .ping(ByteBuffer(bytes: [0x70])))
        #expect(reader.read(frame(.continuation, [0xA9])) == .message(.text, ByteBuffer(bytes: [0x61, 0xC3, 0xA9])))
        #expect(reader.read(frame(.text, [0xC3, 0x28])) == .close(.dataInconsistentWithMessage, isViolation: true))
        #expect(reader.read(frame(.binary, [0xC3, 0x28])) == .message(.binary, ByteBuffer(bytes: [0xC3, 0x28])))
        #expect(reader.read(frame(.pong, [])) == .none)
    }

    @Test func aMessagePastItsLimitsClosesWith1009() {
        // Its bytes: fragments of 60 and 41 bytes pass 100.
        var large = messages()
        #expect(large.read(frame(.binary, Array(repeating: 1, count: 60), fin: false)) == .none)
        #expect(
            large.read(frame(.continuation, Array(repeating: 1, count: 41)))
                == .close(.messageTooLarge, isViolation: true))
        // Its frames: a fourth fragment that is not the last leaves no room for the last.
        var fragmented = messages()
        #expect(fragmented.read(frame(.binary, [1], fin: false)) == .none)
        #expect(fragmented.read(frame(.continuation, [1], fin: false)) == .none)
        #expect(fragmented.read(frame(.continuation, [1], fin: false)) == .none)
        #expect(fragmented.read(frame(.continuation, [1], fin: false)) == .close(.messageTooLarge, isViolation: true))
        // A message of exactly the limits is one.
        var within = messages()
        let quarter = [UInt8](repeating: 1, count: 25)
        #expect(within.read(frame(.binary, quarter, fin: false)) == .none)
        for _ in 0..<2 { #expect(within.read(frame(.continuation, quarter, fin: false)) == .none) }
        #expect(
            within.read(frame(.continuation, quarter))
                == .message(.binary, ByteBuffer(bytes: [UInt8](repeating: 1, count: 100))))
    }

    @Test func aCloseIsAnsweredWithItsCodeWhenValid() {
        var reader = messages()
        #expect(reader.read(frame(.connectionClose, [])) == .close(.normalClosure, isViolation: false))
        #expect(
            reader.read(frame(.connectionClose, [0x03, 0xE8] + Array("bye".utf8)))
                == .close(.normalClosure, isViolation: false))
        #expect(
            reader.read(frame(.connectionClose, [0x0F, 0xA0]))
                == .close(WebSocketErrorCode(codeNumber: 4000), isViolation: false))
        #expect(reader.read(frame(.connectionClose, [0x03])) == .close(.protocolError, isViolation: false))
        #expect(reader.read(frame(.connectionClose, [0x03, 0xED])) == .close(.protocolError, isViolation: false))
        #expect(
            reader.read(frame(.connectionClose, [0x03, 0xE8, 0xC3, 0x28]))
                == .close(.dataInconsistentWithMessage, isViolation: false))
    }
}
