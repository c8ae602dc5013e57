import Foundation

/// The answers to the Redux DevTools controls (pause, lock, commit, revert, sweep, filters and the action rate) and
/// to skipping an action, free of any HTTP type: the desktop reads the page's request and sends the typed request;
/// the app answers with a status and JSON.
///
/// | Request | Answer |
/// | --- | --- |
/// | `pause` | the status |
/// | `lock` | the status, once held actions were handed back on unlock |
/// | `commit` | the status; `409` while travelling or showing an imported session |
/// | `revert` | the status; `409` while travelling, showing an imported session, or with no store |
/// | `sweep` | `{"removed": n, "status": …}`; `409` as for commit |
/// | `filter` | `{"allow": [...] or null, "deny": [...]}` |
/// | `setFilter` | the filter as set; `400` for an empty case name |
/// | `rate` | `{"perSecond": [60 counts], "end": seconds since 1970, "total": n}` |
///
/// Errors are `{"error": "…"}`.
extension StoreInspector {
    /// The answer to one of the DevTools controls; `404` for any other request.
    func devToolsAnswer(_ request: InspectorLink.Request) async -> (status: Int, json: Data) {
        switch request {
        case .pause(let paused):
            setPaused(paused)
            return Self.json(status())
        case .lock(let locked):
            if locked { self.lock() } else { await unlock() }
            return Self.json(status())
        case .commit:
            do {
                try commit()
                return Self.json(status())
            } catch {
                return Self.failure(409, "\(error)")
            }
        case .revert:
            do {
                try await revert()
                return Self.json(status())
            } catch {
                return Self.failure(409, "\(error)")
            }
        case .sweep:
            do {
                let removed = try sweep()
                return Self.json(InspectorWire.Swept(removed: removed, status: status()))
            } catch {
                return Self.failure(409, "\(error)")
            }
        case .filter:
            return Self.json(filterDocument())
        case .setFilter(let allow, let deny):
            let allow = allow.map(Self.caseNames)
            let deny = Self.caseNames(deny)
            if let empty = (allow ?? []).first(where: \.isEmpty) ?? deny.first(where: \.isEmpty) {
                return Self.failure(400, "A case name is empty ('\(empty)'): name cases as the list shows them.")
            }
            setFilter(allow: allow.map(Set.init), deny: Set(deny))
            return Self.json(filterDocument())
        case .rate:
            return Self.json(rateDocument())
        default:
            return Self.failure(404, "Not a DevTools control.")
        }
    }

    /// The answer to skipping the action `id` (or taking the skip back) that tells a refusal's reason: the status when
    /// done, `404` for an action not in the history or a freed store, `409` for an imported session or an action
    /// before a gap (see ``setSkipped(_:_:)``).
    func skipAnswer(id: Int, skipped: Bool) async -> (status: Int, json: Data) {
        if let refusal = refusalToSkip(id) {
            switch refusal.reason {
            case .notInHistory, .storeFreed: return Self.failure(404, "\(refusal)")
            default: return Self.failure(409, "\(refusal)")
            }
        }
        guard await setSkipped(id, skipped) else {
            return Self.failure(409, "Action #\(id) changed meanwhile: try again.")
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
