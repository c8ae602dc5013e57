import Foundation
import Switchyard

/// The app's answer to a request of a page (``InspectorLink/Request``).
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

/// Answers the page's requests for one inspector, in the app: the desktop reads each page request and sends the app
/// what it asks for.
struct InspectorEndpoints<Action: Sendable, State: Sendable>: Sendable {
    let inspector: StoreInspector<Action, State>

    func handle(_ request: InspectorLink.Request) async -> InspectorReply {
        switch request {
        case .status: return json(inspector.status())
        case .entries(let after): return json(inspector.summaries(after: after))
        case .detail(let id):
            guard let detail = inspector.detail(id) else { return failure(404, "No action \(id) in the history.") }
            return json(detail)
        case .state:
            guard let document = inspector.stateDocument() else { return failure(410, "The store was freed.") }
            return json(document)
        case .jump(let id):
            switch await inspector.travel(to: id) {
            case .travelled: return json(inspector.status())
            case .notFound: return failure(404, "Action #\(id) is not in the history, or the history is imported.")
            }
        case .present:
            await inspector.returnToPresent()
            inspector.showLiveHistory()
            return json(inspector.status())
        case .skip(let id, let skipped): return reply(await inspector.skipAnswer(id: id, skipped: skipped))
        case .dispatch(let json): return dispatch(json)
        case .exportSession:
            let inspector = inspector
            do {
                let session = try await Self.onAThreadOfItsOwn { Result { try inspector.exportSession() } }.get()
                return InspectorReply(status: 200, body: session, attachmentName: "inspector-session.json")
            } catch {
                return failure(501, "\(error)")
            }
        case .importSession(let body):
            do {
                let inspector = inspector
                try await Self.onAThreadOfItsOwn { Result { try inspector.importSession(body) } }.get()
                return json(inspector.status())
            } catch {
                return failure(400, "\(error)")
            }
        case .exportTest(let names):
            // The desktop writes the test: the app sends its values as Swift, and what only its reducer knows.
            let inspector = inspector
            let withMiddleware = names.middleware != nil
            return json(await Self.onAThreadOfItsOwn { inspector.testRecording(withMiddleware: withMiddleware) })
        case .journalTest(let body, _):
            let inspector = inspector
            let result = await Self.onAThreadOfItsOwn { inspector.journalTestRecording(body) }
            switch result {
            case .success(let recording):
                return json(recording)
            case .failure(let error):
                return failure(inspector.journalReader.withLock { $0 } == nil ? 501 : 400, error.description)
            }
        case .pause, .lock, .commit, .revert, .sweep, .filter, .setFilter, .rate:
            return reply(await inspector.devToolsAnswer(request))
        }
    }

    /// Runs long work (exporting or importing a large history) on a thread of its own: the inspector goes on
    /// answering and sending its live updates meanwhile, and the app's threads are not used.
    static func onAThreadOfItsOwn<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: body()) }
        }
    }

    private func dispatch(_ json: Data) -> InspectorReply {
        guard let decodeAction = inspector.codec.decodeAction else {
            return failure(501, "\(inspector.actionTypeName) is not Decodable: actions cannot be typed here.")
        }
        if inspector.isShowingImportedSession {
            return failure(409, "An imported session is shown: go back to the live history to dispatch.")
        }
        let action: Action
        do {
            action = try decodeAction(json)
        } catch {
            return failure(400, "The action does not decode as \(inspector.actionTypeName): \(error)")
        }
        inspector.dispatch(action)
        var reply = self.json(InspectorWire.Dispatched(dispatched: StoreInspector<Action, State>.describe(action)))
        reply.status = 202
        return reply
    }

    private func reply(_ answer: (status: Int, json: Data)) -> InspectorReply {
        InspectorReply(status: answer.status, body: answer.json)
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

extension InspectorWire {
    /// `{"error": message}`.
    package static func failureBody(_ message: String) -> Data {
        (try? JSONEncoder().encode(InspectorWire.Failure(error: message))) ?? Data()
    }
}
