import Foundation
import NIOCore
import NIOPosix
import Switchyard
import SwitchyardInspector

/// The desktop inspector: a server on the developer's computer that apps connect to, and that serves the page
/// showing every connected app and store.
///
/// Run it with `swift run switchyard-inspector`, or start it from code (a test, a tool of your own):
///
/// ```swift
/// let desktop = try await DesktopInspector.start(port: 47_100)
/// print("Page: \(desktop.pageURL)")
/// print("Apps connect with SWITCHYARD_INSPECTOR=\(desktop.appAddress.address)")
/// ```
///
/// Apps connect out to it with `StoreInspector.connect(to:app:store:)`, giving the pairing code it shows; the app
/// never listens on a port, so the same works for an app on a phone or in a simulator on the developer's network.
/// Only an app's upgrade that carries a code, with no `Origin` or `Sec-Fetch-*` header (a browser sends them with
/// every request of a page), is compared and counted: no web page can keep apps from pairing. Codes are compared ten
/// at once, then one a second while wrong ones keep coming (a right one gives its turn back); an app that would wait
/// more than 5 seconds is told to come back, a lockout its status names (``Statistics/pairingLockouts``).
/// A store of an app that relaunches goes on in the same view of the page, which keeps what it showed of the earlier
/// launches above the live one (at most ``Limits/maxEarlierLaunches`` launches of
/// ``Limits/maxEntriesPerEarlierLaunch`` entries each), and it keeps at most ``Limits/maxStores`` stores, forgetting
/// the one seen least recently whose app is gone. An app sends live updates only while a page shows its store.
/// `/compare?left=ID&right=ID` shows two stores side by side.
///
/// **Safe to leave open.** It runs on a thread of its own. What a client may send is bounded before anything else
/// is looked at (see ``Limits``), a client without the page's token or the pairing code is closed first when the
/// connections run out, and a page that does not read is disconnected. Every request but the page itself must carry
/// the page's token (in the `X-Inspector-Token` header, a `token` query parameter, or a `token.<TOKEN>` WebSocket
/// subprotocol); the page's address carries it after `#`, which browsers never send. A request whose `Host` is not
/// the desktop's address is refused (another site cannot reach it by renaming itself), and so is a request that
/// changes a store, or a WebSocket, from a page of another origin.
public final class DesktopInspector: Sendable {
    /// The page's address, with the access token after `#`.
    public let pageURL: URL
    /// The page's access token.
    public let token: String
    /// The code apps must give to connect.
    package let pairingCode: String
    /// The port the desktop listens on, for pages and apps.
    public let port: Int
    /// What apps need to connect on this machine: `127.0.0.1`, the port and the pairing code. An app on another
    /// device uses the computer's address on the network instead of `127.0.0.1`, with a desktop started on
    /// `0.0.0.0`.
    public let appAddress: InspectorDesktop
    /// The limits the desktop holds its clients to.
    package var limits: DesktopInspector.Limits { server.limits }
    let server: DesktopServer
    /// The listening socket.
    private let channel: Channel
    /// The task that serves every connection the desktop accepts; it ends once the listener and every connection
    /// closed.
    private let serving: Task<Void, Never>
    private let group: MultiThreadedEventLoopGroup
    private let isStopped = LockedValue(false)

    private init(
        server: DesktopServer, channel: Channel, serving: Task<Void, Never>, group: MultiThreadedEventLoopGroup,
        host: String
    ) throws {
        self.server = server
        self.channel = channel
        self.serving = serving
        self.group = group
        self.token = server.token
        self.pairingCode = server.pairingCode
        let port = channel.localAddress?.port ?? 0
        self.port = port
        let pageHost = host == "0.0.0.0" ? "127.0.0.1" : host
        guard let url = URL(string: "http://\(pageHost):\(port)/#token=\(server.token)") else {
            throw DesktopInspectorError(description: "No page address for host \(host).")
        }
        pageURL = url
        appAddress = InspectorDesktop(host: pageHost, port: port, pairingCode: server.pairingCode)
    }

