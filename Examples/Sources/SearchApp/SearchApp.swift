import MovieSearch
import Switchyard

// A SwiftUI search screen on Apple platforms: a debounced query, results whose rows are scoped views, and a
// favorites list. On Linux, where SwiftUI does not exist, it says so; run ViewsExample there instead.

/// Searches the catalog 300 ms after the user stops typing; the latest query wins.
struct SearchMiddleware: MiddlewareProtocol, Sendable {
    static let catalog = ["Alien", "Arrival", "Annihilation", "Blade Runner", "Contact", "Dune", "Gattaca"]

    struct SearchID: Hashable, Sendable {}

    func handle(
        action: SearchAction, from dispatcher: ActionSource, state: @escaping GetState<SearchState>
    ) -> IO<SearchAction> {
        guard case .queryChanged(let query) = action else { return .pure() }
        return .debounce(id: SearchID(), for: .milliseconds(300), clock: ContinuousClock()) { output in
            let titles = Self.catalog.filter { query.isEmpty || $0.lowercased().contains(query.lowercased()) }
            output.dispatch(.results(titles.enumerated().map { Movie(id: $0.offset, title: $0.element) }))
        }
    }
}

#if canImport(SwiftUI)
    import SwiftUI

    @main
    struct SearchApp: App {
        @MainActor static let store = Store(
            initialState: SearchState(),
            reducer: searchReducer,
            middleware: SearchMiddleware(),
            scheduling: .mainThread
        )
        @State private var search = SearchApp.store.observable()

        var body: some Scene {
            WindowGroup { SearchScreen(search: search) }
        }
    }

    struct SearchScreen: View {
        let search: ObservableStore<SearchAction, SearchState>

        var body: some View {
            NavigationStack {
                List {
                    Section("Results") {
                        ForEach(search.scope(collection: \.results, action: SearchAction.movie)) { row in
                            MovieRow(movie: row)
                        }
                    }
                    Section("Favorites") {
                        ForEach(search.favorites) { movie in Text(movie.title) }
                    }
                }
                .searchable(text: search.binding(\.query, dispatch: SearchAction.queryChanged))
                .navigationTitle("Movies")
            }
        }
    }

    struct MovieRow: View {
        let movie: ObservableStore<MovieAction, Movie>

        var body: some View {
            Button {
                withAnimation { movie.dispatch(.toggleFavorite) }
            } label: {
                Label(movie.title, systemImage: movie.isFavorite ? "star.fill" : "star")
            }
        }
    }
#else
    @main
    enum SearchApp {
        static func main() {
            print("SearchApp is a SwiftUI app: build it on an Apple platform. On Linux, run ViewsExample.")
        }
    }
#endif
