import CasePaths
import Switchyard

/// The app's actions: a search feature and a favorites feature, which know nothing of each other.
@CasePathable
@dynamicMemberLookup
enum AppAction: Codable, Equatable, Sendable {
    case search(SearchAction)
    case favorites(FavoritesAction)
}

@CasePathable
@dynamicMemberLookup
enum SearchAction: Codable, Equatable, Sendable {
    case queryChanged(String)
    case resultsArrived([String])
    case select(String)
}

@CasePathable
enum FavoritesAction: Codable, Equatable, Sendable {
    case add(String)
    case remove(String)
}

struct AppState: Codable, Equatable, Sendable {
    var query = ""
    var results: [String] = []
    var selected: String?
    var favorites: [String] = []
    var settings = Settings()

    struct Settings: Codable, Equatable, Sendable {
        /// Selecting a result also adds it to the favorites.
        var favoriteOnSelect = true
    }
}

let appReducer = Reducer<AppAction, AppState>.reduce { action, state in
    switch action {
    case .search(.queryChanged(let query)): state.query = query
    case .search(.resultsArrived(let results)): state.results = results
    case .search(.select(let item)): state.selected = item
    case .favorites(.add(let item)) where !state.favorites.contains(item): state.favorites.append(item)
    case .favorites(.add): break
    case .favorites(.remove(let item)): state.favorites.removeAll { $0 == item }
    }
}

/// Searches a small catalogue, as a network call would: the results arrive later, from an effect.
struct SearchMiddleware: MiddlewareProtocol, Sendable {
    static let catalogue = [
        "Swift", "SwiftUI", "Swift Concurrency", "Switchyard", "Server-side Swift", "Observation",
        "Structured Concurrency",
    ]

    func handle(action: AppAction, from dispatcher: ActionSource, state: @escaping GetState<AppState>) -> IO<AppAction>
    {
        guard case .search(.queryChanged(let query)) = action else { return .pure() }
        return .run(id: "search", cancelInFlight: true) { output in
            try await Task.sleep(for: .milliseconds(30))
            let results = Self.catalogue.filter { $0.localizedStandardContains(query) }
            output.dispatch(.search(.resultsArrived(results)))
        }
    }
}

/// The app's workflow, outside both features: selecting a result adds it to the favorites when the settings say so.
let selectionToFavorites: BridgeMiddleware<AppAction, AppAction, AppState> =
    BridgeMiddleware()
    .bridge(
        \AppAction.search?.select >=> { item in AppAction.favorites(.add(item)) }, when: \.settings.favoriteOnSelect)

func makeStore() -> Store<AppAction, AppState> {
    Store(
        initialState: AppState(),
        reducer: appReducer,
        middleware: SearchMiddleware() <> selectionToFavorites
    )
}
