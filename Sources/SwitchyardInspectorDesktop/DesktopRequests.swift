import Foundation
import NIOCore
import NIOHTTP1
import Switchyard
import SwitchyardInspector

extension DesktopServer {
    /// Serves a connection's requests in order until it closes: each is read within the limits, its host, token and
    /// origin checked, and answered: the page itself, the list of stores, or a store's endpoint, which the store's app
    /// answers through its connection.
    func serveRequests(
        _ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>,
        refusedUpgrade: RefusedUpgrade?, deadline: ConnectionDeadline
    ) async {
        let channel = connection.channel
        try? await connection.executeThenClose { inbound, outbound in
            var reader = RequestReader(server: self, channel: channel)
            /// Answers `response`; `false` when the connection closes after it.
            func respond(_ response: DesktopResponse, keepAlive: Bool) async throws -> Bool {
                let (head, body) = response.parts(
                    host: reader.host, keepAlive: keepAlive, requestVersion: reader.version)
                guard keepAlive else {
                    // The connection closes once the answer is written, not before: the end goes to the channel
                    // itself, whose write completes then, behind the head and body that the writer passed on.
                    try await outbound.write(contentsOf: [head, body])
                    try await channel.writeAndFlush(HTTPServerResponsePart.end(nil)).fencedGet()
                    return false
                }
                try await outbound.write(contentsOf: [head, body, .end(nil)])
                return true
            }
            /// `refusedUpgrade` is the refused upgrade `step` reads, if it is one.
            func handle(_ step: RequestReader.Step, refusedUpgrade: RefusedUpgrade? = nil) async throws -> Bool {
                switch step {
                case .reading:
                    return true
                case .continueExpected(let version):
                    // The client waits for this before it sends the body (curl does, a second, for a large one).
                    try await outbound.write(.head(HTTPResponseHead(version: version, status: .continue)))
                    return true
                case .refused(let response):
                    statistics.withLock { $0.refusedForLimits += 1 }
                    return try await respond(response, keepAlive: false)
                case .read(let head, let body):
                    deadline.cancel()
                    statistics.withLock { $0.requests += 1 }
                    let response = await route(head, body: body, upgradeRefusal: refusedUpgrade?.refusal)
                    // NIO's decoder reads nothing after a request that asks for an upgrade: a request sent after a
                    // refused one could never be answered, so its connection closes after the answer.
                    let keepAlive = head.isKeepAlive && refusedUpgrade == nil
                    guard try await respond(response, keepAlive: keepAlive) else { return false }
                    deadline.start()
                    return true
                }
            }
            if let refusedUpgrade {
                // NIO's upgrade handler read this request whole: it is answered as a plain one, the last.
                for part: HTTPServerRequestPart in [.head(refusedUpgrade.head), .end(nil)] {
                    guard try await handle(reader.read(part), refusedUpgrade: refusedUpgrade) else { return }
                }
            }
            do {
                for try await part in inbound {
                    ResumeFence.pass()
                    guard try await handle(reader.read(part)) else { return }
                }
            } catch {
                // A head that passes the limits, or that does not parse: answered, then closed. NIO's pipelining
                // handler passes the decoder's error on once the answer in progress is written, and the bytes that
                // keep coming meanwhile may pass theirs on first.
                guard let error = Self.parseError(in: error) else { return }
                _ = try await respond(refusal(for: error), keepAlive: false)
            }
        }
    }

    /// The error of NIO's decoder that `error` reports, if any.
    static func parseError(in error: any Error) -> HTTPParserError? {
        switch error {
        case let error as HTTPParserError: error
        case ByteToMessageDecoderError.dataReceivedInErrorState(let error as HTTPParserError, _): error
        default: nil
        }
    }

    /// The answer to a request that NIO's decoder refused.
    func refusal(for error: HTTPParserError) -> DesktopResponse {
        guard case .headerOverflow = error else {
            return .failure(400, "The request is not valid HTTP/1.1 (\(error)).")
        }
        statistics.withLock { $0.refusedForLimits += 1 }
        return .failure(
            431,
            "The request head passes the limits: a target or header of at most \(limits.maxRequestLineBytes) "
                + "bytes, \(limits.maxHeadBytes) bytes and \(limits.maxHeaderCount) headers in all.")
    }
}

/// Reads a connection's requests part by part, within the limits.
struct RequestReader {
    /// What the part read makes of the request.
    enum Step {
        /// The request goes on.
        case reading
        /// The request goes on, and its client waits to be told so before it sends the body (`Expect:
        /// 100-continue`): it is answered `100 Continue` in its HTTP version, once its head passed the checks.
        case continueExpected(HTTPVersion)
        /// The request passes a limit or carries a wrong host: answered with this, then the connection closes.
        case refused(DesktopResponse)
        /// The request was read in full.
        case read(HTTPRequestHead, body: Data)
    }

