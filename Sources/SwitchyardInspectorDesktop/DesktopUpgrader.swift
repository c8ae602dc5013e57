import Foundation
import NIOCore
import NIOHTTP1
import NIOWebSocket
import SwitchyardInspector

/// A WebSocket of the desktop: a page's or an app's.
///
/// Its frames are written through a ``SocketWriter``, straight to the channel, not through the `NIOAsyncChannel`.
typealias DesktopWebSocket = NIOAsyncChannel<WebSocketFrame, Never>

/// What a connection became once NIO's upgrade handler read its first request's head.
enum DesktopConnection: Sendable {
    /// Plain requests, served in order; `refusedUpgrade` is the first request when it asked for an upgrade that was
    /// refused.
    case http(NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, refusedUpgrade: RefusedUpgrade?)
    /// A page watching a store, which the directory lists with `writer`.
    case page(DesktopWebSocket, writer: SocketWriter)
    /// An app's connection.
    case app(DesktopWebSocket)
}

/// A request that asked for a WebSocket and was refused. NIO's upgrade handler reads such a request whole and does not
/// pass it on: the connection's loop answers it, then closes the connection, since NIO's decoder reads nothing after a
/// request that asks for an upgrade. (An upgrade to a protocol the
/// desktop does not speak never reaches NIO's handler: ``UnspokenUpgrades`` leaves it out of the request.)
struct RefusedUpgrade: Sendable {
    var head: HTTPRequestHead
    /// The answer to an app's refused upgrade (its pairing code, its release, the room left); `nil` for a page's,
    /// which the routes answer from the request alone.
    var refusal: DesktopResponse?
}

/// The WebSocket upgrade of a page or an app, each with its own largest frame.
///
/// NIO's frame decoder bounds each frame, and a message in fragments is joined within the message's limit: a single
/// final frame is bounded only by the decoder. A page's decoder is given the page's message limit as its largest
/// frame, so that every message of a page is held to it however it is framed (a larger frame closes the connection
/// with `1009` as soon as its header is read); an app's decoder takes frames of ``DesktopServer/maximumFrameBytes``.
/// NIO's upgrade handler takes one upgrader per protocol: this one gives each request to the upgrader of its kind.
/// The frames NIO's decoder refuses are answered by the connection's loop, with the close code they call for.
struct DesktopUpgrader: NIOTypedHTTPServerProtocolUpgrader {
    let supportedProtocol = "websocket"
    let requiredUpgradeHeaders: [String] = []
    private let server: DesktopServer
    private let refused: NIOLoopBoundBox<RefusedUpgrade?>
    private let page: NIOTypedWebSocketServerUpgrader<DesktopConnection>
    private let app: NIOTypedWebSocketServerUpgrader<DesktopConnection>

    /// - Parameters:
    ///   - deadline: the connection's request deadline, stopped once it becomes a WebSocket.
    ///   - refused: where the request is kept while its upgrade is decided, for the connection's loop if it is
    ///     refused.
    init(server: DesktopServer, deadline: ConnectionDeadline, refused: NIOLoopBoundBox<RefusedUpgrade?>) {
        self.server = server
        self.refused = refused
        let shouldUpgrade: @Sendable (Channel, HTTPRequestHead) -> EventLoopFuture<HTTPHeaders?> = { channel, head in
            server.webSocketHeaders(for: head, channel: channel) { refused.value?.refusal = $0 }
        }
        let upgraded: @Sendable (Channel, HTTPRequestHead) -> EventLoopFuture<DesktopConnection> = { channel, head in
            channel.eventLoop.makeCompletedFuture {
                guard let kind = server.socketKind(of: head) else {
                    throw NIOWebSocketUpgradeError.unsupportedWebSocketTarget
                }
                deadline.cancel()
                channel.pipeline.syncOperations.removeHandler(name: FirstRequestErrors.name, promise: nil)
                // Each frame passes the fence that orders it for ThreadSanitizer, as the app's frames do.
                try channel.pipeline.syncOperations.addHandler(ResumeFence.Gate<WebSocketFrame>())
                let socket = try DesktopWebSocket(wrappingChannelSynchronously: channel)
                switch kind {
                case .page(let storeID):
                    guard let writer = server.addPage(channel, to: storeID) else {
                        throw NIOWebSocketUpgradeError.unsupportedWebSocketTarget
                    }
                    return .page(socket, writer: writer)
                case .app:
                    return .app(socket)
                }
            }
        }
        page = NIOTypedWebSocketServerUpgrader(
            maxFrameSize: max(server.limits.maxPageMessageBytes, 125), enableAutomaticErrorHandling: false,
            shouldUpgrade: shouldUpgrade, upgradePipelineHandler: upgraded)
        app = NIOTypedWebSocketServerUpgrader(
            maxFrameSize: DesktopServer.maximumFrameBytes, enableAutomaticErrorHandling: false,
            shouldUpgrade: shouldUpgrade, upgradePipelineHandler: upgraded)
    }

    private func upgrader(for head: HTTPRequestHead) -> NIOTypedWebSocketServerUpgrader<DesktopConnection> {
        if case .app = server.socketKind(of: head) { return app }
        return page
    }

    func buildUpgradeResponse(
        channel: Channel, upgradeRequest: HTTPRequestHead, initialResponseHeaders: HTTPHeaders
    ) -> EventLoopFuture<HTTPHeaders> {
        refused.value = RefusedUpgrade(head: upgradeRequest)
        return upgrader(for: upgradeRequest).buildUpgradeResponse(
            channel: channel, upgradeRequest: upgradeRequest, initialResponseHeaders: initialResponseHeaders)
    }

    func upgrade(channel: Channel, upgradeRequest: HTTPRequestHead) -> EventLoopFuture<DesktopConnection> {
        upgrader(for: upgradeRequest).upgrade(channel: channel, upgradeRequest: upgradeRequest)
    }
}

/// Leaves out of a connection's first request the upgrades to protocols the desktop does not speak (`h2c`, which
/// `curl --http2` asks for, or any other): the request is then answered as a plain one, as HTTP/1.1 lets a server that
/// ignores an upgrade do.
///
/// NIO's typed upgrade handler reads a request that asks for an upgrade whole and gives it only to the upgrader of
/// that protocol: with none, the request would never be answered, and the connection would close unanswered at the
/// request timeout. This handler sits before it for the first request alone, the only one it decides on, and removes
/// itself after that request's head.
final class UnspokenUpgrades: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    /// The protocol the desktop upgrades to.
    static let spoken = "websocket"

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        let offered = head.headers["upgrade"].flatMap { $0.split(separator: ",") }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let spoken = offered.filter { $0.lowercased() == Self.spoken }
        if spoken.count != offered.count {
            head.headers.remove(name: "upgrade")
            if !spoken.isEmpty { head.headers.add(name: "Upgrade", value: spoken.joined(separator: ", ")) }
        }
        context.fireChannelRead(wrapInboundOut(.head(head)))
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}
