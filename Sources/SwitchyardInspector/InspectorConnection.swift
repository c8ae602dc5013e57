import Foundation
import Switchyard

/// Where the desktop inspector listens, and the pairing code it shows: what an app needs to connect to it.
///
/// Start the desktop inspector with `swift run switchyard-inspector`; it prints an address such as
/// `127.0.0.1:47100/K7QM-29XD`. Give it to the app in the `SWITCHYARD_INSPECTOR` environment variable (an Xcode
/// scheme's environment, or the shell), and read it with ``init(environment:)``:
///
/// ```swift
/// if let desktop = InspectorDesktop(environment: ProcessInfo.processInfo.environment) {
///     inspector.connect(to: desktop, store: "main")
/// }
/// ```
public struct InspectorDesktop: Sendable, Equatable {
    /// The desktop's host name or address.
    package var host: String
    /// The port the desktop inspector listens on for apps and pages.
    package var port: Int
    /// The code the desktop inspector shows: without it, the desktop refuses the app.
    package var pairingCode: String
    /// How long the app waits for the desktop to answer its WebSocket handshake once connected: a peer that does not
    /// answer by then (another service on that port) is left, and the app tries again. The desktop answers at once,
    /// or within 5 seconds while it holds off wrong pairing codes.
    package var handshakeTimeout: Duration = .seconds(10)

    /// The desktop inspector at `host` and `port`, with the pairing code it shows.
    package init(host: String = "127.0.0.1", port: Int = 47_100, pairingCode: String) {
        self.host = host
        self.port = port
        self.pairingCode = pairingCode
    }

    /// The desktop inspector of an address as the desktop prints it, `HOST:PORT/CODE`; `nil` when `address` is not
    /// of that form.
    public init?(address: String) {
        let trimmed = address.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let slash = trimmed.lastIndex(of: "/") else { return nil }
        let hostPort = trimmed[..<slash]
        let code = trimmed[trimmed.index(after: slash)...]
        guard let colon = hostPort.lastIndex(of: ":"), let port = Int(hostPort[hostPort.index(after: colon)...]),
            (1...65_535).contains(port), !code.isEmpty
        else { return nil }
        let host = hostPort[..<colon]
        guard !host.isEmpty else { return nil }
        self.init(host: String(host), port: port, pairingCode: String(code))
    }

    /// The desktop inspector named by the `SWITCHYARD_INSPECTOR` variable of `environment` (`HOST:PORT/CODE`), or
    /// `nil` when it is not set or not of that form.
    public init?(environment: [String: String]) {
        guard let address = environment["SWITCHYARD_INSPECTOR"] else { return nil }
        self.init(address: address)
    }

    /// `HOST:PORT/CODE`, as the desktop prints it.
    public var address: String { "\(host):\(port)/\(pairingCode)" }
}

/// An inspector's connection to the desktop inspector: the app connects out and never listens.
///
/// Made by ``StoreInspector/connect(to:app:store:)``. It sends the store's live updates and answers the page's
/// requests (jump, skip, dispatch, export…) while it is open, and connects again by itself when the desktop goes
/// away, waiting longer each time, up to 5 seconds. Live updates are computed and sent only while a page
/// of the desktop shows the store (``isWatched``): with no page open, the store's actions cost the connection
/// nothing, and a page that opens still shows the whole history. A desktop that stops reading never slows the store:
/// updates are computed only when the previous one was sent, and when too many actions are waiting, one short
/// message replaces them and the page reloads what it shows (``coalescedUpdates`` counts these).
public final class InspectorConnection: Sendable {
    /// Where the connection stands.
    public enum Status: Sendable, Equatable {
        /// Connecting, or waiting to connect again.
        case connecting
        /// Connected and paired: the desktop shows the store.
        case connected
        /// The last attempt failed; the connection tries again.
        case disconnected(reason: String)
        /// ``close()`` was called, or the inspector was freed.
        case closed
    }

    /// The longest wait between two attempts to connect.
    package static let maximumRetryDelay: Duration = .seconds(5)
    /// The most new actions sent in one update; past it, the page is told to reload instead.
    static let maximumEntriesPerUpdate = 500

    let desktop: InspectorDesktop
    let hello: InspectorLink.Hello
    private let state = LockedValue(ConnectionState())
    private let worker = LockedValue<Task<Void, Never>?>(nil)

    struct ConnectionState: Sendable {
        var status = Status.connecting
        var coalescedUpdates = 0
        var isWatched = false
        var isClosed = false
        var statusWaiters: [UInt64: AsyncStream<Status>.Continuation] = [:]
        var lastWaiterID: UInt64 = 0
    }

