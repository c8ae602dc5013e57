import Foundation
import Switchyard
import SwitchyardInspectorDesktop
import SwitchyardTestSupport
import Testing

@testable import SwitchyardInspector

/// A desktop inspector in the test's process, with one store whose inspector connected to it over loopback.
struct Running: Sendable {
    let store: Store<AppAction, AppState>
    let inspector: StoreInspector<AppAction, AppState>
    let desktop: DesktopInspector
    let connection: InspectorConnection
    /// The store's number in the desktop's addresses.
    let storeID: Int

    var client: LoopbackClient { LoopbackClient(port: UInt16(desktop.port)) }
    var token: String { desktop.token }
    /// The store's addresses on the desktop start with this.
    var prefix: String { "/stores/\(storeID)" }

    func get(_ path: String) async throws -> LoopbackClient.Response {
        try await client.request("GET", prefix + path + (path.contains("?") ? "&" : "?") + "token=\(token)")
    }

    func post(_ path: String, _ body: String) async throws -> LoopbackClient.Response {
        try await client.request("POST", prefix + path + "?token=\(token)", body: Data(body.utf8))
    }

    /// The page's own request still gets its answer. A page polls again when a request of its fails (its connection
    /// closed to make room, or no answer in 20 s), so this asks again until `deadline` passes: under
    /// ThreadSanitizer on a loaded machine, a server draining a flood of connections answers late, not never.
    func pageIsAnswered(deadline: Duration = .seconds(90)) async throws -> Bool {
        let end = ContinuousClock.now + deadline
        while true {
            do {
                return try await client.request(
                    "GET", prefix + "/api/status", headers: ["X-Inspector-Token": token]
                ).status == 200
            } catch {
                if ContinuousClock.now >= end { throw error }
            }
        }
    }

    /// Dispatches `count` actions from another thread and returns once the store processed them all: the store keeps
    /// going while an attack is under way.
    func storeKeepsProcessing(_ count: Int = 10_000) async throws -> Bool {
        let store = store
        // The inspector numbers every action it records: the numbers tell that each of them was processed.
        let before = inspector.status().lastID ?? 0
        // Results, whose state keeps its size: a list that grew with each action would be copied whole by each one
        // (the history keeps the previous states), and the test would measure that copy.
        try await offThePool {
            for index in 0..<count { store.dispatch(.results(["\(index)"])) }
        }
        return store.state.results == ["\(count - 1)"] && inspector.status().lastID == before + count
    }

    func stop() async {
        await connection.close()
        await desktop.stop()
    }
}

/// Starts a desktop inspector and connects a new store's inspector to it; returns once the desktop lists the store.
func startDesktop(
    limits: DesktopInspector.Limits = .init(),
    capacity: Int = 1_000,
    heldLimit: Int = 10_000,
    store: Store<AppAction, AppState> = makeStore(),
    app: String = "Tests"
) async throws -> Running {
    let desktop = try await DesktopInspector.start(limits: limits)
    let inspector = StoreInspector(inspecting: store, capacity: capacity, heldLimit: heldLimit)
    let name = UUID().uuidString
    let connection = inspector.connect(to: desktop.appAddress, app: app, store: name)
    guard await connection.waitUntilConnected(timeout: .seconds(20)) else {
        await desktop.stop()
        throw ClientError("The inspector did not connect to the desktop: \(connection.status)")
    }
    let listed = try await eventually {
        desktop.stores.first { $0.store == name && $0.isConnected }
    }
    return Running(
        store: store, inspector: inspector, desktop: desktop, connection: connection, storeID: listed.id)
}

/// A page of `running`'s store, connected to the desktop's WebSocket with the token, once the desktop said which app
/// it shows; `receiveBuffer` sets the socket's receive buffer (a small one makes the page slow to read).
func page(_ running: Running, receiveBuffer: Int32? = nil) async throws -> WebSocketConnection {
    let opened = try await running.client.webSocket(
        running.prefix + "/ws", origin: nil, protocols: ["token.\(running.token)"], receiveBuffer: receiveBuffer)
    let page = try #require(opened.connection)
    #expect(try await page.nextText().contains(#""type":"app""#))
    return page
}
