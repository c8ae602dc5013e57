import Foundation

/// A request the inspector's server received in full: its head within the server's limits, and its body.
struct HTTPRequest: Sendable {
    var method: String
    /// The path, percent-decoded, without the query.
    var path: String
    /// The query's parameters, percent-decoded; the last of a repeated name wins.
    var query: [String: String]
    /// The headers, with lowercased names; the last of a repeated name wins.
    var headers: [String: String]
    var body: Data

    /// The value of the header `name` (any case).
    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// A response of the inspector's server. With `upgrade`, the connection becomes a WebSocket after it is sent.
struct HTTPResponse: Sendable {
    var status: Int
    var headers: [(name: String, value: String)] = []
    var body: Data = Data()
    var upgrade: WebSocketUpgrade?

    init(status: Int, body: Data = Data(), contentType: String? = nil) {
        self.status = status
        self.body = body
        if let contentType { headers.append(("Content-Type", contentType)) }
    }

    /// Sets `name` to `value`, replacing an earlier value.
    mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { $0.name.lowercased() == name.lowercased() }
        headers.append((name, value))
    }

    /// The bytes on the wire: status line, headers with `Content-Length`, and the body.
    func serialized(closing: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if upgrade == nil {
            head += "Content-Length: \(body.count)\r\n"
            if closing { head += "Connection: close\r\n" }
        }
        head += "\r\n"
        return Array(head.utf8) + body
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 101: "Switching Protocols"
        case 200: "OK"
        case 202: "Accepted"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 426: "Upgrade Required"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status"
        }
    }
}

/// What a WebSocket needs once the upgrade is sent: `start` is called with the connection's outlet and returns what
/// to call when the connection closes.
struct WebSocketUpgrade: Sendable {
    var start: @Sendable (WebSocketOutlet) -> @Sendable () -> Void
}

/// Sends text messages to one WebSocket connection from any thread. A message that would take the connection's
/// unsent bytes past the server's limit closes the connection instead: a page that does not read is dropped.
struct WebSocketOutlet: Sendable {
    let connection: UInt64
    let loop: HTTPServerLoop

    /// Queues `text` for the page; returns `false` when the connection is gone.
    @discardableResult
    func send(_ text: String) -> Bool {
        loop.post(.send(connection: connection, frame: WebSocketFrame.encode(opcode: 1, payload: Array(text.utf8))))
    }
}
