import Foundation
import Switchyard

/// Answers the page's requests for one inspector: checks the host, the token and the origin, then routes.
final class InspectorRoutes<Action: Sendable, State: Sendable>: Sendable {
    let inspector: StoreInspector<Action, State>
    let token: String
    /// The `Host` values the page may use: the listening address, once known.
    private let allowedHosts = LockedValue<Set<String>>([])

    init(inspector: StoreInspector<Action, State>, token: String) {
        self.inspector = inspector
        self.token = token
    }

    func setAllowedHosts(_ hosts: Set<String>) {
        allowedHosts.withLock { $0 = hosts }
    }

    func handleRequest(_ request: HTTPRequest) async -> HTTPResponse {
        let host = request.header("host") ?? ""
        var response = await route(request, host: host)
        InspectorRoutesSecurity.addHeaders(to: &response, host: host)
        return response
    }

    /// The largest body a request may send: a session to import, from a request whose head carries the token, may
    /// be large; every other body is small.
    func bodyLimit(for head: HTTPRequestParser.Head, limits: InspectorServer.Limits) -> Int {
        guard head.method == "POST", head.path == "/api/import",
            isAuthorized(headers: head.headers, query: head.query)
        else { return limits.maxBodyBytes }
        return max(limits.maxBodyBytes, limits.maxSessionBytes)
    }

    private func isAuthorized(_ request: HTTPRequest) -> Bool {
        isAuthorized(headers: request.headers, query: request.query)
    }

    /// Whether the request carries the token: in the `X-Inspector-Token` header, the `token` query parameter, or,
    /// for a WebSocket (whose headers a page cannot set), as a `token.<TOKEN>` subprotocol.
    private func isAuthorized(headers: [String: String], query: [String: String]) -> Bool {
        var offered: [String] = []
        if let header = headers["x-inspector-token"] { offered.append(header) }
        if let query = query["token"] { offered.append(query) }
        for item in (headers["sec-websocket-protocol"] ?? "").split(separator: ",") {
            let item = item.trimmingCharacters(in: .whitespaces)
            if item.hasPrefix("token.") { offered.append(String(item.dropFirst("token.".count))) }
        }
        return offered.contains { InspectorRoutesSecurity.constantTimeEqual($0, token) }
    }

