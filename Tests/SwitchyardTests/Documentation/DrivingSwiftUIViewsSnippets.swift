import Switchyard

#if canImport(SwiftUI)
    import SwiftUI
#endif

/// The code of DrivingSwiftUIViews.md, compiled; the SwiftUI screen only where SwiftUI exists.
struct DrivingSwiftUIViewsSnippets {
    enum SearchAction: Sendable, Equatable {
        case queryChanged(String)
        case results([Movie])
        case favorite(ElementIDAction<Movie.ID, MovieAction>)
    }

    enum MovieAction: Sendable, Equatable {
        case toggleFavorite
    }

    struct Movie: Sendable, Equatable, Identifiable {
        let id: Int
        var title: String
        var isFavorite = false
    }

    struct SearchState: Sendable, Equatable {
        var query = ""
        var results: [Movie] = []
    }

    @MainActor
    func makeSearchView(store: Store<SearchAction, SearchState>) -> ObservableStore<SearchAction, SearchState> {
        store.observable()
    }

    @MainActor
    func rowView(
        of search: ObservableStore<SearchAction, SearchState>, movie id: Movie.ID
    ) -> ObservableStore<MovieAction, Movie>? {
        search.scope(element: id, in: \.results, action: SearchAction.favorite)
    }

    @MainActor
    func queryField(_ search: ObservableStore<SearchAction, SearchState>) -> StoreBinding<String> {
        search.storeBinding(\.query, send: SearchAction.queryChanged)
    }

    #if canImport(SwiftUI)
        struct SearchScreen: View {
            let search: ObservableStore<SearchAction, SearchState>

            var body: some View {
                TextField("Search", text: search.binding(\.query, send: SearchAction.queryChanged))
                List(search.results) { movie in
                    if let row = search.scope(element: movie.id, in: \.results, action: SearchAction.favorite) {
                        Button(row.title) { row.send(.toggleFavorite) }
                    }
                }
            }
        }
    #endif
}