    let server: DesktopServer
    let channel: Channel
    /// The `Host` of the latest request, for the policy of its response.
    private(set) var host = ""
    /// The HTTP version of the latest request, for the `Connection` header of its response.
    private(set) var version = HTTPVersion.http1_1
    private var head: HTTPRequestHead?
    private var body = ByteBuffer()
    private var bodyLimit = 0

    init(server: DesktopServer, channel: Channel) {
        self.server = server
        self.channel = channel
    }

    mutating func read(_ part: HTTPServerRequestPart) -> Step {
        switch part {
        case .head(let head):
            version = head.version
            if let refusal = check(head) { return .refused(refusal) }
            self.head = head
            body.clear()
            // HTTP/1.0 has no interim responses: its clients send the body without waiting.
            let expectsContinue =
                head.version != .http1_0
                && head.headers["expect"].contains { $0.lowercased() == "100-continue" }
            return expectsContinue ? .continueExpected(head.version) : .reading
        case .body(var chunk):
            // Parts of a request that NIO's upgrade handler read are not this connection's to answer.
            guard head != nil else { return .reading }
            if body.readableBytes + chunk.readableBytes > bodyLimit {
                return .refused(.failure(413, "The body is larger than \(bodyLimit) bytes."))
            }
            body.writeBuffer(&chunk)
            return .reading
        case .end:
            guard let head else { return .reading }
            self.head = nil
            let request = body.readableBytes > 0 ? Data(body.readableBytesView) : Data()
            body.clear()
            return .read(head, body: request)
        }
    }

    /// A refusal for a head that passes a limit or carries a wrong host; `nil` when the request may go on.
    private mutating func check(_ head: HTTPRequestHead) -> DesktopResponse? {
        let limits = server.limits
        if head.uri.utf8.count > limits.maxRequestLineBytes {
            return .failure(414, "The request target is longer than \(limits.maxRequestLineBytes) bytes.")
        }
        if head.headers.count > limits.maxHeaderCount {
            return .failure(431, "More than \(limits.maxHeaderCount) headers.")
        }
        let headBytes =
            head.uri.utf8.count + head.headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
        if headBytes > limits.maxHeadBytes {
            return .failure(431, "The request head is larger than \(limits.maxHeadBytes) bytes.")
        }
        let hosts = head.headers["host"]
        host = hosts.first ?? ""
        if hosts.count != 1 {
            return .failure(
                400, hosts.isEmpty ? "The request has no Host header." : "The request has two Host headers.")
        }
        let target = DesktopTarget(head.uri)
        let isAuthorized = server.isAuthorized(head.headers, query: target.query)
        if isAuthorized { server.gate.trust(channel) }
        bodyLimit =
            isAuthorized && head.method == .POST
                && (target.path.hasSuffix("/api/import") || target.path.hasSuffix("/api/journal/test"))
            ? max(limits.maxBodyBytes, limits.maxSessionBytes) : limits.maxBodyBytes
        if let length = head.headers["content-length"].first.flatMap(Int.init), length > bodyLimit {
            return .failure(413, "The body is larger than \(bodyLimit) bytes.")
        }
        return nil
    }
}

/// Answers a first request that NIO's decoder refused before its head was whole (a head past the limits, or one
/// that is not HTTP), then closes the connection.
///
/// Until the first head is read, NIO's upgrade handler holds the connection and no `NIOAsyncChannel` exists yet to
/// see the decoder's error; NIO's own `HTTPServerProtocolErrorHandler` would answer `400` where the limits call for
/// `431`. The handler is removed once the first head is read: the connection's loop answers the errors of later
/// requests.
final class FirstRequestErrors: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// The handler's name in the pipeline, to remove it.
    static let name = "switchyard-first-request-errors"
    private let server: DesktopServer
    private var isAnswered = false

    init(server: DesktopServer) {
        self.server = server
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        guard let error = error as? HTTPParserError else {
            // A WebSocket upgrade that was refused: the connection's loop answers the request.
            context.fireErrorCaught(error)
            return
        }
        guard !isAnswered else { return }
        isAnswered = true
        let (head, body) = server.refusal(for: error).parts(host: "", keepAlive: false)
        context.write(wrapOutboundOut(head), promise: nil)
        context.write(wrapOutboundOut(body), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }
}
