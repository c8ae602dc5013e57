import CasePaths
import Switchyard

/// The app's actions: a search feature and a favorites feature, which know nothing of each other.
@CasePathable
@dynamicMemberLookup
public enum AppAction: Codable, Equatable, Sendable {
    /// An action of the search feature.
    case search(SearchAction)
    /// An action of the favorites feature.
    case favorites(FavoritesAction)
}

/// The search feature's actions.
@CasePathable
@dynamicMemberLookup
public enum SearchAction: Codable, Equatable, Sendable {
    /// The user typed a query.
    case queryChanged(String)
    /// The catalogue answered the query.
    case resultsArrived([String])
    /// The user selected a result.
    case select(String)
}

/// The favorites feature's actions.
@CasePathable
public enum FavoritesAction: Codable, Equatable, Sendable {
    /// Adds an item to the favorites, once.
    case add(String)
    /// Removes an item from the favorites.
    case remove(String)
}

/// The app's state. Its memberwise initializer is public, so that a test in another module, such as one exported by
/// the inspector, can write any state.
public struct AppState: Codable, Equatable, Sendable {
    /// The query typed last.
    public var query: String
    /// The results of the query.
    public var results: [String]
    /// The result selected last, if any.
    public var selected: String?
    /// The favorites, in the order they were added.
    public var favorites: [String]
    /// How many times each query was typed.
    public var searches: [String: Int]
    /// The items ever removed from the favorites.
    public var removed: Set<String>
    /// Where the last search is.
    public var phase: SearchPhase
    /// The user's settings.
    public var settings: Settings

    /// Creates a state; every part defaults to the state of a new app.
    public init(
        query: String = "",
        results: [String] = [],
        selected: String? = nil,
        favorites: [String] = [],
        searches: [String: Int] = [:],
        removed: Set<String> = [],
        phase: SearchPhase = .idle,
        settings: Settings = Settings()
    ) {
        self.query = query
        self.results = results
        self.selected = selected
        self.favorites = favorites
        self.searches = searches
        self.removed = removed
        self.phase = phase
        self.settings = settings
    }

    /// The user's settings.
    public struct Settings: Codable, Equatable, Sendable {
        /// Selecting a result also adds it to the favorites.
        public var favoriteOnSelect: Bool

        /// Creates settings.
        public init(favoriteOnSelect: Bool = true) {
            self.favoriteOnSelect = favoriteOnSelect
        }
    }
}

/// Where the last search is.
public enum SearchPhase: Codable, Equatable, Sendable {
    /// No search yet.
    case idle
    /// The catalogue is being asked for `query`.
    case searching(query: String)
    /// The catalogue answered.
    case done(SearchOutcome)
}

/// What a search found.
public enum SearchOutcome: Codable, Equatable, Sendable {
    /// `count` results, the first of which is `first`.
    case found(count: Int, first: String)
    /// Nothing matched.
    case nothing
}

/// The app's reducer.
public let appReducer = Reducer<AppAction, AppState> { action, state in
    switch action {
    case .search(.queryChanged(let query)):
        state.query = query
        state.searches[query, default: 0] += 1
        state.phase = .searching(query: query)
    case .search(.resultsArrived(let results)):
        state.results = results
        state.phase = .done(results.first.map { .found(count: results.count, first: $0) } ?? .nothing)
    case .search(.select(let item)): state.selected = item
    case .favorites(.add(let item)) where !state.favorites.contains(item): state.favorites.append(item)
    case .favorites(.add): break
    case .favorites(.remove(let item)):
        state.favorites.removeAll { $0 == item }
        state.removed.insert(item)
    }
}

/// Searches a small catalogue, as a network call would: the results arrive later, from an effect.
public struct SearchMiddleware: MiddlewareProtocol, Sendable {
    /// What the search looks in.
    public static let catalogue = [
        "Swift", "SwiftUI", "Swift Concurrency", "Switchyard", "Server-side Swift", "Observation",
        "Structured Concurrency",
    ]

    /// Creates the middleware.
    public init() {}

    /// Starts a search for each new query, cancelling the one in flight.
    public func handle(
        action: AppAction,
        from dispatcher: ActionSource,
        state: @escaping GetState<AppState>
    ) -> IO<AppAction> {
        guard case .search(.queryChanged(let query)) = action else { return .pure() }
        return .run(id: "search", cancelInFlight: true) { output in
            try await Task.sleep(for: .milliseconds(30))
            let results = Self.catalogue.filter { $0.localizedStandardContains(query) }
            output.dispatch(.search(.resultsArrived(results)))
        }
    }
}

/// The app's workflow, outside both features: selecting a result adds it to the favorites when the settings say so.
public let selectionToFavorites: BridgeMiddleware<AppAction, AppAction, AppState> =
    BridgeMiddleware()
    .bridge(
        \AppAction.search?.select >=> { item in AppAction.favorites(.add(item)) }, when: \.settings.favoriteOnSelect)

/// The app's middlewares: the search, then the workflow.
public let appMiddleware = SearchMiddleware() <> selectionToFavorites

/// The app's store.
public func makeStore() -> Store<AppAction, AppState> {
    Store(initialState: AppState(), reducer: appReducer, middleware: appMiddleware)
}
