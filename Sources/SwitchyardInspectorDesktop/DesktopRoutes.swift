import Foundation
import SwitchyardInspector

/// The pages' HTTP API on a store (`/stores/ID/api/…`), read into the requests the app answers: the desktop answers
/// a malformed request itself, and sends the app only what it can act on.
///
/// | Request | Body | Sent to the app |
/// | --- | --- | --- |
/// | `GET /api/status` | | `status` |
/// | `GET /api/entries?after=N` | | `entries(after:)`, every entry without `after` |
/// | `GET /api/entries/N` | | `detail(id:)` |
/// | `GET /api/state` | | `state` |
/// | `POST /api/jump` | `{"id": N}` | `jump(id:)` |
/// | `POST /api/present` | | `present` |
/// | `POST /api/skip` | `{"id": N, "skipped": true}` | `skip(id:skipped:)` |
/// | `POST /api/dispatch` | the action's JSON | `dispatch(json:)` |
/// | `GET /api/export` | | `exportSession` |
/// | `POST /api/import` | a session exported before | `importSession` |
/// | `GET /api/export/test?name=&reducer=&middleware=&imports=` | | `exportTest` |
/// | `POST /api/journal/test?name=&reducer=&imports=` | a journal file | `journalTest` |
/// | `POST /api/pause` | `{"paused": true}` | `pause` |
/// | `POST /api/lock` | `{"locked": true}` | `lock` |
/// | `POST /api/commit`, `/api/revert`, `/api/sweep` | | `commit`, `revert`, `sweep` |
/// | `GET /api/filter` | | `filter` |
/// | `POST /api/filter` | `{"allow": [...] or null, "deny": [...]}` | `setFilter(allow:deny:)` |
/// | `GET /api/rate` | | `rate` |
///
/// Errors are `{"error": "…"}`: `400` for a body or a number that is not what the endpoint takes, `404` for a path
/// that is none of these (or a known path with another method).
enum DesktopRoutes {
    /// What a page's request comes to: a request for the app, or the desktop's own answer.
    enum Routed {
        case app(InspectorLink.Request)
        case answer(DesktopResponse)
    }

