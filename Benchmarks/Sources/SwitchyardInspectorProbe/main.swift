// Measures what the inspector costs and shows that no client can slow the app: the dispatch rate of a store with an
// inspector and its server, and the latency of the app's cooperative pool, with no attack and during each attack.
// Run it with `./inspector-probe.sh` from the Benchmarks folder (release build).
import Foundation
import Switchyard
import SwitchyardInspector
import SwitchyardInspectorDesktop

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum CounterAction: Codable, Sendable { case increment }
struct CounterState: Codable, Sendable { var count = 0 }
let reducer = Reducer<CounterAction, CounterState> { _, state in state.count += 1 }

let seconds =
    CommandLine.arguments.firstIndex(of: "--seconds").flatMap {
        Double(CommandLine.arguments[CommandLine.arguments.index(after: $0)])
    } ?? 2

func residentBytes() -> Int {
    #if os(Linux)
        let text = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        return (Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0) * Int(getpagesize())
    #else
        return 0
    #endif
}

// MARK: - What the history costs

do {
    let store = Store(initialState: CounterState(), reducer: reducer)
    let inspector = StoreInspector(inspecting: store, capacity: 100_000)
    for _ in 0..<1_000 { store.dispatch(.increment) }
    let before = residentBytes()
    for _ in 0..<99_000 { store.dispatch(.increment) }
    let perAction = Double(residentBytes() - before) / 99_000
    let started = Date()
    let session = try inspector.exportSession()
    let sessionTime = Date().timeIntervalSince(started)
    print(
        "History: \(Int(perAction)) bytes per recorded action (\(String(format: "%.1f", perAction * 10_000 / 1_048_576)) MB per 10,000)"
    )
    print(
        "Export of 100,000 actions: session \(session.count / 1_048_576) MB in \(String(format: "%.1f", sessionTime)) s"
    )
}

// MARK: - Attacks

let store = Store(initialState: CounterState(), reducer: reducer)
let inspector = StoreInspector(inspecting: store, capacity: 1_000)
// The desktop inspector runs in this process, so that its work competes with the store's for the same cores: an
// attack on it that slowed the store here would slow it less in a process of its own.
let server = try await DesktopInspector.start()
let connection = inspector.connect(to: server.appAddress, app: "Probe", store: "main")
guard await connection.waitUntilConnected(timeout: .seconds(30)) else { fatalError("the probe did not connect") }
while server.stores.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
let storePath = "/stores/\(server.stores[0].id)"
let port = UInt16(server.port)
let token = server.token
let host = "Host: 127.0.0.1:\(port)\r\n"

/// Dispatches from one thread for `seconds`; actions per second.
func dispatchRate() -> Double {
    let start = Date()
    var count = 0
    while Date().timeIntervalSince(start) < seconds {
        for _ in 0..<1_000 { store.dispatch(.increment) }
        count += 1_000
    }
    return Double(count) / Date().timeIntervalSince(start)
}

/// The app's cooperative pool: the 99th percentile, in microseconds, of 500 hops to a new task and back.
func poolLatency() async -> Double {
    var samples: [Double] = []
    for _ in 0..<500 {
        let start = DispatchTime.now().uptimeNanoseconds
        await Task.detached {}.value
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000)
    }
    samples.sort()
    return samples[samples.count * 99 / 100]
}

/// The page's own request: its status and latency in milliseconds.
func pageAnswer() -> (Int?, Double) {
    let start = Date()
    let status = Client.request(
        port: port, "GET \(storePath)/api/status HTTP/1.1\r\n\(host)X-Inspector-Token: \(token)\r\n\r\n")
    return (status, Date().timeIntervalSince(start) * 1_000)
}

struct Attack {
    var name: String
    var start: () -> [() -> Void]
}

