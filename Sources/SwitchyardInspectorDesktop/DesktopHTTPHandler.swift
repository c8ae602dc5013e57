import Foundation
import NIOCore
import NIOHTTP1
import NIOWebSocket
import Switchyard
import SwitchyardInspector

/// Reads each request of a connection within the limits, checks its host, token and origin, and answers it: the page
/// itself, the list of stores, or a store's endpoint, which the store's app answers through its connection.
final class DesktopHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// The handler's name in the pipeline, to remove it once the connection became a WebSocket.
    static let name = "switchyard-desktop-http"
    private let server: DesktopServer
    private var head: HTTPRequestHead?
    private var body = ByteBuffer()
    private var bodyLimit = 0
    /// The `Host` of the latest request, for the policy of its response.
    private var host = ""
    /// The request being read was refused: its remaining parts are ignored until the connection closes.
    private var isDiscarding = false
    private var deadline: Scheduled<Void>?

    /// A request was read in full and its answer is not written yet.
    private var isAnswering = false
    /// The answer to an app's upgrade that was refused: the request comes on as a plain one, answered with it.
    var upgradeRefusal: DesktopResponse?

    init(server: DesktopServer) {
        self.server = server
    }

    func handlerAdded(context: ChannelHandlerContext) {
        startDeadline(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    /// The connection must send a whole request within the time the limits give; it is closed after.
    private func startDeadline(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        let channel = context.channel
        let statistics = server.statistics
        deadline = context.eventLoop.scheduleTask(in: TimeAmount(server.limits.requestTimeout)) {
            statistics.withLock { $0.timedOut += 1 }
            channel.close(promise: nil)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            guard !isDiscarding else { return }
            if let refusal = check(head, context: context) {
                isDiscarding = true
                server.statistics.withLock { $0.refusedForLimits += 1 }
                respond(context, refusal, keepAlive: false)
                return
            }
            self.head = head
            body.clear()
        case .body(var chunk):
            guard !isDiscarding, head != nil else { return }
            if body.readableBytes + chunk.readableBytes > bodyLimit {
                isDiscarding = true
                server.statistics.withLock { $0.refusedForLimits += 1 }
                respond(context, failure(413, "The body is larger than \(bodyLimit) bytes."), keepAlive: false)
                return
            }
            body.writeBuffer(&chunk)
        case .end:
            guard !isDiscarding, let head else { return }
            self.head = nil
            deadline?.cancel()
            deadline = nil
            server.statistics.withLock { $0.requests += 1 }
            isAnswering = true
            let request = body.readableBytes > 0 ? Data(body.readableBytesView) : Data()
            body.clear()
            let keepAlive = head.isKeepAlive
            let channel = context.channel
            let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            let refusal = upgradeRefusal
            upgradeRefusal = nil
            let answer = server.route(head, body: request, channel: channel, upgradeRefusal: refusal)
            answer.hop(to: context.eventLoop).whenComplete { result in
                let (handler, context) = loopBound.value
                let response: DesktopResponse
                switch result {
                case .success(let value): response = value
                case .failure(let error): response = handler.failure(500, "\(error)")
                }
                handler.respond(context, response, keepAlive: keepAlive)
                handler.isAnswering = false
                if keepAlive { handler.startDeadline(context) }
            }
        }
    }

    /// A refusal for a head that passes a limit or carries a wrong host; `nil` when the request may go on.
    private func check(_ head: HTTPRequestHead, context: ChannelHandlerContext) -> DesktopResponse? {
        let limits = server.limits
        if head.uri.utf8.count > limits.maxRequestLineBytes {
            return failure(414, "The request target is longer than \(limits.maxRequestLineBytes) bytes.")
        }
        if head.headers.count > limits.maxHeaderCount {
            return failure(431, "More than \(limits.maxHeaderCount) headers.")
        }
        let headBytes =
            head.uri.utf8.count + head.headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
        if headBytes > limits.maxHeadBytes {
            return failure(431, "The request head is larger than \(limits.maxHeadBytes) bytes.")
        }
        let hosts = head.headers["host"]
        host = hosts.first ?? ""
        if hosts.count != 1 {
            return failure(400, hosts.isEmpty ? "The request has no Host header." : "The request has two Host headers.")
        }
        let target = DesktopTarget(head.uri)
        let isAuthorized = server.isAuthorized(head.headers, query: target.query)
        if isAuthorized { server.gate.trust(context.channel) }
        bodyLimit =
            isAuthorized && head.method == .POST
                && (target.path.hasSuffix("/api/import") || target.path.hasSuffix("/api/journal/test"))
            ? max(limits.maxBodyBytes, limits.maxSessionBytes) : limits.maxBodyBytes
        if let length = head.headers["content-length"].first.flatMap(Int.init), length > bodyLimit {
            return failure(413, "The body is larger than \(bodyLimit) bytes.")
        }
        return nil
    }

    private func respond(_ context: ChannelHandlerContext, _ response: DesktopResponse, keepAlive: Bool) {
        var headers = HTTPHeaders()
        for (name, value) in response.headers { headers.add(name: name, value: value) }
        DesktopSecurity.addHeaders(to: &headers, host: host, isPage: response.isPage)
        headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
        if !keepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }
        let status = HTTPResponseStatus(statusCode: response.status)
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        var buffer = context.channel.allocator.buffer(capacity: response.body.count)
        buffer.writeBytes(response.body)
        context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            if !keepAlive { channel.close(promise: nil) }
        }
    }

    private func failure(_ status: Int, _ message: String) -> DesktopResponse {
        DesktopResponse.failure(status, message)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // A WebSocket upgrade that was refused goes on as a plain request, which is answered with the reason.
        if error is NIOWebSocketUpgradeError { return }
        // A head that passes the limits, or that does not parse: answered once the answer in progress is written,
        // then closed.
        guard let parseError = error as? HTTPParserError, !isAnswering, !isDiscarding else {
            context.close(promise: nil)
            return
        }
        isDiscarding = true
        if case .headerOverflow = parseError {
            server.statistics.withLock { $0.refusedForLimits += 1 }
            let limits = server.limits
            respond(
                context,
                failure(
                    431,
                    "The request head passes the limits: a target or header of at most \(limits.maxRequestLineBytes) "
                        + "bytes, \(limits.maxHeadBytes) bytes and \(limits.maxHeaderCount) headers in all."),
                keepAlive: false)
        } else {
            respond(context, failure(400, "The request is not valid HTTP/1.1 (\(parseError))."), keepAlive: false)
        }
    }
}

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

    static func json(_ value: some Encodable) -> DesktopResponse {
        do {
            return DesktopResponse(status: 200, body: try JSONEncoder().encode(value), contentType: "application/json")
        } catch {
            return failure(500, "\(error)")
        }
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
