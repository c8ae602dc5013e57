import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs blocking socket work on a thread of its own: on the cooperative pool (two threads on a two-core machine) it
/// would keep the server's own tasks from answering.
func offThePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}

/// A minimal HTTP/1.1 and WebSocket client over a blocking socket, to talk to the inspector's server on loopback
/// exactly as a browser would, headers included.
struct LoopbackClient: Sendable {
    let port: UInt16
    /// How long, in seconds, one read or one write may wait for the server.
    var timeout = 20

    struct Response: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Sends one request and reads the whole response (the server closes or sends Content-Length).
    func request(
        _ method: String,
        _ target: String,
        body: Data = Data(),
        headers: [String: String] = [:]
    ) async throws -> Response {
        try await offThePool { try requestNow(method, target, body: body, headers: headers) }
    }

    private func requestNow(
        _ method: String,
        _ target: String,
        body: Data,
        headers: [String: String]
    ) throws -> Response {
        let socket = try connect()
        defer { close(socket) }
        var head = "\(method) \(target) HTTP/1.1\r\n"
        if !headers.keys.contains(where: { $0.lowercased() == "host" }) { head += "Host: 127.0.0.1:\(port)\r\n" }
        head += "Connection: close\r\n"
        head += "Content-Length: \(body.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        try send(socket, Data((head + "\r\n").utf8) + body)
        var received = Data()
        while true {
            let chunk = try receive(socket)
            if chunk.isEmpty { break }
            received += chunk
            if let response = Self.parse(received),
                response.body.count >= (Int(response.headers["content-length"] ?? "") ?? Int.max)
            {
                return response
            }
        }
        guard let response = Self.parse(received) else {
            throw ClientError("No HTTP response: \(received.count) bytes")
        }
        return response
    }

    /// Opens a WebSocket; returns the upgrade's status and, when it succeeded, a connection to read messages from.
    /// `receiveBuffer` shrinks the socket's receive buffer, for a page that reads slowly or not at all; `headers` are
    /// added to the upgrade request.
    func webSocket(
        _ target: String,
        origin: String?,
        protocols: [String] = [],
        headers: [String: String] = [:],
        receiveBuffer: Int32? = nil
    ) async throws -> (status: Int, connection: WebSocketConnection?) {
        try await offThePool {
            try webSocketNow(
                target, origin: origin, protocols: protocols, headers: headers, receiveBuffer: receiveBuffer)
        }
    }

    private func webSocketNow(
        _ target: String, origin: String?, protocols: [String], headers: [String: String], receiveBuffer: Int32?
    ) throws -> (status: Int, connection: WebSocketConnection?) {
        let socket = try connect(receiveBuffer: receiveBuffer)
        var head = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        head += "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        if let origin { head += "Origin: \(origin)\r\n" }
        if !protocols.isEmpty { head += "Sec-WebSocket-Protocol: \(protocols.joined(separator: ", "))\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        try send(socket, Data((head + "\r\n").utf8))
        var received = Data()
        while !received.contains(Data("\r\n\r\n".utf8)) {
            let chunk = try receive(socket)
            if chunk.isEmpty { break }
            received += chunk
        }
        guard let response = Self.parse(received) else {
            close(socket)
            throw ClientError("No upgrade response")
        }
        guard response.status == 101 else {
            close(socket)
            return (response.status, nil)
        }
        return (101, WebSocketConnection(socket: socket, pending: response.body, headers: response.headers))
    }

    /// Opens a connection and sends `bytes` as they are, with no request of the client's making.
    func open(sending bytes: Data = Data()) async throws -> RawConnection {
        try await offThePool { try openNow(sending: bytes) }
    }

    /// ``open(sending:)`` on the calling thread, which it blocks.
    func openNow(sending bytes: Data = Data()) throws -> RawConnection {
        let socket = try connect()
        if !bytes.isEmpty { try send(socket, bytes) }
        return RawConnection(socket: socket)
    }

    static func parse(_ data: Data) -> Response? {
        guard let end = data.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        guard let statusLine = head.first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: Data(data[end.upperBound...]))
    }

    private func connect(receiveBuffer: Int32? = nil) throws -> Int32 {
        #if canImport(Glibc)
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socket >= 0 else { throw ClientError("socket failed: \(errno)") }
        // Every read and every write has a deadline: a server that stops reading or answering fails the test within
        // `timeout`, never after the kernel's own retransmission timeout (some 15 minutes on Linux).
        var timeout = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBuffer {
            setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                #if canImport(Glibc)
                    Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                #else
                    Darwin.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                #endif
            }
        }
        guard result == 0 else {
            close(socket)
            throw ClientError("connect failed: \(errno)")
        }
        return socket
    }
}

/// The client side of an open WebSocket: reads the server's text messages. One reader at a time.
final class WebSocketConnection: @unchecked Sendable {
    private let socket: Int32
    private var buffer: Data
    /// The upgrade response's headers.
    let headers: [String: String]

    init(socket: Int32, pending: Data, headers: [String: String]) {
        self.socket = socket
        self.buffer = pending
        self.headers = headers
    }

    deinit { close(socket) }

    /// The next text message, skipping other frames.
    func nextText() async throws -> String {
        try await offThePool { try self.nextTextNow() }
    }

    /// Reads text messages until one satisfies `condition`.
    func waitForText(where condition: @escaping @Sendable (String) -> Bool) async throws -> String {
        try await offThePool {
            while true {
                let text = try self.nextTextNow()
                if condition(text) { return text }
            }
        }
    }

