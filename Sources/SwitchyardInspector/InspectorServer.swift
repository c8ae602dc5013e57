import Foundation

/// The inspector's web server: one self-contained page and the JSON and WebSocket endpoints it uses, on loopback.
///
/// ```swift
/// let inspector = StoreInspector(inspecting: store)
/// let server = try await InspectorServer.start(inspector)
/// print("Inspector: \(server.url)")   // http://127.0.0.1:PORT/#token=…
/// ```
///
/// **Safe to leave open.** The server runs on two threads of its own, never on the app's: one reads and writes the
/// sockets, one answers the requests. What a client may send is bounded before anything else is looked at (see
/// ``Limits``: the request line, the headers, the body, the connections open at once and the time a request may
/// take), so a client without the token costs the server at most those bounds and the app's store and tasks
/// nothing. A page that does not read its live updates is disconnected, never waited for.
///
/// **Access.** Every request but the page itself must carry the random access token: in the `X-Inspector-Token`
/// header (the page sends it so), or as a `token` query parameter (for `curl`). A request without it gets
/// `403 Forbidden` and nothing else. The address printed carries the token after `#`, which browsers never send, and
/// the page removes it from the address bar once read. A request whose `Host` is not the address the server listens
/// on is refused (another site cannot reach the inspector by renaming itself), and so is a request that changes the
/// store, or a WebSocket, from a page of another origin. Every response forbids framing, referrers, caching and any
/// script or connection but the page's own. The server listens on `127.0.0.1` unless you name another address.
/// Keep the inspector out of release builds: it shows and changes your app's state.
public final class InspectorServer: Sendable {
    /// The page's address, with the access token after `#`.
    public let url: URL
    /// The access token that every request must carry.
    public let token: String
    /// The port the server listens on.
    public let port: UInt16
    /// The limits the server holds its clients to.
    public let limits: Limits
    private let loop: HTTPServerLoop

    private init(url: URL, token: String, loop: HTTPServerLoop) {
        self.url = url
        self.token = token
        self.port = loop.port
        self.limits = loop.limits
        self.loop = loop
    }

    /// Starts serving `inspector`'s page and returns once the server listens.
    /// - Parameters:
    ///   - inspector: the inspector to show.
    ///   - host: the IPv4 address to listen on; the default accepts connections from this machine only.
    ///   - port: the port, or 0 for a free one.
    ///   - token: the access token; a random one by default.
    ///   - limits: what a client may send and hold.
    public static func start<Action, State>(
        _ inspector: StoreInspector<Action, State>,
        host: String = "127.0.0.1",
        port: UInt16 = 0,
        token: String = InspectorServer.makeToken(),
        limits: Limits = Limits()
    ) async throws -> InspectorServer {
        let routes = InspectorRoutes(inspector: inspector, token: token)
        let loop = try HTTPServerLoop(
            host: host,
            port: port,
            limits: limits,
            bodyLimit: { head in routes.bodyLimit(for: head, limits: limits) },
            handler: { request in await routes.handleRequest(request) }
        )
        routes.setAllowedHosts(["\(host):\(loop.port)", "localhost:\(loop.port)"])
        guard let url = URL(string: "http://\(host):\(loop.port)/#token=\(token)") else {
            await loop.stop()
            throw InspectorServerError(description: "No page address for host \(host).")
        }
        return InspectorServer(url: url, token: token, loop: loop)
    }

    /// What the server has done since it started: connections, requests, and the clients it refused or closed.
    public var statistics: Statistics { loop.statistics }

    /// Stops the server and releases its port; connected pages are disconnected. The inspector goes on recording.
    public func stop() async {
        await loop.stop()
    }

    /// A random access token: 128 bits as 32 hexadecimal digits.
    public static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%08x", generator.next() as UInt32) }.joined()
    }
}

/// Why the inspector's server could not start.
struct InspectorServerError: Error, CustomStringConvertible {
    var description: String
}
