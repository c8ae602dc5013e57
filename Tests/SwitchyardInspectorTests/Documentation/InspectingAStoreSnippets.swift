import Foundation
import Switchyard
import SwitchyardInspector
import SwitchyardInspectorDesktop
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

@Suite struct InspectingAStoreSnippets {
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
