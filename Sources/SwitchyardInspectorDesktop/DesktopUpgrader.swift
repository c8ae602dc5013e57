import NIOCore
import NIOHTTP1
import NIOWebSocket

/// The WebSocket upgrade of a page or an app, each with its own largest frame.
///
/// NIO's frame decoder bounds each frame, and its aggregator bounds only messages in fragments: a single final frame
/// passes through it whatever its size. A page's decoder is given the page's message limit as its largest frame, so
/// that every message of a page is held to it however it is framed (a larger frame closes the connection with
/// `1009` as soon as its header is read); an app's decoder takes frames of ``DesktopServer/maximumFrameBytes``.
struct DesktopUpgrader: HTTPServerProtocolUpgrader, Sendable {
    let supportedProtocol = "websocket"
    let requiredUpgradeHeaders: [String] = []
    private let page: NIOWebSocketServerUpgrader
    private let app: NIOWebSocketServerUpgrader
    private let server: DesktopServer

    init(
        server: DesktopServer,
        shouldUpgrade: @escaping @Sendable (Channel, HTTPRequestHead) -> EventLoopFuture<HTTPHeaders?>,
        upgradePipelineHandler: @escaping @Sendable (Channel, HTTPRequestHead) -> EventLoopFuture<Void>
    ) {
        self.server = server
        page = NIOWebSocketServerUpgrader(
            maxFrameSize: max(server.limits.maxPageMessageBytes, 125), automaticErrorHandling: true,
            shouldUpgrade: shouldUpgrade, upgradePipelineHandler: upgradePipelineHandler)
        app = NIOWebSocketServerUpgrader(
            maxFrameSize: DesktopServer.maximumFrameBytes, automaticErrorHandling: true,
            shouldUpgrade: shouldUpgrade, upgradePipelineHandler: upgradePipelineHandler)
    }

    private func upgrader(for head: HTTPRequestHead) -> NIOWebSocketServerUpgrader {
        if case .app = server.socketKind(of: head) { return app }
        return page
    }

    func buildUpgradeResponse(
        channel: Channel, upgradeRequest: HTTPRequestHead, initialResponseHeaders: HTTPHeaders
    ) -> EventLoopFuture<HTTPHeaders> {
        upgrader(for: upgradeRequest).buildUpgradeResponse(
            channel: channel, upgradeRequest: upgradeRequest, initialResponseHeaders: initialResponseHeaders)
    }

    func upgrade(context: ChannelHandlerContext, upgradeRequest: HTTPRequestHead) -> EventLoopFuture<Void> {
        upgrader(for: upgradeRequest).upgrade(context: context, upgradeRequest: upgradeRequest)
    }
}
