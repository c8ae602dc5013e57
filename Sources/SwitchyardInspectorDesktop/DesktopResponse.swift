import Foundation
import NIOCore
import NIOHTTP1
import SwitchyardInspector

/// A response of the desktop inspector.
struct DesktopResponse: Sendable {
    var status: Int
    var headers: [(String, String)] = []
    var body: Data = Data()
    /// The inspector's page: the desktop's own pages may show it in a pane (`/compare`), no other page may.
    var isPage = false

    init(status: Int, body: Data = Data(), contentType: String? = nil) {
        self.status = status
        self.body = body
        if let contentType { headers.append(("Content-Type", contentType)) }
    }

    static func failure(_ status: Int, _ message: String) -> DesktopResponse {
        DesktopResponse(status: status, body: InspectorWire.failureBody(message), contentType: "application/json")
    }

    /// The answer to a request for a WebSocket address that is not a WebSocket handshake the desktop takes: `400`
    /// for a handshake without its key, otherwise `426` with the protocol and version to upgrade to, as HTTP and the
    /// WebSocket protocol require (a client of another WebSocket version learns which one to use).
    static func webSocketRequired(by head: HTTPRequestHead, _ message: String) -> DesktopResponse {
        let asksForWebSocket = head.headers["upgrade"].contains { $0.lowercased().contains("websocket") }
        if asksForWebSocket, head.headers["sec-websocket-key"].isEmpty {
            return .failure(400, "The WebSocket handshake has no Sec-WebSocket-Key.")
        }
        var response = failure(426, message)
        response.headers.append(("Upgrade", "websocket"))
        response.headers.append(("Sec-WebSocket-Version", "13"))
        return response
    }

    static func json(_ value: some Encodable) -> DesktopResponse {
        do {
            return DesktopResponse(status: 200, body: try JSONEncoder().encode(value), contentType: "application/json")
        } catch {
            return failure(500, "\(error)")
        }
    }

    /// The response's head and body on the wire, with the headers every response carries; `host` is the request's
    /// `Host`, for the page's policy. An HTTP/1.0 request's connection stays open only when the response says so.
    func parts(
        host: String, keepAlive: Bool, requestVersion: HTTPVersion = .http1_1
    ) -> (head: HTTPServerResponsePart, body: HTTPServerResponsePart) {
        var headers = HTTPHeaders()
        for (name, value) in self.headers { headers.add(name: name, value: value) }
        DesktopSecurity.addHeaders(to: &headers, host: host, isPage: isPage)
        headers.replaceOrAdd(name: "Content-Length", value: String(body.count))
        if !keepAlive {
            headers.replaceOrAdd(name: "Connection", value: "close")
        } else if requestVersion == .http1_0 {
            headers.replaceOrAdd(name: "Connection", value: "keep-alive")
        }
        let head = HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: status), headers: headers)
        return (.head(head), .body(.byteBuffer(ByteBuffer(bytes: body))))
    }
}

/// A request target split into its percent-decoded path and query.
struct DesktopTarget: Sendable {
    var path: String
    var query: [String: String]

    init(_ uri: String) {
        let components = URLComponents(string: uri)
        path = components?.percentEncodedPath.removingPercentEncoding ?? uri
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        self.query = query
    }
}

/// What every response carries, and the token's comparison.
enum DesktopSecurity {
    /// The page runs only its own inline code, talks only to this server, and is never framed by another site's page
    /// (the desktop's side-by-side page shows it in panes; nothing else of the desktop is ever framed); no URL leaks
    /// through a `Referer`; nothing is cached.
    static func addHeaders(to headers: inout HTTPHeaders, host: String, isPage: Bool = false) {
        let connect = host.isEmpty ? "'self'" : "'self' ws://\(host)"
        let ancestors = isPage ? "'self'" : "'none'"
        headers.replaceOrAdd(
            name: "Content-Security-Policy",
            value: "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src \(connect); "
                + "img-src 'self' data: blob:; frame-src 'self'; base-uri 'none'; form-action 'none'; "
                + "frame-ancestors \(ancestors)"
        )
        headers.replaceOrAdd(name: "X-Frame-Options", value: isPage ? "SAMEORIGIN" : "DENY")
        headers.replaceOrAdd(name: "Referrer-Policy", value: "no-referrer")
        headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
    }

    /// Compares in time that depends on the lengths only, so that timing does not tell how much of a guess is right.
    static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