    /// Starts the desktop inspector and returns once it listens.
    /// - Parameters:
    ///   - host: the IPv4 address to listen on; the default accepts connections from this machine only. `0.0.0.0`
    ///     accepts apps on other devices (the page is still opened on `127.0.0.1`).
    ///   - port: the port, or 0 for a free one.
    ///   - token: the page's access token; a random one by default.
    ///   - pairingCode: the code apps must give; a random one by default.
    ///   - limits: what a client may send and hold.
    public static func start(
        host: String = "127.0.0.1",
        port: Int = 0,
        token: String? = nil,
        pairingCode: String? = nil,
        limits: Limits = Limits()
    ) async throws -> DesktopInspector {
        let server = DesktopServer(
            limits: limits, token: token ?? makeToken(), pairingCode: pairingCode ?? makePairingCode())
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let listener: NIOAsyncChannel<AcceptedConnection, Never>
        do {
            listener = try await server.bind(host: host, port: port, group: group)
        } catch {
            try? await group.shutdownGracefully()
            throw DesktopInspectorError(description: "The desktop inspector cannot listen on \(host):\(port): \(error)")
        }
        let channel = listener.channel
        let serving = Task { await server.serve(listener) }
        let boundPort = channel.localAddress?.port ?? port
        var hosts: Set<String> = ["localhost:\(boundPort)", "127.0.0.1:\(boundPort)"]
        if host != "0.0.0.0" { hosts.insert("\(host):\(boundPort)") }
        server.allowedHosts.withLock { $0 = hosts }
        do {
            return try DesktopInspector(server: server, channel: channel, serving: serving, group: group, host: host)
        } catch {
            try? await channel.close()
            await serving.value
            try? await group.shutdownGracefully()
            throw error
        }
    }

    /// The stores shown, connected or not.
    public var stores: [Store] {
        server.directory.list().map { listing in
            Store(
                id: listing.id, app: listing.app, store: listing.store, platform: listing.platform,
                processID: listing.processID, isConnected: listing.connected, launches: listing.launches,
                isWatched: listing.watched, liveUpdates: listing.updates, earlierLaunches: listing.earlierLaunches)
        }
    }

    /// A store the desktop inspector shows.
    public struct Store: Sendable, Equatable {
        /// The store's number in the page's address, `/stores/<id>/`.
        public var id: Int
        /// The app's name.
        public var app: String
        /// The store's name within the app.
        public var store: String
        /// The app's platform.
        package var platform: String
        /// The process number of the app's latest launch.
        package var processID: Int32
        /// Whether the app is connected now.
        public var isConnected: Bool
        /// How many launches of the app connected to this view.
        package var launches: Int
        /// Whether a page shows the store now: only then does its app compute and send live updates.
        package var isWatched: Bool
        /// How many live updates the store's apps sent to this view.
        package var liveUpdates: Int
        /// How many earlier launches of the app the view keeps, shown read-only above the live one (see
        /// ``Limits/maxEarlierLaunches``).
        package var earlierLaunches: Int
    }

    /// The page's address for the store numbered `id`, with the token after `#`.
    package func pageURL(forStore id: Int) -> URL {
        URL(string: "http://\(pageURL.host ?? "127.0.0.1"):\(port)/stores/\(id)/#token=\(token)") ?? pageURL
    }

    /// What the desktop inspector has done since it started: connections, requests, and the clients it refused or
    /// closed.
    public var statistics: Statistics { server.statistics.withLock { $0 } }

    /// Stops listening and closes every connection; apps connect again once a desktop inspector listens again.
    public func stop() async {
        guard
            isStopped.withLock({ stopped in
                defer { stopped = true }; return !stopped
            })
        else { return }
        try? await channel.close()
        server.gate.closeAll()
        server.directory.closeAll()
        // Every connection's task ends once its connection closed, while the event loop still runs their last steps.
        await serving.value
        try? await group.shutdownGracefully()
    }

    deinit {
        // Dropped without `stop()`: the port and the thread are released all the same.
        guard
            isStopped.withLock({ stopped in
                defer { stopped = true }; return !stopped
            })
        else { return }
        channel.close(promise: nil)
        server.gate.closeAll()
        server.directory.closeAll()
        // The thread stops once every connection's task ended.
        Task { [serving, group] in
            await serving.value
            try? await group.shutdownGracefully()
        }
    }

    /// A random access token: 128 bits as 32 hexadecimal digits.
    package static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%08x", generator.next() as UInt32) }.joined()
    }

    /// A random pairing code of about 40 bits, as two groups of four letters and digits that cannot be mistaken for
    /// one another (`K7QM-29XD`): 31⁸ ≈ 8.5 × 10¹¹ codes, which at one wrong code a second (the pace the desktop
    /// compares them at) take about 13,500 years to go through half of.
    package static func makePairingCode() -> String {
        let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
        var generator = SystemRandomNumberGenerator()
        let letters = (0..<8).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
        return String(letters[0..<4]) + "-" + String(letters[4..<8])
    }
}

/// Why the desktop inspector could not start.
struct DesktopInspectorError: Error, CustomStringConvertible {
    var description: String
}
