import Foundation
import Switchyard
import SwitchyardInspectorDesktop
import SwitchyardTestSupport
import Testing

@testable import SwitchyardInspector

/// A view keeps what it showed of its app's earlier launches, within bounds, and serves it read-only.
@Suite(.serialized) struct DesktopLaunchHistoryTests {
    /// `GET /stores/ID/launches`, as the page reads it.
    struct Launches: Decodable {
        struct Launch: Decodable {
            var number: Int
            var processID: Int32
            var started: Double
            var ended: Double?
            var entries: [Entry]
            var dropped: Int
        }
        struct Entry: Decodable {
            var id: Int
            var action: String
        }
        var launches: [Launch]
        var current: Int
        var maxEarlierLaunches: Int
        var maxEntriesPerLaunch: Int
    }

    @Test func aRelaunchedViewKeepsTheEntriesOfItsEarlierLaunchesWithinTheBounds() async throws {
        var limits = DesktopInspector.Limits()
        limits.maxEarlierLaunches = 2
        limits.maxEntriesPerEarlierLaunch = 6
        let desktop = try await DesktopInspector.start(limits: limits)
        defer { Task { await desktop.stop() } }
        let client = LoopbackClient(port: UInt16(desktop.port))
        var viewID = 0
        var lastConnection: InspectorConnection?
        for launch in 1...4 {
            let store = makeStore()
            let inspector = StoreInspector(inspecting: store)
            // Two actions before any page opens: the page loads them, and the desktop keeps what it loaded.
            store.dispatch(.favorite("launch \(launch) early 1"))
            store.dispatch(.favorite("launch \(launch) early 2"))
            let connection = inspector.connect(to: desktop.appAddress, app: "History", store: "main")
            #expect(await connection.waitUntilConnected(timeout: .seconds(20)))
            let view = try await eventually {
                desktop.stores.first { $0.app == "History" && $0.isConnected && $0.launches == launch }
            }
            viewID = view.id
            #expect(view.earlierLaunches == min(launch - 1, 2))
            let opened = try await client.webSocket(
                "/stores/\(view.id)/ws", origin: nil, protocols: ["token.\(desktop.token)"])
            let page = try #require(opened.connection)
            // The app says it sends live updates again, once it listens to its history.
            _ = try await page.waitForText { $0.contains(#""type":"resume""#) }
            #expect(connection.isWatched)
            let loaded = try await client.request("GET", "/stores/\(view.id)/api/entries?token=\(desktop.token)")
            #expect(loaded.text.contains("launch \(launch) early 2"))
            // Five live actions: the page receives them, and the desktop keeps them.
            for index in 1...5 { store.dispatch(.favorite("launch \(launch) live \(index)")) }
            _ = try await page.waitForText { $0.contains("launch \(launch) live 5") }
            if launch < 4 {
                await connection.close()
                _ = try await page.waitForText { $0.contains(#""connected":false"#) }
            } else {
                lastConnection = connection
            }
        }
        let storeID = viewID
        let answer = try await client.request("GET", "/stores/\(storeID)/launches?token=\(desktop.token)")
        #expect(answer.status == 200)
        let history = try JSONDecoder().decode(Launches.self, from: answer.body)
        #expect(history.current == 4)
        #expect(history.maxEarlierLaunches == 2 && history.maxEntriesPerLaunch == 6)
        // The first launch went to keep at most two earlier launches; each keeps its six latest entries.
        #expect(history.launches.map(\.number) == [2, 3])
        for launch in history.launches {
            let actions = launch.entries.map(\.action)
            #expect(actions.count == 6)
            #expect(launch.dropped == 1)
            #expect(actions.first?.contains("launch \(launch.number) early 2") == true)
            #expect(actions.last?.contains("launch \(launch.number) live 5") == true)
            #expect(!actions.contains { $0.contains("early 1") })
            #expect(launch.entries.map(\.id) == Array(2...7))
            let ended = try #require(launch.ended)
            #expect(ended >= launch.started)
        }
        // The live launch's entries are the app's own, as before: the earlier ones are the desktop's alone.
        let live = try await client.request("GET", "/stores/\(storeID)/api/entries?token=\(desktop.token)")
        #expect(live.text.contains("launch 4 live 5"))
        #expect(!live.text.contains("launch 3"))
        // Read-only, served with the token only, and still served once the app is gone.
        let posted = try await client.request(
            "POST", "/stores/\(storeID)/launches?token=\(desktop.token)", body: Data("{}".utf8))
        #expect(posted.status == 405)
        #expect(try await client.request("GET", "/stores/\(storeID)/launches").status == 403)
        await lastConnection?.close()
        _ = try await eventually { desktop.stores.first { $0.id == storeID && !$0.isConnected } }
        let afterQuitting = try await client.request("GET", "/stores/\(storeID)/launches?token=\(desktop.token)")
        #expect(try JSONDecoder().decode(Launches.self, from: afterQuitting.body).launches.map(\.number) == [2, 3])
        #expect(try await client.request("GET", "/stores/999/launches?token=\(desktop.token)").status == 404)
    }

    /// A desktop left open while stores of new names keep connecting (a test suite's) keeps at most `maxStores` of
    /// them: the one seen least recently whose app is gone is forgotten, and its page closed; a store whose app is
    /// connected is never forgotten.
    @Test func theStoresKeptAreBoundedAndOnlyDisconnectedOnesForgotten() async throws {
        var limits = DesktopInspector.Limits()
        limits.maxStores = 2
        let desktop = try await DesktopInspector.start(limits: limits)
        defer { Task { await desktop.stop() } }
        let client = LoopbackClient(port: UInt16(desktop.port))
        var connections: [String: InspectorConnection] = [:]
        // Each inspector's store, kept: an inspector closes its connection once its store is freed.
        var stores: [Store<AppAction, AppState>] = []
        func connect(_ name: String) async throws -> Int {
            let store = makeStore()
            stores.append(store)
            let inspector = StoreInspector(inspecting: store)
            let connection = inspector.connect(to: desktop.appAddress, app: "Bounded", store: name)
            #expect(await connection.waitUntilConnected(timeout: .seconds(20)))
            connections[name] = connection
            return try await eventually(timeout: .seconds(20)) {
                desktop.stores.first { $0.store == name && $0.isConnected }?.id
            }
        }
        func disconnect(_ name: String) async throws {
            await connections[name]?.close()
            _ = try await eventually(timeout: .seconds(20)) {
                desktop.stores.first { $0.store == name && !$0.isConnected }
            }
        }
        let first = try await connect("first")
        let opened = try await client.webSocket(
            "/stores/\(first)/ws", origin: nil, protocols: ["token.\(desktop.token)"])
        let page = try #require(opened.connection)
        try await disconnect("first")
        _ = try await connect("second")
        try await disconnect("second")
        // A third name, past the bound: the first store, seen least recently, is forgotten, and its page closed.
        _ = try await connect("third")
        #expect(Set(desktop.stores.map(\.store)) == ["second", "third"])
        #expect(try await page.closeCode() == 1001)
        #expect(try await client.request("GET", "/stores/\(first)/launches?token=\(desktop.token)").status == 404)
        // Connected stores are all kept, past the bound.
        _ = try await connect("fourth")
        #expect(Set(desktop.stores.map(\.store)) == ["third", "fourth"])
        _ = try await connect("fifth")
        #expect(Set(desktop.stores.map(\.store)) == ["third", "fourth", "fifth"])
        for connection in connections.values { await connection.close() }
        withExtendedLifetime(stores) {}
    }

    @Test func aViewWithoutARelaunchHasNoEarlierLaunches() async throws {
        let running = try await startDesktop()
        defer { Task { await running.stop() } }
        let answer = try await running.get("/launches")
        let history = try JSONDecoder().decode(Launches.self, from: answer.body)
        #expect(history.launches.isEmpty)
        #expect(history.current == 1)
        #expect(history.maxEarlierLaunches == 3 && history.maxEntriesPerLaunch == 1_000)
    }
}
