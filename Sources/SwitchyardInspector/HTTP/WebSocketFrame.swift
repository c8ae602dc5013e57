import Foundation

/// The parts of the WebSocket protocol the inspector uses: the handshake's accept key, text frames to the page, and
/// reading what the page sends (close, ping, and data that is ignored).
enum WebSocketFrame {
    /// The `Sec-WebSocket-Accept` value for a client's `Sec-WebSocket-Key`.
    static func acceptKey(for key: String) -> String {
        Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }

    /// An unmasked frame from the server, final, with `opcode` (1 text, 8 close, 10 pong).
    static func encode(opcode: UInt8, payload: some Collection<UInt8>) -> [UInt8] {
        var frame: [UInt8] = [0x80 | opcode]
        let count = payload.count
        if count < 126 {
            frame.append(UInt8(count))
        } else if count <= 0xFFFF {
            frame.append(126)
            frame.append(UInt8(count >> 8))
            frame.append(UInt8(count & 0xFF))
        } else {
            frame.append(127)
            for shift in stride(from: 56, through: 0, by: -8) {
                frame.append(UInt8(truncatingIfNeeded: count >> shift))
            }
        }
        frame.append(contentsOf: payload)
        return frame
    }

    /// A frame read from the page.
    struct Incoming: Equatable {
        var opcode: UInt8
        var payload: [UInt8]
    }

    enum Decoded: Equatable {
        /// A whole frame, and how many bytes it took.
        case frame(Incoming, length: Int)
        case needMore
        /// A protocol error or a frame larger than allowed: the connection closes.
        case invalid(String)
    }

    /// Decodes the first frame of `bytes`; clients must mask their frames, and a payload may not exceed
    /// `maxPayload` bytes.
    static func decode(_ bytes: ArraySlice<UInt8>, maxPayload: Int) -> Decoded {
        guard bytes.count >= 2 else { return .needMore }
        let start = bytes.startIndex
        let opcode = bytes[start] & 0x0F
        guard bytes[start] & 0x70 == 0 else { return .invalid("reserved bits set") }
        guard bytes[start + 1] & 0x80 != 0 else { return .invalid("an unmasked frame from a client") }
        var length = Int(bytes[start + 1] & 0x7F)
        var offset = 2
        if length == 126 {
            guard bytes.count >= 4 else { return .needMore }
            length = Int(bytes[start + 2]) << 8 | Int(bytes[start + 3])
            offset = 4
        } else if length == 127 {
            guard bytes.count >= 10 else { return .needMore }
            var value: UInt64 = 0
            for index in 2..<10 { value = value << 8 | UInt64(bytes[start + index]) }
            guard value <= UInt64(maxPayload) else { return .invalid("a frame of \(value) bytes") }
            length = Int(value)
            offset = 10
        }
        guard length <= maxPayload else { return .invalid("a frame of \(length) bytes") }
        guard bytes.count >= offset + 4 + length else { return .needMore }
        let mask = Array(bytes[(start + offset)..<(start + offset + 4)])
        let body = start + offset + 4
        var payload = [UInt8](repeating: 0, count: length)
        for index in 0..<length { payload[index] = bytes[body + index] ^ mask[index & 3] }
        return .frame(Incoming(opcode: opcode, payload: payload), length: offset + 4 + length)
    }
}
