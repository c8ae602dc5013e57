import Switchyard
import Tracing

/// A search: `.search` is bridged to `.searchStarted`, and its effect calls a backend that the app traces itself,
/// then dispatches `.results`.
enum SearchAction: Sendable, Equatable {
    case search(String)
    case searchStarted
    case results([String])

    var query: String? {
        guard case .search(let query) = self else { return nil }
        return query
    }
}

struct SearchState: Sendable, Equatable {
    var isSearching = false
    var results: [String] = []
}

let searchReducer = Reducer<SearchAction, SearchState> { action, state in
    switch action {
    case .search: break
    case .searchStarted: state.isSearching = true
    case .results(let results):
        state.isSearching = false
        state.results = results
    }
}

/// Runs the search against a pretend backend, in a span of the app's own.
struct SearchEffects: MiddlewareProtocol, Sendable {
    func handle(
        action: SearchAction, from dispatcher: ActionSource, state: @escaping GetState<SearchState>
    ) -> IO<SearchAction> {
        guard case .search(let query) = action else { return .pure() }
        return .run { output in
            let results = try await withSpan("backend.search") { span in
                span.attributes["search.query.length"] = query.count
                try await Task.sleep(for: .milliseconds(20))
                return ["\(query) 1", "\(query) 2"]
            }
            output.dispatch(.results(results))
        }
    }
}

func makeSearchStore() -> Store<SearchAction, SearchState> {
    let bridges = BridgeMiddleware<SearchAction, SearchAction, SearchState>()
        .bridge(\SearchAction.query >=> { _ in SearchAction.searchStarted })
    return Store(initialState: SearchState(), reducer: searchReducer, middleware: bridges <> SearchEffects())
}