    /// The request that `method` `path` (without the store's prefix) with `query` and `body` asks the app for.
    static func route(method: String, path: String, query: [String: String], body: Data) -> Routed {
        switch (method, path) {
        case ("GET", "/api/status"): return .app(.status)
        case ("GET", "/api/entries"):
            guard let text = query["after"] else { return .app(.entries(after: nil)) }
            guard let after = Int(text) else {
                return .answer(.failure(400, "'after' must be an action number, not '\(text.prefix(40))'."))
            }
            return .app(.entries(after: after))
        case ("GET", "/api/state"): return .app(.state)
        case ("POST", "/api/jump"):
            return decode(InspectorWire.Jump.self, body, expected: #"{"id": <action number>}"#) { .jump(id: $0.id) }
        case ("POST", "/api/present"): return .app(.present)
        case ("POST", "/api/skip"):
            return decode(InspectorWire.Skip.self, body, expected: #"{"id": <action number>, "skipped": true}"#) {
                .skip(id: $0.id, skipped: $0.skipped)
            }
        case ("POST", "/api/dispatch"): return .app(.dispatch(json: body))
        case ("GET", "/api/export"): return .app(.exportSession)
        case ("POST", "/api/import"): return .app(.importSession(body))
        case ("GET", "/api/export/test"):
            // An empty `middleware` asks for a test store without one; none asks for the usual name.
            let middleware = query["middleware"].map { $0.isEmpty ? nil : $0 } ?? "appMiddleware"
            return test(query, default: "replaysInspectorSession", middleware: middleware) { .exportTest($0) }
        case ("POST", "/api/journal/test"):
            return test(query, default: "replaysJournal", middleware: nil) { .journalTest(body, $0) }
        case ("POST", "/api/pause"):
            return decode(InspectorWire.Pause.self, body, expected: #"{"paused": true} or false"#) { .pause($0.paused) }
        case ("POST", "/api/lock"):
            return decode(InspectorWire.Lock.self, body, expected: #"{"locked": true} or false"#) { .lock($0.locked) }
        case ("POST", "/api/commit"): return .app(.commit)
        case ("POST", "/api/revert"): return .app(.revert)
        case ("POST", "/api/sweep"): return .app(.sweep)
        case ("GET", "/api/filter"): return .app(.filter)
        case ("POST", "/api/filter"):
            return decode(
                InspectorWire.Filter.self, body, expected: #"{"allow": ["caseName", …] or null, "deny": […]}"#
            ) { .setFilter(allow: $0.allow, deny: $0.deny ?? []) }
        case ("GET", "/api/rate"): return .app(.rate)
        default:
            if method == "GET", path.hasPrefix("/api/entries/") {
                let text = path.dropFirst("/api/entries/".count)
                guard let id = Int(text) else {
                    return .answer(.failure(400, "'\(text.prefix(40))' is not an action number."))
                }
                return .app(.detail(id: id))
            }
            if let expected = methods[path] {
                return .answer(
                    .failure(404, "No such endpoint: \(method.prefix(20)) \(path) (it takes \(expected))."))
            }
            return .answer(.failure(404, "No such endpoint: \(method.prefix(20)) \(path.prefix(200))"))
        }
    }

    /// The methods of the paths that take one other than the one asked, for the error that names them.
    private static let methods: [String: String] = [
        "/api/status": "GET", "/api/entries": "GET", "/api/state": "GET", "/api/jump": "POST",
        "/api/present": "POST", "/api/skip": "POST", "/api/dispatch": "POST", "/api/export": "GET",
        "/api/import": "POST", "/api/export/test": "GET", "/api/journal/test": "POST", "/api/pause": "POST",
        "/api/lock": "POST", "/api/commit": "POST", "/api/revert": "POST", "/api/sweep": "POST",
        "/api/filter": "GET or POST", "/api/rate": "GET",
    ]

    /// The request made from `body` decoded as `Value`, or a `400` that says what was wrong and what to send.
    private static func decode<Value: Decodable>(
        _ type: Value.Type, _ body: Data, expected: String, _ request: (Value) -> InspectorLink.Request
    ) -> Routed {
        do {
            return .app(request(try JSONDecoder().decode(Value.self, from: body)))
        } catch {
            return .answer(.failure(400, "The body is not what this endpoint takes (\(error)): send \(expected)."))
        }
    }

    /// The request for a test named from the page's query (see ``names(_:test:middleware:)``), or a `400` when its
    /// name is not a Swift identifier or an import not a module's name: the test written would not compile.
    private static func test(
        _ query: [String: String], default test: String, middleware: String?,
        _ request: (InspectorLink.TestExport) -> InspectorLink.Request
    ) -> Routed {
        let names = names(query, test: test, middleware: middleware)
        guard isIdentifier(names.name[...]) else {
            return .answer(.failure(400, "The test's name is not a Swift identifier: \(names.name.prefix(200))."))
        }
        if let module = names.imports.first(where: {
            !$0.split(separator: ".", omittingEmptySubsequences: false).allSatisfy(isIdentifier)
        }) {
            return .answer(.failure(400, "An import is not a module's name: \(module.prefix(200))."))
        }
        return .app(request(names))
    }

    /// Whether `name` is a Swift identifier: a letter or `_`, then letters, digits or `_`.
    private static func isIdentifier(_ name: Substring) -> Bool {
        guard let first = name.first, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// The names of an exported test, from the page's query: `name`, `reducer`, and `imports` separated by commas.
    private static func names(_ query: [String: String], test: String, middleware: String?) -> InspectorLink.TestExport
    {
        let imports = (query["imports"] ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        return InspectorLink.TestExport(
            name: query["name"].flatMap { $0.isEmpty ? nil : $0 } ?? test,
            reducer: query["reducer"].flatMap { $0.isEmpty ? nil : $0 } ?? "appReducer",
            middleware: middleware,
            imports: imports.filter { !$0.isEmpty })
    }
}
