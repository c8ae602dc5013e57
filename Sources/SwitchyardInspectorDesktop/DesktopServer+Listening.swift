import NIOCore
import NIOHTTP1
import NIOPosix
import Switchyard
import SwitchyardInspector

/// A connection the desktop accepted, and what its first request makes of it.
struct AcceptedConnection: Sendable {
    let channel: Channel
    /// Completes once NIO's upgrade handler read the first request's head: plain HTTP, or a page's or an app's
    /// WebSocket. It fails when the connection closes first.
    let upgrade: EventLoopFuture<DesktopConnection>
    /// Closes the connection when a request takes too long; the connection's loop restarts it between requests.
    let deadline: ConnectionDeadline
}

/// Closes a connection that does not finish in time: a request not read in full, a connection idle between two
/// requests, an app that does not say hello.
final class ConnectionDeadline: Sendable {
    private let channel: Channel
    private let timeout: TimeAmount
    private let onExpiry: @Sendable () -> Void
    private let scheduled = LockedValue<Scheduled<Void>?>(nil)

    init(channel: Channel, timeout: Duration, onExpiry: @escaping @Sendable () -> Void = {}) {
        self.channel = channel
        self.timeout = TimeAmount(timeout)
        self.onExpiry = onExpiry
        channel.closeFuture.whenComplete { [scheduled] _ in scheduled.withLock { $0 }?.cancel() }
    }

    /// Starts the time again from now.
    func start() {
        let channel = channel
        let onExpiry = onExpiry
        let task = channel.eventLoop.scheduleTask(in: timeout) {
            // A connection that closed in the meantime did not time out.
            guard channel.isActive else { return }
            onExpiry()
            channel.close(promise: nil)
        }
        scheduled.withLock { scheduled in
            scheduled?.cancel()
            scheduled = task
        }
    }

    func cancel() {
        scheduled.withLock { scheduled in
            scheduled?.cancel()
            scheduled = nil
        }
    }
}

extension DesktopServer {
    /// Listens on `host` and `port`: each connection the listener yields is served by ``serve(_:)``.
    func bind(host: String, port: Int, group: EventLoopGroup) async throws -> NIOAsyncChannel<AcceptedConnection, Never>
    {
        try await ServerBootstrap(group: group)
            // A burst of connections waits in the kernel's queue, in order, rather than being dropped and retried
            // seconds later (the kernel caps the value at its own maximum).
            .serverChannelOption(.backlog, value: 1024)
            // Accept a burst in a few wake-ups rather than four connections per wake-up.
            .serverChannelOption(.maxMessagesPerRead, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .bind(host: host, port: port) { [self] channel in
                guard gate.admit(channel) else {
                    return channel.close().flatMap {
                        channel.eventLoop.makeFailedFuture(ChannelError.ioOnClosedChannel)
                    }
                }
                return channel.eventLoop.makeCompletedFuture { try configure(channel) }
            }
    }

    /// NIO's HTTP server pipeline with its typed upgrade handler, within the limits: the first request's head decides
    /// what the connection becomes.
    private func configure(_ channel: Channel) throws -> AcceptedConnection {
        let statistics = statistics
        let deadline = ConnectionDeadline(channel: channel, timeout: limits.requestTimeout) {
            statistics.withLock { $0.timedOut += 1 }
        }
        let refused = NIOLoopBoundBox<RefusedUpgrade?>(nil, eventLoop: channel.eventLoop)
        let upgrades = NIOTypedHTTPServerUpgradeConfiguration<DesktopConnection>(
            upgraders: [DesktopUpgrader(server: self, deadline: deadline, refused: refused)],
            notUpgradingCompletionHandler: { channel in
                channel.eventLoop.makeCompletedFuture {
                    channel.pipeline.syncOperations.removeHandler(name: FirstRequestErrors.name, promise: nil)
                    // Each part of a request passes the fence that orders it for ThreadSanitizer, as frames do.
                    try channel.pipeline.syncOperations.addHandler(ResumeFence.Gate<HTTPServerRequestPart>())
                    let http = try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(
                        wrappingChannelSynchronously: channel)
                    return .http(http, refusedUpgrade: refused.value)
                }
            }
        )
        var configuration = NIOUpgradableHTTPServerPipelineConfiguration(upgradeConfiguration: upgrades)
        // Errors are answered by the desktop: `431` for a head past the limits, where NIO's handler answers `400`.
        configuration.enableErrorHandling = false
        // The decoder counts the request target with the headers: a head that passes these is refused before it is
        // buffered further.
        configuration.decoderConfiguration.maxHeaderFieldSize = max(limits.maxRequestLineBytes, 1)
        configuration.decoderConfiguration.maxHeaderListSize = max(limits.maxHeadBytes, 1)
        configuration.decoderConfiguration.maxHeaderFieldCount = max(limits.maxHeaderCount, 1)
        let upgrade = try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(
            configuration: configuration)
        let upgradeHandler = try channel.pipeline.syncOperations.handler(
            type: NIOTypedHTTPServerUpgradeHandler<DesktopConnection>.self)
        try channel.pipeline.syncOperations.addHandler(UnspokenUpgrades(), position: .before(upgradeHandler))
        try channel.pipeline.syncOperations.addHandler(FirstRequestErrors(server: self), name: FirstRequestErrors.name)
        deadline.start()
        return AcceptedConnection(channel: channel, upgrade: upgrade, deadline: deadline)
    }

    /// Serves every connection `listener` accepts, each in a task of its own, until the listener closes and every
    /// connection ended.
    func serve(_ listener: NIOAsyncChannel<AcceptedConnection, Never>) async {
        await withDiscardingTaskGroup { group in
            try? await listener.executeThenClose { accepted in
                for try await connection in accepted {
                    group.addTask { await self.serve(connection) }
                }
            }
        }
    }

    private func serve(_ connection: AcceptedConnection) async {
        let kind: DesktopConnection
        do {
            kind = try await connection.upgrade.fencedGet()
        } catch {
            connection.channel.close(promise: nil)
            return
        }
        switch kind {
        case .http(let http, let refusedUpgrade):
            await serveRequests(http, refusedUpgrade: refusedUpgrade, deadline: connection.deadline)
        case .page(let socket, let writer):
            await servePage(socket, writer: writer)
        case .app(let socket):
            await serveApp(socket)
        }
    }
}
