import Dispatch
import Observation
import Switchyard
import SwitchyardTestSupport
import Testing

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

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

    static let searchReducer = Reducer<SearchAction, SearchState> { action, state in
        switch action {
        case .queryChanged(let query): state.query = query
        case .results(let movies): state.results = movies
        case .favorite(let element):
            guard let index = state.results.firstIndex(where: { $0.id == element.id }) else { return }
            state.results[index].isFavorite.toggle()
        }
    }
    var searchReducer: Reducer<SearchAction, SearchState> { Self.searchReducer }

    func makeSearchStore(report: @escaping @Sendable (StoreDiagnostic) -> Void) -> Store<SearchAction, SearchState> {
        Store(
            initialState: SearchState(),
            reducer: searchReducer,
            diagnostics: StoreDiagnostics { diagnostic in report(diagnostic) }
        )
    }

    @MainActor
    func movieRows(of search: ObservableStore<SearchAction, SearchState>) -> ObservableRows<MovieAction, Movie> {
        search.scope(collection: \.results, action: SearchAction.favorite)
    }

    @MainActor
    func rowView(
        of search: ObservableStore<SearchAction, SearchState>, movie id: Movie.ID
    ) -> ObservableStore<MovieAction, Movie>? {
        search.scope(element: id, in: \.results, action: SearchAction.favorite)
    }

    @MainActor
    func observeQuery(
        of search: ObservableStore<SearchAction, SearchState>, _ changed: @escaping @MainActor (String) -> Void
    ) {
        withObservationTracking {
            _ = search.query
        } onChange: {
            // In Swift 6 `onChange` is not isolated to the main actor; the view calls it there, so assume it.
            MainActor.assumeIsolated {
                changed(search.query)
                observeQuery(of: search, changed)
            }
        }
    }

    @MainActor
    func queryField(_ search: ObservableStore<SearchAction, SearchState>) -> StoreBinding<String> {
        search.storeBinding(\.query, dispatch: SearchAction.queryChanged)
    }

    @MainActor
    func type(_ text: String, into search: ObservableStore<SearchAction, SearchState>) -> String {
        let query = search.storeBinding(\.query, dispatch: SearchAction.queryChanged)
        query.wrappedValue = text  // sends .queryChanged(text)
        return query.wrappedValue  // text: the store was idle, so the view is already current
    }

    #if canImport(SwiftUI)
        struct SearchScreen: View {
            let search: ObservableStore<SearchAction, SearchState>

            var body: some View {
                TextField("Search", text: search.binding(\.query, dispatch: SearchAction.queryChanged))
                List {
                    ForEach(search.scope(collection: \.results, action: SearchAction.favorite)) { row in
                        Button(row.title) { row.dispatch(.toggleFavorite) }
                    }
                }
            }
        }
    #endif
}

/// The article's functions behave as it says.
@MainActor
@Suite struct DrivingSwiftUIViewsSnippetTests {
    typealias Snippets = DrivingSwiftUIViewsSnippets

    @Test func aBindingReadsBackWhatItSentAndRowsSendForTheirElement() {
        let reports = Locked<[StoreDiagnostic.Kind]>([])
        let store = Snippets().makeSearchStore { diagnostic in reports.modify { $0.append(diagnostic.kind) } }
        let search = store.observable()
        #expect(Snippets().type("dune", into: search) == "dune")
        search.dispatch(.results([Snippets.Movie(id: 1, title: "Dune"), Snippets.Movie(id: 2, title: "Alien")]))
        let rows = Snippets().movieRows(of: search)
        #expect(rows.map(\.id) == [1, 2])
        rows[1].dispatch(.toggleFavorite)
        #expect(rows[1].isFavorite && !rows[0].isFavorite)
        #expect(Snippets().rowView(of: search, movie: 2)?.isFavorite == true)
        #expect(Snippets().rowView(of: search, movie: 3) == nil)
        #expect(reports.value == [.scopedElementMissing])
    }

    /// A store made without `diagnostics:` reports to standard error, one line per report.
    @Test func theDefaultDiagnosticsWriteOneLineOnStandardErrorPerReport() {
        let marker = "marker-\(UInt64.random(in: 0...UInt64.max))"
        let written = capturingStandardError {
            var store: Store<SearchAction, SearchState>? = Store(
                initialState: SearchState(), reducer: Snippets.searchReducer)
            let search = store!.observable()
            store = nil
            search.dispatch(.queryChanged(marker))
            search.dispatch(.queryChanged(marker))
        }
        let lines = written.split(separator: "\n").filter { $0.contains(marker) }
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.hasPrefix("Switchyard warning: ") })
    }

    /// The observer that registers again in `onChange` is told of every query, once each, with the new value.
    @Test func anObserverRegisteringAgainInOnChangeIsToldOfEveryChange() async {
        let store = Snippets().makeSearchStore { _ in }
        let search = store.observable()
        var seen: [String] = []
        Snippets().observeQuery(of: search) { seen.append($0) }
        search.dispatch(.queryChanged("d"))
        search.dispatch(.results([]))
        search.dispatch(.queryChanged("du"))
        DispatchQueue.global().async { store.dispatch(.queryChanged("dun")) }
        #expect(await eventually { search.query == "dun" })
        #expect(seen == ["d", "du", "dun"])
    }

    typealias SearchAction = Snippets.SearchAction
    typealias SearchState = Snippets.SearchState
}

/// Runs `body` with standard error written to a file, and returns what was written there. Other tests running
/// meanwhile may write there too: look for your own lines.
func capturingStandardError(_ body: () -> Void) -> String {
    var template = Array("/tmp/switchyard-stderr-XXXXXX".utf8CString)
    let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    precondition(file >= 0, "no temporary file")
    let saved = dup(2)
    dup2(file, 2)
    body()
    dup2(saved, 2)
    close(saved)
    lseek(file, 0, SEEK_SET)
    var written: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while case let count = read(file, &buffer, buffer.count), count > 0 {
        written += buffer[0..<count]
    }
    close(file)
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    return String(decoding: written, as: UTF8.self)
}
