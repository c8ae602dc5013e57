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

@Suite struct InspectingAStoreSnippets {
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
