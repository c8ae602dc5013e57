import Switchyard

/// The store's own middleware: a debounced search with a request that takes a few milliseconds, and chains of
/// follow-ups.
struct SoakMiddleware: MiddlewareProtocol, Sendable {
    /// Identifies the search in flight: a new search cancels it.
    struct SearchID: Hashable, Sendable {}

    /// How many steps a chain has.
    let chainLength: Int
    let clock = ContinuousClock()

    func handle(
        action: SoakAction,
        from dispatcher: ActionSource,
        state: @escaping GetState<SoakState>
    ) -> IO<SoakAction> {
        switch action {
        case .search(let query):
            // Waits 2 ms of quiet typing, then "asks the server", which answers in 3 ms. A newer query cancels
            // this effect, whether it is still waiting or already asking.
            return .debounce(id: SearchID(), for: .milliseconds(2), clock: clock) { [clock] output in
                try await clock.sleep(for: .milliseconds(3))
                output.dispatch(.results(query: query, hits: query.count))
            }
        case .chain(let id, let step) where step + 1 < chainLength:
            return IO { output in output.dispatch(.chain(id: id, step: step + 1)) }
        default:
            return .pure()
        }
    }
}

/// A middleware that the soak adds and removes at run time; it holds `token`, so the soak sees when the store lets
/// go of it.
struct AuditMiddleware: MiddlewareProtocol, Sendable {
    let token: LiveToken

    func handle(
        action: SoakAction,
        from dispatcher: ActionSource,
        state: @escaping GetState<SoakState>
    ) -> IO<SoakAction> {
        guard case .results = action else { return .pure() }
        return IO { [token] _ in token.touch() }
    }
}
