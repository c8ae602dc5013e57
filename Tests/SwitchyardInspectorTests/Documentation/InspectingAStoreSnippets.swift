import Foundation
import Switchyard
import SwitchyardInspector
import Testing

// The Swift blocks of the InspectingAStore article, compiled and run.

/// Starts the inspector in debug builds; keep the server while you inspect, and stop it when done.
func startInspector(for store: Store<AppAction, AppState>) async throws -> InspectorServer? {
    #if DEBUG
        let inspector = StoreInspector(inspecting: store, capacity: 1_000)
        let server = try await InspectorServer.start(inspector)
        print("Inspector: \(server.url)")  // http://127.0.0.1:PORT/#token=…
        return server
    #else
        return nil
    #endif
}

/// Shows no search query on the page or in exports, and leaves the search results out of the history.
func configureInspector(_ inspector: StoreInspector<AppAction, AppState>) {
    inspector.actionSanitizer = { action in
        if case .search = action { return .search("•••") }
        return action
    }
    inspector.stateSanitizer = { state in
        var state = state
        state.query = state.query.isEmpty ? "" : "•••"
        return state
    }
    inspector.setFilter(allow: nil, deny: ["results"])
}

@Suite struct InspectingAStoreSnippets {
    @Test func theArticlesSanitizersHideTheQueryAndItsFilterLeavesTheResultsOut() async throws {
        let store = makeStore()
        let inspector = StoreInspector(inspecting: store)
        configureInspector(inspector)
        store.dispatch(.search("swift"))
        store.dispatch(.favorite("Swift"))
        #expect(inspector.actions.map(\.action) == [.search("swift"), .favorite("Swift")])
        #expect(store.state.results == ["swift 1", "swift 2"])
        let session = String(decoding: try inspector.exportSession(), as: UTF8.self)
        #expect(!session.contains("\"swift\""))
        #expect(session.contains("•••"))
        // The favorite after the results left out may be skipped; the search before them may not.
        #expect(inspector.refusalToSkip(1) == InspectorRefusal(.gapAfter(1)))
        #expect(await inspector.setSkipped(2, true))
        #expect(store.state.favorites.isEmpty)
        #expect(store.state.query == "swift")
    }

    @Test func theArticlesSetUpServesThePageOfTheStore() async throws {
        let store = makeStore()
        guard let server = try await startInspector(for: store) else { return }
        store.dispatch(.favorite("Swift"))
        let page = try await LoopbackClient(port: server.port).request("GET", "/?token=\(server.token)")
        #expect(page.status == 200)
        let entries = try await LoopbackClient(port: server.port).request("GET", "/api/entries?token=\(server.token)")
        #expect(entries.text.contains(#"favorite(\"Swift\")"#))
        await server.stop()
    }
}
