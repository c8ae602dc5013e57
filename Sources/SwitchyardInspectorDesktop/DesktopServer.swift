import Foundation
import NIOCore
import NIOHTTP1
import Switchyard
import SwitchyardInspector

/// The desktop inspector's routes and checks, shared by every connection.
final class DesktopServer: Sendable {
    let limits: DesktopInspector.Limits
    let token: String
    let pairingCode: String
    let directory: StoreDirectory
    let statistics = LockedValue(DesktopInspector.Statistics())
    let gate: ConnectionGate
    /// The `Host` values a page may use: the listening address, once known.
    let allowedHosts = LockedValue<Set<String>>([])
    /// The largest frame an app may send: apps send larger messages in frames of this size.
    static let maximumFrameBytes = 1 << 20
    /// When pairing codes are compared: wrong ones are paced, so that guessing a code stays infeasible.
    let pairing: PairingPace

    init(limits: DesktopInspector.Limits, token: String, pairingCode: String) {
        self.limits = limits
        self.token = token
        self.pairingCode = pairingCode
        gate = ConnectionGate(limit: limits.maxConnections, statistics: statistics)
        // An app waits its turn within the time it has to send its request, so that the wait never closes it.
        pairing = PairingPace(maxWait: min(.seconds(5), limits.requestTimeout / 2))
        directory = StoreDirectory(limits: limits)
    }

    // MARK: - Access

    /// Whether the request carries the page's token: in the `X-Inspector-Token` header, the `token` query parameter,
    /// or, for a WebSocket (whose headers a page cannot set), as a `token.<TOKEN>` subprotocol.
    func isAuthorized(_ headers: HTTPHeaders, query: [String: String]) -> Bool {
        var offered = headers["x-inspector-token"]
        if let query = query["token"] { offered.append(query) }
        for item in headers["sec-websocket-protocol"].flatMap({ $0.split(separator: ",") }) {
            let item = item.trimmingCharacters(in: .whitespaces)
            if item.hasPrefix("token.") { offered.append(String(item.dropFirst("token.".count))) }
        }
        return offered.contains { DesktopSecurity.constantTimeEqual($0, token) }
    }

    func isAllowedHost(_ headers: HTTPHeaders) -> Bool {
        let hosts = headers["host"]
        return hosts.count == 1 && allowedHosts.withLock { $0.contains(hosts[0]) }
    }

    /// The store of a path `/stores/<id>/…`, and the rest of the path.
    static func store(of path: String) -> (id: Int, rest: String)? {
        guard path.hasPrefix("/stores/") else { return nil }
        let after = path.dropFirst("/stores/".count)
        let idText = after.prefix { $0 != "/" }
        guard let id = Int(idText) else { return nil }
        return (id, String(after.dropFirst(idText.count)))
    }

    // MARK: - WebSockets

    enum SocketKind {
        case page(storeID: Int)
        case app
    }

    /// Whether `head` may become a WebSocket, and the headers of the answer when it may. An app's refusal is given
    /// to `refuse`: the request goes on as a plain one, which is answered with it.
    func webSocketHeaders(
        for head: HTTPRequestHead, channel: Channel, refuse: @escaping @Sendable (DesktopResponse) -> Void
    ) -> EventLoopFuture<HTTPHeaders?> {
        let eventLoop = channel.eventLoop
        guard let kind = socketKind(of: head) else { return eventLoop.makeSucceededFuture(nil) }
        let offered = head.headers["sec-websocket-protocol"].flatMap { $0.split(separator: ",") }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        switch kind {
        case .app:
            return appHeaders(for: head, offered: offered, channel: channel, refuse: refuse)
        case .page(let storeID):
            var headers = HTTPHeaders()
            let host = head.headers["host"].first ?? ""
            guard isAllowedHost(head.headers), isAuthorized(head.headers, query: DesktopTarget(head.uri).query),
                directory.exists(storeID), directory.pageCount < limits.maxPages
            else { return eventLoop.makeSucceededFuture(nil) }
            // A browser always sends its page's origin with an upgrade; another site's page must not listen in.
            if let origin = head.headers["origin"].first, origin != "http://\(host)" {
                return eventLoop.makeSucceededFuture(nil)
            }
            if offered.contains("switchyard-inspector") {
                headers.add(name: "Sec-WebSocket-Protocol", value: "switchyard-inspector")
            }
            gate.trust(channel)
            return eventLoop.makeSucceededFuture(headers)
        }
    }

    func socketKind(of head: HTTPRequestHead) -> SocketKind? {
        guard head.method == .GET else { return nil }
        let path = DesktopTarget(head.uri).path
        if path == InspectorLink.path { return .app }
        if let (id, rest) = Self.store(of: path), rest == "/ws" { return .page(storeID: id) }
        return nil
    }

    // MARK: - Routes

