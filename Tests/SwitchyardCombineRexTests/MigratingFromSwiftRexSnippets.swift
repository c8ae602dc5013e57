import SwitchyardCombineRex

// The effect middleware of MigratingFromSwiftRex.md, compiled with `import SwitchyardCombineRex` alone in Swift 5
// language mode, as SwiftRex apps are. DocumentationTests checks that the article's block appears here verbatim;
// MigratingFromSwiftRexEffectTests runs it.

enum SearchAction {
    case search(String)
    case results([String])
    case cancel
}

struct SearchState {
    var results: [String] = []
}

typealias Search = (String) -> AnyPublisher<[String], Never>

let searchMiddleware = EffectMiddleware<SearchAction, SearchAction, SearchState, Search>.onAction {
    action, _, _ in
    switch action {
    case .search(let query):
        return Effect(token: "search") { context in
            context.dependencies(query).map { DispatchedAction(SearchAction.results($0)) }
        }
    case .cancel:
        return .toCancel("search")
    case .results:
        return .doNothing
    }
}
