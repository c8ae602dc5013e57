import FlyingFox
import Foundation
import Switchyard

/// Answers the page's requests for one inspector: checks the token and the host, then routes.
final class InspectorRoutes<Action: Sendable, State: Sendable>: HTTPHandler, Sendable {
    let inspector: StoreInspector<Action, State>
    let token: String
    /// The `Host` values the page may use: the listening address, once known.
    let allowedHosts = LockedValue<Set<String>>([])

    init(inspector: StoreInspector<Action, State>, token: String) {
        self.inspector = inspector
        self.token = token
    }

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        var response = try await route(request)
        Self.addSecurityHeaders(to: &response, host: request.headers[.host] ?? "")
        return response
    }

    /// What every response carries: the page runs only its own inline code, talks only to this server, and is
    /// never framed by another page; no URL (with its token) leaks through a `Referer`; nothing is cached.
    static func addSecurityHeaders(to response: inout HTTPResponse, host: String) {
        response.headers[HTTPHeader("Content-Security-Policy")] =
            "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
            + "connect-src 'self' ws://\(host); img-src 'self' data: blob:; base-uri 'none'; form-action 'none'; "
            + "frame-ancestors 'none'"
        response.headers[HTTPHeader("X-Frame-Options")] = "DENY"
        response.headers[HTTPHeader("Referrer-Policy")] = "no-referrer"
        response.headers[HTTPHeader("X-Content-Type-Options")] = "nosniff"
        response.headers[HTTPHeader("Cache-Control")] = "no-store"
    }

    private func route(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.query["token"] == token else { return HTTPResponse(statusCode: .forbidden) }
        let host = request.headers[.host] ?? ""
        guard allowedHosts.withLock({ $0.contains(host) }) else { return HTTPResponse(statusCode: .forbidden) }
        // A page of another origin that knows the token could still post a form here: browsers send `Origin` with
        // every cross-origin POST, and only the inspector's own page may change the store.
        if request.method == .POST, let origin = request.headers[HTTPHeader("Origin")], origin != "http://\(host)" {
            return failure(.forbidden, "Requests that change the store are accepted from the inspector's page only.")
        }
        switch (request.method, request.path) {
        case (.GET, "/"), (.GET, "/index.html"): return page()
        case (.GET, "/ws"): return try await webSocket(request, host: host)
        case (.GET, "/api/status"): return json(inspector.status())
        case (.GET, "/api/entries"): return json(inspector.summaries(after: request.query["after"].flatMap(Int.init)))
        case (.GET, "/api/state"):
            guard let store = inspector.liveStore else { return failure(.gone, "The store was freed.") }
            return json(InspectorWire.StateDocument(state: ValueTree(of: store.state)))
        case (.POST, "/api/jump"):
            guard let jump = await decode(InspectorWire.Jump.self, request) else {
                return failure(.badRequest, #"The body is not a jump: send {"id": <action number>}."#)
            }
            guard await inspector.jump(to: jump.id) else {
                return failure(.notFound, "Action #\(jump.id) is not in the history, or the history is imported.")
            }
            return json(inspector.status())
        case (.POST, "/api/present"):
            await inspector.returnToPresent()
            inspector.showLiveHistory()
            return json(inspector.status())
        case (.POST, "/api/skip"):
            guard let skip = await decode(InspectorWire.Skip.self, request) else {
                return failure(.badRequest, #"The body is not a skip: send {"id": <action number>, "skipped": true}."#)
            }
            guard await inspector.setSkipped(skip.id, skip.skipped) else {
                return failure(.notFound, "Action #\(skip.id) is not in the history, or the history is imported.")
            }
            return json(inspector.status())
        case (.POST, "/api/dispatch"): return try await dispatch(request)
        case (.GET, "/api/export"):
            do {
                var response = HTTPResponse(statusCode: .ok, body: try inspector.exportSession())
                response.headers[.contentType] = "application/json"
                response.headers[HTTPHeader("Content-Disposition")] = "attachment; filename=\"inspector-session.json\""
                return response
            } catch {
                return failure(.notImplemented, "\(error)")
            }
        case (.POST, "/api/import"):
            do {
                try inspector.importSession(try await request.bodyData)
                return json(inspector.status())
            } catch {
                return failure(.badRequest, "\(error)")
            }
        case (.GET, "/api/export/test"):
            var response = HTTPResponse(statusCode: .ok, body: Data(inspector.exportTest().utf8))
            response.headers[.contentType] = "text/plain; charset=utf-8"
            return response
        default:
            if request.path.hasPrefix("/api/entries/"), request.method == .GET {
                guard let id = Int(request.path.dropFirst("/api/entries/".count)), let detail = inspector.detail(id)
                else {
                    return failure(
                        .notFound, "No action \(request.path.dropFirst("/api/entries/".count)) in the history.")
                }
                return json(detail)
            }
            return failure(.notFound, "No such endpoint: \(request.method.rawValue) \(request.path)")
        }
    }

    private func page() -> HTTPResponse {
        guard let url = Bundle.module.url(forResource: "index", withExtension: "html"),
            let html = try? Data(contentsOf: url)
        else { return failure(.internalServerError, "The inspector's page is missing from its bundle.") }
        var response = HTTPResponse(statusCode: .ok, body: html)
        response.headers[.contentType] = "text/html; charset=utf-8"
        response.headers[HTTPHeader("Cache-Control")] = "no-store"
        return response
    }

    private func webSocket(_ request: HTTPRequest, host: String) async throws -> HTTPResponse {
        // A browser always sends its page's origin with an upgrade; another site's page must not listen in.
        if let origin = request.headers[HTTPHeader("Origin")], origin != "http://\(host)" {
            return HTTPResponse(statusCode: .forbidden)
        }
        let updates = InspectorUpdates(inspector: inspector)
        return try await WebSocketHTTPHandler(handler: MessageFrameWSHandler(handler: updates)).handleRequest(request)
    }

    private func dispatch(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let decodeAction = inspector.codec.decodeAction else {
            return failure(
                .notImplemented, "\(inspector.actionTypeName) is not Decodable: actions cannot be typed here.")
        }
        if inspector.isShowingImportedSession {
            return failure(.conflict, "An imported session is shown: go back to the live history to dispatch.")
        }
        let action: Action
        do {
            action = try decodeAction(try await request.bodyData)
        } catch {
            return failure(.badRequest, "The action does not decode as \(inspector.actionTypeName): \(error)")
        }
        inspector.dispatch(action)
        var response = json(InspectorWire.Dispatched(dispatched: StoreInspector<Action, State>.describe(action)))
        response.statusCode = .accepted
        return response
    }

    /// The request's body decoded as `Value`; `nil` when it cannot be read or is not a `Value` (the caller answers 400).
    private func decode<Value: Decodable>(_ type: Value.Type, _ request: HTTPRequest) async -> Value? {
        guard let body = try? await request.bodyData else { return nil }
        return try? JSONDecoder().decode(Value.self, from: body)
    }

    private func json(_ value: some Encodable) -> HTTPResponse {
        do {
            var response = HTTPResponse(statusCode: .ok, body: try JSONEncoder().encode(value))
            response.headers[.contentType] = "application/json"
            return response
        } catch {
            return failure(.internalServerError, "\(error)")
        }
    }

    private func failure(_ status: HTTPStatusCode, _ message: String) -> HTTPResponse {
        var response = HTTPResponse(
            statusCode: status,
            body: (try? JSONEncoder().encode(InspectorWire.Failure(error: message))) ?? Data()
        )
        response.headers[.contentType] = "application/json"
        return response
    }
}

/// The live updates of one connected page: new entries and status changes, as JSON text messages.
struct InspectorUpdates<Action: Sendable, State: Sendable>: WSMessageHandler {
    let inspector: StoreInspector<Action, State>

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let (messages, output) = AsyncStream<WSMessage>.makeStream()
        let recorder = inspector.recorder
        let (id, changes) = recorder.listen()
        let inspector = inspector
        let sender = Task {
            var lastSent = inspector.lastID
            var lastStatus = inspector.status()
            output.yield(Self.text(InspectorWire.Message(type: "status", entries: nil, status: lastStatus)))
            for await _ in changes {
                recorder.acknowledgeSignal()
                let update = inspector.summaries(after: lastSent)
                if update.status.imported != lastStatus.imported
                    || update.status.lastID.map({ $0 < (lastSent ?? 0) }) == true
                {
                    output.yield(Self.text(InspectorWire.Message(type: "reset", entries: nil, status: update.status)))
                    lastSent = update.status.lastID
                } else if !update.entries.isEmpty {
                    output.yield(
                        Self.text(
                            InspectorWire.Message(type: "entries", entries: update.entries, status: update.status)))
                    lastSent = update.entries.last?.id
                } else if update.status != lastStatus {
                    output.yield(Self.text(InspectorWire.Message(type: "status", entries: nil, status: update.status)))
                }
                lastStatus = update.status
            }
            output.finish()
        }
        // The page sends nothing; when it disconnects, its stream ends and so do the updates.
        Task {
            for await _ in client {}
            recorder.stopListening(id)
            sender.cancel()
        }
        return messages
    }

    static func text(_ message: InspectorWire.Message) -> WSMessage {
        let data = (try? JSONEncoder().encode(message)) ?? Data()
        return .text(String(decoding: data, as: UTF8.self))
    }
}
