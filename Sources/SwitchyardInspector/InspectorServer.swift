import FlyingFox
import Foundation

/// The inspector's web server: one self-contained page and the JSON and WebSocket endpoints it uses, on loopback.
///
/// ```swift
/// let inspector = StoreInspector(inspecting: store)
/// let server = try await InspectorServer.start(inspector)
/// print("Inspector: \(server.url)")   // http://127.0.0.1:PORT/?token=…
/// ```
///
/// Every request must carry the random access token that ``url`` contains; one without it gets `403 Forbidden` and
/// nothing else. A WebSocket upgrade whose `Origin` is not the page's own is refused, and so is a request whose
/// `Host` is not the address the server listens on, so that another web site cannot reach the inspector from your
/// browser. The server listens on `127.0.0.1` unless you name another address. Keep the inspector out of release
/// builds: it shows and changes your app's state.
public final class InspectorServer: Sendable {
    /// The page's address, with the access token.
    public let url: URL
    /// The access token that every request must carry.
    public let token: String
    /// The port the server listens on.
    public let port: UInt16
    private let server: HTTPServer
    private let task: Task<Void, any Error>

    private init(url: URL, token: String, port: UInt16, server: HTTPServer, task: Task<Void, any Error>) {
        self.url = url
        self.token = token
        self.port = port
        self.server = server
        self.task = task
    }

    /// Starts serving `inspector`'s page and returns once the server listens.
    /// - Parameters:
    ///   - inspector: the inspector to show.
    ///   - host: the IPv4 address to listen on; the default accepts connections from this machine only.
    ///   - port: the port, or 0 for a free one.
    ///   - token: the access token; a random one by default.
    public static func start<Action, State>(
        _ inspector: StoreInspector<Action, State>,
        host: String = "127.0.0.1",
        port: UInt16 = 0,
        token: String = InspectorServer.makeToken()
    ) async throws -> InspectorServer {
        let address = try sockaddr_in.inet(ip4: host, port: port)
        let routes = InspectorRoutes(inspector: inspector, token: token)
        let server = HTTPServer(address: address, logger: .disabled, handler: routes)
        let task = Task { try await server.run() }
        try await server.waitUntilListening()
        guard case .ip4(_, let listeningPort) = await server.listeningAddress else {
            task.cancel()
            throw InspectorServerError(description: "The inspector's server did not report the port it listens on.")
        }
        routes.allowedHosts.withLock { $0 = ["\(host):\(listeningPort)", "localhost:\(listeningPort)"] }
        guard let url = URL(string: "http://\(host):\(listeningPort)/?token=\(token)") else {
            task.cancel()
            throw InspectorServerError(description: "No page address for host \(host).")
        }
        return InspectorServer(url: url, token: token, port: listeningPort, server: server, task: task)
    }

    /// Stops the server; connected pages are disconnected. The inspector goes on recording.
    public func stop() async {
        await server.stop(timeout: 1)
        task.cancel()
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
