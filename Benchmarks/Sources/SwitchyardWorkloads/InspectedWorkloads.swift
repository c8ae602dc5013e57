import Foundation
import Switchyard
import SwitchyardInspector
import SwitchyardInspectorDesktop

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// I1: W1's counter with an inspector attached (a history of 10,000 actions) and no page connected: what recording
/// adds to each action on the processing thread. Its peak memory, against W1's, is that of a full history.
package final class InspectedCounterWorkload: Workload {
    package static let name = "i1"
    private let store = Store(initialState: Counter(), reducer: .counter)
    private let inspector: StoreInspector<CounterAction, Counter>

    package init() {
        inspector = StoreInspector(inspecting: store, capacity: 10_000)
    }

    package func run(_ count: Int) {
        let expected = store.state.count + count
        for _ in 0..<count {
            store.dispatch(.increment)
        }
        precondition(store.state.count == expected, "the store lost actions")
        precondition(inspector.count == Swift.min(10_000, inspector.lastID ?? 0), "the inspector lost actions")
    }
}

/// I1c: I1 with the inspector connected to a desktop inspector (in this process, on loopback) and no page open: what
/// a connected inspector adds to each action while nobody watches.
package final class InspectedConnectedCounterWorkload: Workload {
    package static let name = "i1c"
    private let counter = LinkedCounter(named: name, withPage: false)

    package init() {}

    package func run(_ count: Int) { counter.run(count) }
}

/// I2: I1c with one page connected to the store's WebSocket on the desktop, reading every update; the updates are
/// encoded and sent off the processing thread, by the inspector's connection, and forwarded by the desktop.
package final class InspectedCounterWithPageWorkload: Workload {
    package static let name = "i2"
    private let counter = LinkedCounter(named: name, withPage: true)

    package init() {}

    package func run(_ count: Int) { counter.run(count) }
}

/// W1's counter store with its inspector linked to a desktop inspector (see ``DesktopLink``).
private final class LinkedCounter {
    private let store = Store(initialState: Counter(), reducer: .counter)
    private let link: DesktopLink

    init(named name: String, withPage: Bool) {
        link = DesktopLink(inspecting: store, named: name, withPage: withPage)
    }

    func run(_ count: Int) {
        let expected = store.state.count + count
        for _ in 0..<count {
            store.dispatch(.increment)
        }
        precondition(store.state.count == expected, "the store lost actions")
    }
}

/// An inspector of a counter store (a history of 10,000 actions), connected to a desktop inspector started in this
/// process, and, when asked, a page reading the store's updates from the desktop.
private final class DesktopLink: @unchecked Sendable {
    private let inspector: StoreInspector<CounterAction, Counter>
    private let server: DesktopInspector
    private let connection: InspectorConnection
    private let page: Int32?

    init(inspecting store: Store<CounterAction, Counter>, named name: String, withPage: Bool) {
        let inspector = StoreInspector(inspecting: store, capacity: 10_000)
        self.inspector = inspector
        let started = BlockingResult<(DesktopInspector, InspectorConnection, Int)>()
        Task {
            let server = try! await DesktopInspector.start()
            let connection = inspector.connect(to: server.appAddress, app: "Benchmark", store: name)
            let connected = await connection.waitUntilConnected(timeout: .seconds(30))
            precondition(connected, "not connected to the desktop")
            while server.stores.isEmpty { try! await Task.sleep(for: .milliseconds(10)) }
            started.set((server, connection, server.stores[0].id))
        }
        let (server, connection, storeID) = started.wait()
        self.server = server
        self.connection = connection
        page =
            withPage ? connectPage(port: UInt16(server.port), path: "/stores/\(storeID)/ws", token: server.token) : nil
    }

    deinit {
        if let page { close(page) }
        let (server, connection) = (server, connection)
        Task {
            await connection.close()
            await server.stop()
        }
    }
}

/// Opens the page's WebSocket on loopback and reads everything the server sends on a thread of its own, as a
/// browser tab would.
private func connectPage(port: UInt16, path: String, token: String) -> Int32 {
    #if canImport(Glibc)
        let page = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
        let page = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(page, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    precondition(connected == 0, "the inspector's server refused the page")
    let upgrade =
        "GET \(path)?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\n"
        + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        + "Origin: http://127.0.0.1:\(port)\r\n\r\n"
    _ = upgrade.withCString { send(page, $0, strlen($0), 0) }
    var first = [UInt8](repeating: 0, count: 4096)
    let received = recv(page, &first, first.count, 0)
    precondition(received > 12 && String(decoding: first[9..<12], as: UTF8.self) == "101", "no WebSocket upgrade")
    Thread.detachNewThread {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while recv(page, &buffer, buffer.count, 0) > 0 {}
    }
    return page
}

/// A value produced by a task and awaited by a thread: the workloads' set-up is synchronous.
private final class BlockingResult<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value?

    func set(_ value: Value) {
        condition.lock()
        self.value = value
        condition.broadcast()
        condition.unlock()
    }

    func wait() -> Value {
        condition.lock()
        defer { condition.unlock() }
        while value == nil { condition.wait() }
        return value!
    }
}