    init(desktop: InspectorDesktop, hello: InspectorLink.Hello) {
        self.desktop = desktop
        self.hello = hello
    }

    deinit {
        worker.withLock { $0 }?.cancel()
    }

    /// Where the connection stands now.
    public var status: Status { state.withLock { $0.status } }

    /// How many times the desktop fell behind the store and a short message replaced the live updates.
    public var coalescedUpdates: Int { state.withLock { $0.coalescedUpdates } }

    /// Returns `true` once the connection is paired with the desktop, or `false` when `timeout` passes first or the
    /// connection is closed.
    public func waitUntilConnected(timeout: Duration = .seconds(10)) async -> Bool {
        let (stream, continuation) = AsyncStream<Status>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state in
            state.lastWaiterID += 1
            state.statusWaiters[state.lastWaiterID] = continuation
            return state.lastWaiterID
        }
        continuation.yield(status)
        let timer = Task {
            try? await Task.sleep(for: timeout)
            continuation.finish()
        }
        defer {
            timer.cancel()
            _ = state.withLock { $0.statusWaiters.removeValue(forKey: id) }
        }
        for await status in stream {
            if status == .connected { return true }
            if status == .closed { return false }
        }
        return false
    }

    /// Closes the connection; the desktop keeps what it showed, marked as disconnected. The inspector goes on
    /// recording.
    public func close() async {
        let task = worker.withLock { $0 }
        setClosed()
        task?.cancel()
        await task?.value
    }

    func setClosed() {
        let waiters = state.withLock { state in
            state.isClosed = true
            state.status = .closed
            return Array(state.statusWaiters.values)
        }
        for waiter in waiters { waiter.yield(.closed) }
    }

    var isClosed: Bool { state.withLock { $0.isClosed } }

    func setStatus(_ status: Status) {
        let waiters = state.withLock { state -> [AsyncStream<Status>.Continuation] in
            guard !state.isClosed else { return [] }
            state.status = status
            return Array(state.statusWaiters.values)
        }
        for waiter in waiters { waiter.yield(status) }
    }

    /// Whether a page of the desktop shows the store now: only then does the connection compute and send live
    /// updates.
    public var isWatched: Bool { state.withLock { $0.isWatched } }

    func setWatched(_ watched: Bool) {
        state.withLock { $0.isWatched = watched }
    }

    func countCoalescedUpdate() {
        state.withLock { $0.coalescedUpdates += 1 }
    }

    func start(_ body: @escaping @Sendable (InspectorConnection) async -> Void) {
        let task = Task(executorPreference: InspectorExecutor.shared) { [weak self] in
            guard let self else { return }
            await body(self)
        }
        worker.withLock { $0 = task }
    }
}

extension StoreInspector {
    /// Connects this inspector to the desktop inspector, which shows its store beside the other stores and apps
    /// connected to it. The app opens the connection and never listens on a port. The connection is made in the
    /// background and made again whenever it drops; keep the returned value to close it or to see its status.
    /// - Parameters:
    ///   - desktop: where the desktop inspector listens, and its pairing code.
    ///   - app: the app's name as the page lists it; the process's name by default.
    ///   - store: the store's name within the app. A relaunched app whose app and store names are the same goes on
    ///     in the same view of the page.
    @discardableResult
    public func connect(
        to desktop: InspectorDesktop,
        app: String = ProcessInfo.processInfo.processName,
        store: String = "store"
    ) -> InspectorConnection {
        let hello = InspectorLink.Hello(
            version: InspectorLink.version,
            app: app,
            store: store,
            platform: inspectorPlatformName,
            process: ProcessInfo.processInfo.processName,
            processID: ProcessInfo.processInfo.processIdentifier,
            host: ProcessInfo.processInfo.hostName,
            stateType: stateTypeName,
            actionType: actionTypeName,
            module: moduleName,
            launch: UUID().uuidString
        )
        let connection = InspectorConnection(desktop: desktop, hello: hello)
        let endpoints = InspectorEndpoints(inspector: self)
        connection.start { connection in
            await InspectorLinkSession.keepConnected(connection, endpoints: endpoints)
        }
        return connection
    }

    /// The module that defines the state, as the exported tests import it.
    var moduleName: String? {
        let name = stateTypeName.prefix { $0 != "." }
        return name.isEmpty || name == stateTypeName[...] ? nil : String(name)
    }
}
