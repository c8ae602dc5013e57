import Switchyard

// The state, actions and reducer of a search screen, shared by ViewsExample (observable views driven by a script)
// and SearchApp (the same screen in SwiftUI): a query, the movies it found, and a star on each.

/// A movie the search found.
public struct Movie: Sendable, Equatable, Identifiable {
    /// Its position in the results.
    public let id: Int
    /// Its title.
    public var title: String
    /// Whether the user starred it.
    public var isFavorite = false

    /// A movie, not starred unless said.
    public init(id: Int, title: String, isFavorite: Bool = false) {
        self.id = id
        self.title = title
        self.isFavorite = isFavorite
    }
}

/// What a row does to its movie.
public enum MovieAction: Sendable, Equatable {
    /// Stars the movie, or takes its star away.
    case toggleFavorite
}

/// What happens on the search screen.
public enum SearchAction: Sendable, Equatable {
    /// The user changed the query.
    case queryChanged(String)
    /// The search found these movies.
    case results([Movie])
    /// A row's action, for the movie of that id.
    case movie(ElementIDAction<Movie.ID, MovieAction>)
}

/// The search screen's state.
public struct SearchState: Sendable, Equatable {
    /// The query as typed.
    public var query: String
    /// The movies found for it.
    public var results: [Movie]
    /// The starred movies among the results.
    public var favorites: [Movie] { results.filter(\.isFavorite) }

    /// A screen with `query` typed and `results` found.
    public init(query: String = "", results: [Movie] = []) {
        self.query = query
        self.results = results
    }
}

/// The search screen's reducer.
public let searchReducer = Reducer<SearchAction, SearchState> { action, state in
    switch action {
    case .queryChanged(let query): state.query = query
    case .results(let movies): state.results = movies
    case .movie(let element):
        guard let index = state.results.firstIndex(where: { $0.id == element.id }) else { return }
        state.results[index].isFavorite.toggle()
    }
}