    /// The answer to a request; `upgradeRefusal` is the answer to an app's upgrade that was refused.
    ///
    /// A `HEAD` request is answered as the `GET` of the same target, whose body NIO's encoder leaves out.
    func route(_ request: HTTPRequestHead, body: Data, upgradeRefusal: DesktopResponse? = nil) async -> DesktopResponse
    {
        var head = request
        if head.method == .HEAD { head.method = .GET }
        let target = DesktopTarget(head.uri)
        let path = target.path
        // Apps are not browsers and may reach the desktop by any name: the pairing code protects their endpoint. Only
        // an app's upgrade compares it (and counts a wrong one): a plain request here never does.
        if path == InspectorLink.path {
            return upgradeRefusal ?? .webSocketRequired(by: head, "Apps connect here with a WebSocket.")
        }
        guard isAllowedHost(head.headers) else { return DesktopResponse(status: 403) }
        let store = Self.store(of: path)
        // The page holds nothing secret: it is served without the token, which it reads from its address.
        // `/compare` shows two stores side by side, each in a pane that is a store's page.
        if head.method == .GET,
            path == "/" || path == "/index.html" || path == "/compare" || (store.map { $0.rest == "/" } ?? false)
        {
            return page()
        }
        guard isAuthorized(head.headers, query: target.query) else { return DesktopResponse(status: 403) }
        // A page of another origin that knows the token could still post a form here: browsers send `Origin` (and
        // `Sec-Fetch-Site`) with every cross-origin POST, and only the inspector's own page may change a store.
        if head.method == .POST {
            let host = head.headers["host"].first ?? ""
            if let origin = head.headers["origin"].first, origin != "http://\(host)" {
                return .failure(403, "Requests that change a store are accepted from the inspector's page only.")
            }
            if let site = head.headers["sec-fetch-site"].first, site != "same-origin", site != "none" {
                return .failure(403, "Requests that change a store are accepted from the inspector's page only.")
            }
        }
        if head.method == .GET, path == "/api/stores" { return .json(directory.list()) }
        guard let (id, rest) = store else {
            return .failure(404, "No such endpoint: \(head.method) \(path.prefix(200))")
        }
        guard directory.exists(id) else { return .failure(404, "No store \(id).") }
        if rest == "/ws" {
            let host = head.headers["host"].first ?? ""
            if let origin = head.headers["origin"].first, origin != "http://\(host)" {
                return DesktopResponse(status: 403)
            }
            return directory.pageCount >= limits.maxPages
                ? .failure(503, "Too many pages are open.")
                : .webSocketRequired(by: head, "This endpoint is a WebSocket.")
        }
        // What the desktop kept of the app's earlier launches: read-only, and answered whether the app is connected.
        if rest == "/launches" {
            guard head.method == .GET else { return .failure(405, "The earlier launches are read-only.") }
            return directory.earlierLaunches(of: id).map { .json($0) } ?? .failure(404, "No store \(id).")
        }
        guard rest.hasPrefix("/api/"), let app = directory.app(of: id) else {
            return rest.hasPrefix("/api/")
                ? .failure(503, "The app of this store is not connected; it shows again when the app reconnects.")
                : .failure(404, "No such endpoint: \(head.method) \(path.prefix(200))")
        }
        let method = head.method == .GET ? "GET" : head.method == .POST ? "POST" : "\(head.method)"
        let request: InspectorLink.Request
        switch DesktopRoutes.route(method: method, path: rest, query: target.query, body: body) {
        case .app(let routed): request = routed
        case .answer(let response): return response
        }
        let reply: InspectorReply
        do {
            reply = try await app.send(request, timeout: limits.appReplyTimeout).fencedGet()
        } catch {
            return .failure(500, "\(error)")
        }
        if let (names, file) = ExportedTest.asked(by: request) {
            guard reply.status == 200 else {
                return DesktopResponse(status: reply.status, body: reply.body, contentType: reply.contentType)
            }
            // A long history's test takes a while to write: on a thread of its own, not on Swift's shared threads,
            // which run every page's and app's connection meanwhile.
            let response = await withCheckedContinuation { written in
                Thread.detachNewThread {
                    ResumeFence.resume(written, returning: ExportedTest.response(to: reply, names: names, file: file))
                }
            }
            ResumeFence.pass()
            return response
        }
        // The entries a page loads are kept for the launch's history, which the view shows after a relaunch.
        if case .entries(let after) = request, reply.status == 200,
            let entries = try? JSONDecoder().decode(InspectorWire.Entries.self, from: reply.body)
        {
            directory.keep(entries, isFullList: after == nil, from: app)
        }
        var response = DesktopResponse(status: reply.status, body: reply.body, contentType: reply.contentType)
        if let name = reply.attachmentName {
            response.headers.append(("Content-Disposition", "attachment; filename=\"\(name)\""))
        }
        return response
    }

    private func page() -> DesktopResponse {
        guard let url = Bundle.module.url(forResource: "index", withExtension: "html"),
            let html = try? Data(contentsOf: url)
        else { return .failure(500, "The inspector's page is missing from its bundle.") }
        var response = DesktopResponse(status: 200, body: html, contentType: "text/html; charset=utf-8")
        response.isPage = true
        return response
    }
}