    /// Sends one frame as a client does, masked unless `masked` is false, with the FIN bit as given and any opcode.
    /// `times` sends the frame that many times in one write.
    func send(
        opcode: UInt8, payload: [UInt8], fin: Bool = true, masked: Bool = true, reserved: UInt8 = 0, times: Int = 1
    ) async -> Bool {
        var frame: [UInt8] = [(fin ? 0x80 : 0) | reserved << 4 | opcode]
        let maskBit: UInt8 = masked ? 0x80 : 0
        if payload.count < 126 {
            frame.append(maskBit | UInt8(payload.count))
        } else if payload.count < 65_536 {
            frame += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(maskBit | 127)
            frame += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        let key: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        if masked {
            frame += key
            frame += payload.enumerated().map { $0.element ^ key[$0.offset % 4] }
        } else {
            frame += payload
        }
        let bytes = Data(Array([[UInt8]](repeating: frame, count: times).joined()))
        return (try? await offThePool { try sendBytes(self.socket, bytes) }) != nil
    }

    /// The next frame of any kind, or `nil` once the server closed the connection.
    func nextFrame() async throws -> (opcode: UInt8, payload: Data)? {
        try await offThePool {
            while true {
                if let (opcode, payload, length) = Self.frame(in: self.buffer) {
                    self.buffer = Data(self.buffer.dropFirst(length))
                    return (opcode, payload)
                }
                guard let chunk = try? receive(self.socket), !chunk.isEmpty else { return nil }
                self.buffer += chunk
            }
        }
    }

    /// The close code the server sends, skipping other frames; `nil` when it closes without one.
    func closeCode() async throws -> UInt16? {
        while let frame = try await nextFrame() {
            if frame.opcode == 8 {
                let bytes = [UInt8](frame.payload)
                return bytes.count >= 2 ? UInt16(bytes[0]) << 8 | UInt16(bytes[1]) : nil
            }
        }
        return nil
    }

    /// Whether the server closed the connection: a read returns no more bytes.
    func isClosedByServer() async throws -> Bool {
        while try await nextFrame() != nil {}
        return true
    }

    private func nextTextNow() throws -> String {
        while true {
            if let (opcode, payload, length) = Self.frame(in: buffer) {
                buffer = Data(buffer.dropFirst(length))
                if opcode == 1 { return String(decoding: payload, as: UTF8.self) }
                if opcode == 8 { throw ClientError("closed") }
                continue
            }
            let chunk = try receive(socket)
            if chunk.isEmpty { throw ClientError("connection ended") }
            buffer += chunk
        }
    }

    static func frame(in data: Data) -> (opcode: UInt8, payload: Data, length: Int)? {
        let bytes = [UInt8](data)
        guard bytes.count >= 2 else { return nil }
        let opcode = bytes[0] & 0x0F
        var length = Int(bytes[1] & 0x7F)
        var offset = 2
        if length == 126 {
            guard bytes.count >= 4 else { return nil }
            length = Int(bytes[2]) << 8 | Int(bytes[3])
            offset = 4
        } else if length == 127 {
            guard bytes.count >= 10 else { return nil }
            length = bytes[2..<10].reduce(0) { $0 << 8 | Int($1) }
            offset = 10
        }
        guard bytes.count >= offset + length else { return nil }
        return (opcode, Data(bytes[offset..<offset + length]), offset + length)
    }
}

/// A connection the test writes to and reads from byte by byte, as a hostile or slow client would.
final class RawConnection: @unchecked Sendable {
    let socket: Int32

    init(socket: Int32) {
        self.socket = socket
    }

    deinit { close(socket) }

    /// Sends more bytes; `false` when the server has closed the connection.
    func send(_ bytes: Data) async -> Bool {
        (try? await offThePool { try sendBytes(self.socket, bytes) }) != nil
    }

    /// ``send(_:)`` on the calling thread, which it blocks.
    func sendNow(_ bytes: Data) -> Bool {
        (try? sendBytes(socket, bytes)) != nil
    }

    /// What the server sends until a response's head is whole (or 20 s pass, or the server closes the connection).
    func readHead() async throws -> Data {
        try await offThePool {
            var received = Data()
            while !received.contains(Data("\r\n\r\n".utf8)) {
                guard let chunk = try? receive(self.socket), !chunk.isEmpty else { break }
                received += chunk
            }
            return received
        }
    }

    /// Everything the server sends until it closes the connection (or 20 s pass).
    func readUntilClosed() async throws -> Data {
        try await offThePool {
            var received = Data()
            while true {
                // A reset after the answer ends the reading as a close does.
                guard let chunk = try? receive(self.socket), !chunk.isEmpty else { return received }
                received += chunk
            }
        }
    }
}

struct ClientError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

private func sendBytes(_ socket: Int32, _ data: Data) throws {
    try send(socket, data)
}

private func send(_ socket: Int32, _ data: Data) throws {
    try data.withUnsafeBytes { buffer in
        var sent = 0
        while sent < buffer.count {
            #if canImport(Glibc)
                let count = Glibc.send(socket, buffer.baseAddress! + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
            #else
                let count = Darwin.send(socket, buffer.baseAddress! + sent, buffer.count - sent, 0)
            #endif
            guard count > 0 else { throw ClientError("send failed: \(errno)") }
            sent += count
        }
    }
}

private func receive(_ socket: Int32) throws -> Data {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = recv(socket, &buffer, buffer.count, 0)
    guard count >= 0 else { throw ClientError("receive failed: \(errno)") }
    return Data(buffer[0..<count])
}