let longHead = Array(("GET / HTTP/1.1\r\n\(host)X-Long: " + String(repeating: "a", count: 64 * 1024)).utf8)
let attacks: [Attack] = [
    Attack(name: "none") { [] },
    // The clients run in this process, on the same cores as the store: they are paced, as a web page's requests
    // are, so that what is measured is the server's effect, not the clients' own use of the processor.
    Attack(name: "64 KB headers, 200 a second") {
        (0..<2).map { _ in
            let repeater = Repeater {
                guard let fd = Client.connect(port: port) else { return }
                Client.send(fd, longHead)
                _ = Client.readStatus(fd)
                close(fd)
                usleep(10_000)
            }
            return { repeater.stop() }
        }
    },
    Attack(name: "300 idle connections") {
        let sockets = (0..<300).compactMap { _ in Client.connect(port: port) }
        return [{ sockets.forEach { close($0) } }]
    },
    Attack(name: "50 requests at a byte per 100 ms") {
        let sockets = (0..<50).compactMap { _ in Client.connect(port: port) }
        let request = Array(
            "GET \(storePath)/api/status HTTP/1.1\r\n\(host)X-Slow: \(String(repeating: "s", count: 200))\r\n\r\n".utf8)
        let offset = LockedCounter()
        let repeater = Repeater {
            let index = offset.next()
            for fd in sockets where index < request.count { Client.send(fd, [request[index]]) }
            usleep(100_000)
        }
        return [{ repeater.stop() }, { sockets.forEach { close($0) } }]
    },
    Attack(name: "16 pages that never read") {
        let upgrade =
            "GET \(storePath)/ws HTTP/1.1\r\n\(host)Upgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
            + "Sec-WebSocket-Protocol: switchyard-inspector, token.\(token)\r\n\r\n"
        let sockets = (0..<16).compactMap { _ -> Int32? in
            guard let fd = Client.connect(port: port, receiveBuffer: 4096) else { return nil }
            Client.send(fd, Array(upgrade.utf8))
            return fd
        }
        return [{ sockets.forEach { close($0) } }]
    },
    Attack(name: "2 MB bodies, without and with the token, 100 a second") {
        let body = [UInt8](repeating: 0x7B, count: 1024 * 1024)
        let repeater = Repeater {
            _ = Client.request(
                port: port, "POST \(storePath)/api/dispatch HTTP/1.1\r\n\(host)Content-Length: 2097152\r\n\r\n")
            guard let fd = Client.connect(port: port) else { return }
            Client.send(
                fd,
                Array(
                    "POST \(storePath)/api/dispatch HTTP/1.1\r\n\(host)X-Inspector-Token: \(token)\r\nContent-Length: \(body.count)\r\n\r\n"
                        .utf8)
                    + body)
            _ = Client.readStatus(fd)
            close(fd)
            usleep(10_000)
        }
        return [{ repeater.stop() }]
    },
    Attack(name: "POSTs from another origin, with the token") {
        let repeater = Repeater {
            _ = Client.request(
                port: port,
                "POST \(storePath)/api/dispatch HTTP/1.1\r\n\(host)X-Inspector-Token: \(token)\r\nOrigin: http://evil.example\r\n"
                    + "Content-Length: 13\r\n\r\n{\"increment\":{}}")
            usleep(1_000)
        }
        return [{ repeater.stop() }]
    },
    Attack(name: "requests without the token, 1,000 a second") {
        let repeater = Repeater {
            _ = Client.request(port: port, "GET \(storePath)/api/status HTTP/1.1\r\n\(host)\r\n")
            usleep(1_000)
        }
        return [{ repeater.stop() }]
    },
    // Up to 48 descriptors short of the process's limit, not to the limit itself: on Linux, libdispatch's monitor of
    // its thread pool opens files under /proc, and traps when it cannot (a process whose every descriptor is taken
    // crashed in 4 of 7 runs with 3 s phases, in `_dispatch_workq_monitor_pools`).
    Attack(name: "descriptors taken to 48 short of the limit") {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        let saved = limit
        limit.rlim_cur = 256
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        // The clients take the descriptors; the server's side of each connection takes one too, until its limits
        // close the oldest.
        var sockets: [Int32] = []
        while openDescriptors() < 256 - 48, let fd = Client.connect(port: port) {
            sockets.append(fd)
            usleep(200)
        }
        return [
            {
                sockets.forEach { close($0) }
                var restored = saved
                setrlimit(Int32(RLIMIT_NOFILE.rawValue), &restored)
            }
        ]
    },
]

/// How many descriptors this process has open.
func openDescriptors() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
}

final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = -1
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}

_ = dispatchRate()  // warm up
print("")
print(
    "phase".padding(toLength: 50, withPad: " ", startingAt: 0)
        + "  dispatches/s   vs none   pool p99 µs   page   page ms")
var baseline = 0.0
for attack in attacks {
    let stops = attack.start()
    let rate = dispatchRate()
    let pool = await poolLatency()
    let (status, latency) = pageAnswer()
    for stop in stops { stop() }
    if attack.name == "none" { baseline = rate }
    let name = attack.name.padding(toLength: 50, withPad: " ", startingAt: 0)
    print(
        "\(name)  \(String(format: "%12.0f", rate))   \(String(format: "%6.2f", rate / baseline))   "
            + "\(String(format: "%11.0f", pool))   \(status.map(String.init) ?? "none")   \(String(format: "%7.1f", latency))"
    )
}
let (after, _) = pageAnswer()
print("page answered after the attacks: \(after.map(String.init) ?? "no")")
print("server statistics: \(server.statistics)")
await connection.close()
await server.stop()
