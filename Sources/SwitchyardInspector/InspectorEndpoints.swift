import Foundation
import Switchyard

/// A request of the inspector's page, as the desktop inspector forwards it to the app once it has checked the page's
/// host, origin and token.
package struct InspectorRequest: Sendable, Codable {
    /// `GET` or `POST`.
    package var method: String
    /// The path, such as `/api/entries`, without the store's prefix.
    package var path: String
    /// The query's parameters.
    package var query: [String: String]
    /// The body.
    package var body: Data

    package init(method: String, path: String, query: [String: String] = [:], body: Data = Data()) {
        self.method = method
        self.path = path
        self.query = query
        self.body = body
    }
}

/// The app's answer to an ``InspectorRequest``.
package struct InspectorReply: Sendable, Codable {
    package var status: Int
    package var contentType: String
    package var body: Data
    /// The name to save the body under, for a download.
    package var attachmentName: String?

    package init(status: Int, contentType: String = "application/json", body: Data, attachmentName: String? = nil) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.attachmentName = attachmentName
    }
}

/// Answers the page's requests for one inspector, in the app.
struct InspectorEndpoints<Action: Sendable, State: Sendable>: Sendable {
    let inspector: StoreInspector<Action, State>

    func handle(_ request: InspectorRequest) async -> InspectorReply {
        if let answer = await inspector.devToolsEndpoint(
            method: request.method, path: request.path, body: request.body)
        {
            return InspectorReply(status: answer.status, body: answer.json)
        }
        switch (request.method, request.path) {
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
            guard let document = inspector.stateDocument() else { return failure(410, "The store was freed.") }
            return json(document)
        case ("POST", "/api/jump"):
            let jump: InspectorWire.Jump
            switch decode(InspectorWire.Jump.self, request, expected: #"{"id": <action number>}"#) {
            case .success(let value): jump = value
            case .failure(let failure): return failure.reply
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
            let answer = await inspector.skipAnswer(body: request.body)
            return InspectorReply(status: answer.status, body: answer.json)
        case ("POST", "/api/dispatch"): return dispatch(request)
        case ("GET", "/api/export"):
            let inspector = inspector
            do {
                let session = try await Self.onAThreadOfItsOwn { Result { try inspector.exportSession() } }.get()
                return InspectorReply(status: 200, body: session, attachmentName: "inspector-session.json")
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
            return InspectorReply(
                status: 200, contentType: "text/plain; charset=utf-8", body: Data(source.utf8),
                attachmentName: "InspectorSessionTests.swift")
        case ("POST", "/api/journal/test"):
            let query = request.query
            let imports = (query["imports"] ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            let inspector = inspector
            let body = request.body
            let result = await Self.onAThreadOfItsOwn {
                inspector.exportJournalTest(
                    body,
                    named: query["name"].flatMap { $0.isEmpty ? nil : $0 } ?? "replaysJournal",
                    reducer: query["reducer"].flatMap { $0.isEmpty ? nil : $0 } ?? "appReducer",
                    imports: imports.filter { !$0.isEmpty }
                )
            }
            switch result {
            case .success(let source):
                return InspectorReply(
                    status: 200, contentType: "text/plain; charset=utf-8", body: Data(source.utf8),
                    attachmentName: "JournalTests.swift")
            case .failure(let error):
                return failure(inspector.journalReader.withLock { $0 } == nil ? 501 : 400, error.description)
            }
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

    /// Runs long work (exporting or importing a large history) on a thread of its own: the inspector goes on
    /// answering and sending its live updates meanwhile, and the app's threads are not used.
    static func onAThreadOfItsOwn<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: body()) }
        }
    }

    private func dispatch(_ request: InspectorRequest) -> InspectorReply {
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
        var reply = json(InspectorWire.Dispatched(dispatched: StoreInspector<Action, State>.describe(action)))
        reply.status = 202
        return reply
    }

    /// The request's body decoded as `Value`, or a `400` that says what was wrong and what to send.
    private func decode<Value: Decodable>(
        _ type: Value.Type, _ request: InspectorRequest, expected: String
    ) -> Result<Value, EndpointFailure> {
        do {
            return .success(try JSONDecoder().decode(Value.self, from: request.body))
        } catch {
            return .failure(
                EndpointFailure(
                    reply: failure(400, "The body is not what this endpoint takes (\(error)): send \(expected).")))
        }
    }

    private func json(_ value: some Encodable) -> InspectorReply {
        do {
            return InspectorReply(status: 200, body: try JSONEncoder().encode(value))
        } catch {
            return failure(500, "\(error)")
        }
    }

    private func failure(_ status: Int, _ message: String) -> InspectorReply {
        InspectorReply(status: status, body: InspectorWire.failureBody(message))
    }
}

/// A reply that ends a request early, as an error.
struct EndpointFailure: Error {
    var reply: InspectorReply
}

extension InspectorWire {
    /// `{"error": message}`.
    package static func failureBody(_ message: String) -> Data {
        (try? JSONEncoder().encode(InspectorWire.Failure(error: message))) ?? Data()
    }
}
