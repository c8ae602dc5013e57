import Foundation

/// The endpoints of the Redux DevTools controls (pause, lock, commit, revert, sweep, filters and the action rate),
/// free of any HTTP type: the server's router gives each request's method, path and body, and sends back the status
/// and the JSON answered.
///
/// | Request | Body | Answer |
/// | --- | --- | --- |
/// | `POST /api/pause` | `{"paused": true}` | the status |
/// | `POST /api/lock` | `{"locked": true}` | the status, once held actions were handed back on unlock |
/// | `POST /api/commit` | none | the status; `409` while travelling or showing an imported session |
/// | `POST /api/revert` | none | the status; `409` while travelling, showing an imported session, or with no store |
/// | `POST /api/sweep` | none | `{"removed": n, "status": …}`; `409` as for commit |
/// | `GET /api/filter` | none | `{"allow": [...] or null, "deny": [...]}` |
/// | `POST /api/filter` | `{"allow": [...] or null, "deny": [...]}` | the filter as set |
/// | `GET /api/rate` | none | `{"perSecond": [60 counts], "end": seconds since 1970, "total": n}` |
///
/// Errors are `{"error": "…"}`: `400` for a body that is not what the endpoint takes, `404` for a known path with
/// another method, `409` for a refusal.
///
/// `skipAnswer(body:)` answers `POST /api/skip` with the reason of a refusal (`409` for an action recorded before a
/// gap), and `stateDocument()` gives `GET /api/state` the state as the sanitizer shows it.
extension StoreInspector {
    /// The answer to `method` `path` with `body`, or `nil` when the path is none of these endpoints.
    func devToolsEndpoint(method: String, path: String, body: Data) async -> (status: Int, json: Data)? {
        let methods: [String: String] = [
            "/api/pause": "POST", "/api/lock": "POST", "/api/commit": "POST", "/api/revert": "POST",
            "/api/sweep": "POST", "/api/filter": "GET or POST", "/api/rate": "GET",
        ]
        guard let expected = methods[path] else { return nil }
        switch (method, path) {
        case ("POST", "/api/pause"):
            guard let pause = Self.decode(InspectorWire.Pause.self, body) else {
                return Self.failure(400, #"The body is not what this endpoint takes: send {"paused": true} or false."#)
            }
            setPaused(pause.paused)
            return Self.json(status())
        case ("POST", "/api/lock"):
            guard let lock = Self.decode(InspectorWire.Lock.self, body) else {
                return Self.failure(400, #"The body is not what this endpoint takes: send {"locked": true} or false."#)
            }
            if lock.locked { self.lock() } else { await unlock() }
            return Self.json(status())
        case ("POST", "/api/commit"):
            do {
                try commit()
                return Self.json(status())
            } catch {
                return Self.failure(409, "\(error)")
            }
        case ("POST", "/api/revert"):
            do {
                try await revert()
                return Self.json(status())
            } catch {
                return Self.failure(409, "\(error)")
            }
        case ("POST", "/api/sweep"):
            do {
                let removed = try sweep()
                return Self.json(InspectorWire.Swept(removed: removed, status: status()))
            } catch {
                return Self.failure(409, "\(error)")
            }
        case ("GET", "/api/filter"):
            return Self.json(filterDocument())
        case ("POST", "/api/filter"):
            guard let filter = Self.decode(InspectorWire.Filter.self, body) else {
                return Self.failure(
                    400,
                    #"The body is not what this endpoint takes: send {"allow": ["caseName", …] or null, "deny": […]}."#
                )
            }
            let allow = filter.allow.map(Self.caseNames)
            let deny = Self.caseNames(filter.deny ?? [])
            if let empty = (allow ?? []).first(where: \.isEmpty) ?? deny.first(where: \.isEmpty) {
                return Self.failure(400, "A case name is empty ('\(empty)'): name cases as the list shows them.")
            }
            setFilter(allow: allow.map(Set.init), deny: Set(deny))
            return Self.json(filterDocument())
        case ("GET", "/api/rate"):
            return Self.json(rateDocument())
        default:
            return Self.failure(404, "No such endpoint: \(method.prefix(20)) \(path) (it takes \(expected)).")
        }
    }

    /// The answer to `POST /api/skip` with `body` (`{"id": N, "skipped": true}`) that tells a refusal's reason: the
    /// status when done, `400` for another body, `404` for an action not in the history or a freed store, `409` for
    /// an imported session or an action before a gap (see ``setSkipped(_:_:)``).
    func skipAnswer(body: Data) async -> (status: Int, json: Data) {
        guard let skip = Self.decode(InspectorWire.Skip.self, body) else {
            return Self.failure(
                400, #"The body is not what this endpoint takes: send {"id": <action number>, "skipped": true}."#)
        }
        if let refusal = refusalToSkip(skip.id) {
            switch refusal.reason {
            case .notInHistory, .storeFreed: return Self.failure(404, "\(refusal)")
            default: return Self.failure(409, "\(refusal)")
            }
        }
        guard await setSkipped(skip.id, skip.skipped) else {
            return Self.failure(409, "Action #\(skip.id) changed meanwhile: try again.")
        }
        return Self.json(status())
    }

    /// The allow and deny lists, sorted.
    func filterDocument() -> InspectorWire.Filter {
        let filter = recorder.filter.withLock { $0 }
        return InspectorWire.Filter(allow: filter.allow.map { $0.sorted() }, deny: filter.deny.sorted())
    }

    /// Names as typed on the page: trimmed of spaces and of a leading dot, and of any payload typed after them.
    static func caseNames(_ names: [String]) -> [String] {
        names.map { name in
            var trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.hasPrefix(".") { trimmed.removeFirst() }
            return String(trimmed.prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces)
        }
    }

    static func decode<Value: Decodable>(_ type: Value.Type, _ body: Data) -> Value? {
        try? JSONDecoder().decode(Value.self, from: body)
    }

    static func json(_ value: some Encodable) -> (status: Int, json: Data) {
        do {
            return (200, try JSONEncoder().encode(value))
        } catch {
            return failure(500, "\(error)")
        }
    }

    static func failure(_ status: Int, _ message: String) -> (status: Int, json: Data) {
        (status, (try? JSONEncoder().encode(InspectorWire.Failure(error: message))) ?? Data())
    }
}