    private func route(_ request: HTTPRequest, host: String) async -> HTTPResponse {
        guard allowedHosts.withLock({ $0.contains(host) }) else { return HTTPResponse(status: 403) }
        // The page itself holds nothing secret: it is served without the token, which it reads from its address.
        if request.method == "GET", request.path == "/" || request.path == "/index.html" { return page() }
        guard isAuthorized(request) else { return HTTPResponse(status: 403) }
        // A page of another origin that knows the token could still post a form here: browsers send `Origin` (and
        // `Sec-Fetch-Site`) with every cross-origin POST, and only the inspector's own page may change the store.
        if request.method == "POST" {
            if let origin = request.header("origin"), origin != "http://\(host)" {
                return failure(403, "Requests that change the store are accepted from the inspector's page only.")
            }
            if let site = request.header("sec-fetch-site"), site != "same-origin", site != "none" {
                return failure(403, "Requests that change the store are accepted from the inspector's page only.")
            }
        }
        switch (request.method, request.path) {
        case ("GET", "/ws"): return webSocket(request, host: host)
        case ("GET", "/api/status"): return json(inspector.status())
        case ("GET", "/api/entries"):
            var after: Int?
            if let text = request.query["after"] {
                guard let value = Int(text) else {
                    return failure(400, "'after' must be an action number, not '\(text.prefix(40))'.")
                }
                after = value
            }
            return json(inspector.summaries(after: after))
        case ("GET", "/api/state"):
            guard let store = inspector.liveStore else { return failure(410, "The store was freed.") }
            return json(InspectorWire.StateDocument(state: ValueTree(of: store.state)))
        case ("POST", "/api/jump"):
            let jump: InspectorWire.Jump
            switch decode(InspectorWire.Jump.self, request, expected: #"{"id": <action number>}"#) {
            case .success(let value): jump = value
            case .failure(let failure): return failure.response
            }
            switch await inspector.travel(to: jump.id) {
            case .travelled: return json(inspector.status())
            case .notFound:
                return failure(404, "Action #\(jump.id) is not in the history, or the history is imported.")
            }
        case ("POST", "/api/present"):
            await inspector.returnToPresent()
            inspector.showLiveHistory()
            return json(inspector.status())
        case ("POST", "/api/skip"):
            let skip: InspectorWire.Skip
            switch decode(InspectorWire.Skip.self, request, expected: #"{"id": <action number>, "skipped": true}"#) {
            case .success(let value): skip = value
            case .failure(let failure): return failure.response
            }
            guard await inspector.setSkipped(skip.id, skip.skipped) else {
                return failure(404, "Action #\(skip.id) is not in the history, or the history is imported.")
            }
            return json(inspector.status())
        case ("POST", "/api/dispatch"): return dispatch(request)
        case ("GET", "/api/export"):
            let inspector = inspector
            do {
                let session = try await Self.onAThreadOfItsOwn { Result { try inspector.exportSession() } }.get()
                var response = HTTPResponse(status: 200, body: session, contentType: "application/json")
                response.setHeader("Content-Disposition", "attachment; filename=\"inspector-session.json\"")
                return response
            } catch {
                return failure(501, "\(error)")
            }
        case ("POST", "/api/import"):
            do {
                let inspector = inspector
                let body = request.body
                try await Self.onAThreadOfItsOwn { Result { try inspector.importSession(body) } }.get()
                return json(inspector.status())
            } catch {
                return failure(400, "\(error)")
            }
        case ("GET", "/api/export/test"):
            let query = request.query
            let imports = (query["imports"] ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            let inspector = inspector
            let source = await Self.onAThreadOfItsOwn {
                inspector.exportTest(
                    named: query["name"].flatMap { $0.isEmpty ? nil : $0 } ?? "replaysInspectorSession",
                    reducer: query["reducer"].flatMap { $0.isEmpty ? nil : $0 } ?? "appReducer",
                    middleware: query["middleware"].map { $0.isEmpty ? nil : $0 } ?? "appMiddleware",
                    imports: imports.filter { !$0.isEmpty }
                )
            }
            var response = HTTPResponse(status: 200, body: Data(source.utf8), contentType: "text/plain; charset=utf-8")
            response.setHeader("Content-Disposition", "attachment; filename=\"InspectorSessionTests.swift\"")
            return response
        default:
            if request.path.hasPrefix("/api/entries/"), request.method == "GET" {
                let text = request.path.dropFirst("/api/entries/".count)
                guard let id = Int(text) else {
                    return failure(400, "'\(text.prefix(40))' is not an action number.")
                }
                guard let detail = inspector.detail(id) else {
                    return failure(404, "No action \(id) in the history.")
                }
                return json(detail)
            }
            return failure(404, "No such endpoint: \(request.method) \(request.path.prefix(200))")
        }
    }

    /// Runs long work (exporting or importing a large history) on a thread of its own: the inspector's executor goes
    /// on answering the page and sending its live updates meanwhile, and the app's threads are not used.
    static func onAThreadOfItsOwn<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: body()) }
        }
    }

    private func page() -> HTTPResponse {
        guard let url = Bundle.module.url(forResource: "index", withExtension: "html"),
            let html = try? Data(contentsOf: url)
        else { return failure(500, "The inspector's page is missing from its bundle.") }
        return HTTPResponse(status: 200, body: html, contentType: "text/html; charset=utf-8")
    }

    private func webSocket(_ request: HTTPRequest, host: String) -> HTTPResponse {
        // A browser always sends its page's origin with an upgrade; another site's page must not listen in.
        if let origin = request.header("origin"), origin != "http://\(host)" { return HTTPResponse(status: 403) }
        guard request.header("upgrade")?.lowercased() == "websocket",
            let key = request.header("sec-websocket-key"), !key.isEmpty
        else { return failure(426, "This endpoint is a WebSocket.") }
        guard request.header("sec-websocket-version") == "13" else {
            var response = failure(426, "Only WebSocket version 13 is served.")
            response.setHeader("Sec-WebSocket-Version", "13")
            return response
        }
        var response = HTTPResponse(status: 101)
        response.setHeader("Upgrade", "websocket")
        response.setHeader("Connection", "Upgrade")
        response.setHeader("Sec-WebSocket-Accept", WebSocketFrame.acceptKey(for: key))
        let offered = (request.header("sec-websocket-protocol") ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        if offered.contains(InspectorUpdates<Action, State>.subprotocol) {
            response.setHeader("Sec-WebSocket-Protocol", InspectorUpdates<Action, State>.subprotocol)
        }
        let inspector = inspector
        response.upgrade = WebSocketUpgrade { outlet in InspectorUpdates(inspector: inspector).start(outlet) }
        return response
    }

    private func dispatch(_ request: HTTPRequest) -> HTTPResponse {
        guard let decodeAction = inspector.codec.decodeAction else {
            return failure(501, "\(inspector.actionTypeName) is not Decodable: actions cannot be typed here.")
        }
        if inspector.isShowingImportedSession {
            return failure(409, "An imported session is shown: go back to the live history to dispatch.")
        }
        let action: Action
        do {
            action = try decodeAction(request.body)
        } catch {
            return failure(400, "The action does not decode as \(inspector.actionTypeName): \(error)")
        }
        inspector.dispatch(action)
        var response = json(InspectorWire.Dispatched(dispatched: StoreInspector<Action, State>.describe(action)))
        response.status = 202
        return response
    }

    /// The request's body decoded as `Value`, or a `400` that says what was wrong and what to send.
    private func decode<Value: Decodable>(
        _ type: Value.Type, _ request: HTTPRequest, expected: String
    ) -> Result<Value, HTTPFailure> {
        do {
            return .success(try JSONDecoder().decode(Value.self, from: request.body))
        } catch {
            return .failure(
                HTTPFailure(
                    response: failure(400, "The body is not what this endpoint takes (\(error)): send \(expected).")))
        }
    }

    private func json(_ value: some Encodable) -> HTTPResponse {
        do {
            return HTTPResponse(status: 200, body: try JSONEncoder().encode(value), contentType: "application/json")
        } catch {
            return failure(500, "\(error)")
        }
    }

    private func failure(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse(
            status: status,
            body: (try? JSONEncoder().encode(InspectorWire.Failure(error: message))) ?? Data(),
            contentType: "application/json"
        )
    }
}

