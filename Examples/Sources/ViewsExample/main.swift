import MovieSearch
import Observation
import Switchyard

// Observable views on any machine: a search screen's views, driven by a script of actions instead of a user. After
// each action the example prints which views re-render: only those whose values changed.

/// A view of the screen: a name, and what its body reads.
@MainActor
final class RenderedView {
    let name: String
    private let body: @MainActor () -> String
    private var invalidated = false

    init(_ name: String, body: @escaping @MainActor () -> String) {
        self.name = name
        self.body = body
        render()
    }

    /// Runs the body as SwiftUI would, and observes what it read.
    private func render() {
        invalidated = false
        withObservationTracking {
            _ = body()
        } onChange: { [self] in
            MainActor.assumeIsolated { invalidated = true }
        }
    }

    /// Renders again if what the body read changed; says whether it did.
    func renderIfInvalidated() -> Bool {
        guard invalidated else { return false }
        render()
        return true
    }

    var text: String { body() }
}

MainActor.assumeIsolated {
    let store = Store(
        initialState: SearchState(results: [
            Movie(id: 1, title: "Alien"), Movie(id: 2, title: "Arrival"), Movie(id: 3, title: "Annihilation"),
        ]),
        reducer: searchReducer, scheduling: .mainThread)
    let search = store.observable()
    // The rows of the list, as `ForEach` takes them: a row view per movie, made once and kept while its id stays.
    let rows = search.scope(collection: \.results, action: SearchAction.movie)
    let views =
        [
            RenderedView("search field") { "query \"\(search.query)\"" },
            // The list's body reads the rows: it depends on their ids and order, not on what a row shows.
            RenderedView("list") { "\(search.scope(collection: \.results, action: SearchAction.movie).count) results" },
        ]
        + rows.map { row in
            RenderedView("row \(row.id)") { "\(row.title)\(row.isFavorite ? " ★" : "")" }
        }

    let script: [(SearchAction, String)] = [
        (.queryChanged("a"), "The user types \"a\": only the search field re-renders."),
        (.movie(ElementIDAction(id: 2, action: .toggleFavorite)), "The user stars Arrival: only its row re-renders."),
        (.queryChanged("a"), "The same query again: nothing changed, nothing re-renders."),
        (.movie(ElementIDAction(id: 3, action: .toggleFavorite)), "The user stars Annihilation: only its row."),
    ]
    for (action, story) in script {
        print("▶ \(story)")
        search.dispatch(action)
        let rendered = views.filter { $0.renderIfInvalidated() }
        print(
            "  re-rendered: \(rendered.isEmpty ? "none" : rendered.map { "\($0.name) (\($0.text))" }.joined(separator: ", "))"
        )
    }
    print("final: \(views.map(\.text).joined(separator: " | "))")
}
