import Foundation
import Switchyard
import SwitchyardInspector
import SwitchyardInspectorDesktop
import SwitchyardTestSupport
import Testing

// The Swift blocks of the InspectingAStore article, compiled and run.

/// Connects the store's inspector to the desktop inspector in debug builds, when the app was started with the
/// address the desktop printed; keep the connection while you inspect.
func connectInspector(
    for store: Store<AppAction, AppState>,
    environment: [String: String] = ProcessInfo.processInfo.environment
) -> InspectorConnection? {
    #if DEBUG
        guard let desktop = InspectorDesktop(environment: environment) else { return nil }
        let inspector = StoreInspector(inspecting: store, capacity: 1_000)
        return inspector.connect(to: desktop, app: "Shop", store: "main")
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

    @Test func theArticlesSetUpShowsTheStoreOnTheDesktop() async throws {
        let desktop = try await DesktopInspector.start(port: 0)
        print("Page: \(desktop.pageURL)")
        print("Apps connect with SWITCHYARD_INSPECTOR=\(desktop.appAddress.address)")
        let store = makeStore()
        let environment = ["SWITCHYARD_INSPECTOR": desktop.appAddress.address]
        guard let connection = connectInspector(for: store, environment: environment) else { return }
        #expect(await connection.waitUntilConnected(timeout: .seconds(20)))
        store.dispatch(.favorite("Swift"))
        let listed = try await eventually { desktop.stores.first { $0.app == "Shop" && $0.isConnected } }
        let client = LoopbackClient(port: UInt16(desktop.port))
        #expect(try await client.request("GET", "/?token=\(desktop.token)").status == 200)
        let entries = try await eventually { () -> String? in
            let text = try await client.request("GET", "/stores/\(listed.id)/api/entries?token=\(desktop.token)").text
            return text.contains(#"favorite(\"Swift\")"#) ? text : nil
        }
        #expect(entries.contains(#"favorite(\"Swift\")"#))
        #expect(InspectorDesktop(environment: [:]) == nil)
        await connection.close()
        await desktop.stop()
    }
}