/// A response that ends a request early, as an error.
struct HTTPFailure: Error {
    var response: HTTPResponse
}

/// What every response carries, and the token's comparison.
enum InspectorRoutesSecurity {
    /// The page runs only its own inline code, talks only to this server, and is never framed by another page; no
    /// URL leaks through a `Referer`; nothing is cached.
    static func addHeaders(to response: inout HTTPResponse, host: String) {
        let connect = host.isEmpty ? "'self'" : "'self' ws://\(host)"
        response.setHeader(
            "Content-Security-Policy",
            "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src \(connect); "
                + "img-src 'self' data: blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        )
        response.setHeader("X-Frame-Options", "DENY")
        response.setHeader("Referrer-Policy", "no-referrer")
        response.setHeader("X-Content-Type-Options", "nosniff")
        response.setHeader("Cache-Control", "no-store")
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

/// The live updates of one connected page: new entries and status changes, as JSON text messages, made on the
/// inspector's executor whenever the history changes (changes that come faster are coalesced).
struct InspectorUpdates<Action: Sendable, State: Sendable>: Sendable {
    static var subprotocol: String { "switchyard-inspector" }
    let inspector: StoreInspector<Action, State>

    /// Starts sending to `outlet`; returns what stops it, called when the page disconnects.
    func start(_ outlet: WebSocketOutlet) -> @Sendable () -> Void {
        let recorder = inspector.recorder
        let (id, changes) = recorder.listen()
        let inspector = inspector
        let sender = Task(executorPreference: InspectorExecutor.shared) {
            var lastSent = inspector.lastID
            var lastStatus = inspector.status()
            guard outlet.send(Self.text(InspectorWire.Message(type: "status", entries: nil, status: lastStatus)))
            else { return }
            for await _ in changes {
                recorder.acknowledgeSignal()
                let update = inspector.summaries(after: lastSent)
                let message: InspectorWire.Message?
                if update.status.imported != lastStatus.imported
                    || update.status.lastID.map({ $0 < (lastSent ?? 0) }) == true
                {
                    message = InspectorWire.Message(type: "reset", entries: nil, status: update.status)
                    lastSent = update.status.lastID
                } else if !update.entries.isEmpty {
                    message = InspectorWire.Message(type: "entries", entries: update.entries, status: update.status)
                    lastSent = update.entries.last?.id
                } else if update.status != lastStatus {
                    message = InspectorWire.Message(type: "status", entries: nil, status: update.status)
                } else {
                    message = nil
                }
                lastStatus = update.status
                if let message, !outlet.send(Self.text(message)) { break }
            }
            recorder.stopListening(id)
        }
        return {
            recorder.stopListening(id)
            sender.cancel()
        }
    }

    static func text(_ message: InspectorWire.Message) -> String {
        let data = (try? JSONEncoder().encode(message)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
