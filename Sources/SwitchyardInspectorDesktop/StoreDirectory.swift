import Foundation
import NIOCore
import NIOWebSocket
import Switchyard
import SwitchyardInspector

/// The stores the desktop inspector shows: one view per app and store name, which an app that relaunches takes
/// over, with the app's connection while it is open, the pages that watch it, and what the desktop saw of the app's
/// earlier launches.
final class StoreDirectory: Sendable {
    struct View: Sendable {
        let id: Int
        var hello: InspectorLink.Hello
        var app: AppLink?
        var pages: [ObjectIdentifier: SocketWriter] = [:]
        /// How many times an app connected to this view: more than one after a relaunch or a dropped connection.
        var connections = 0
        var launches: Set<String> = []
        var lastSeen = Date()
        /// The live updates the apps sent to this view.
        var updates = 0
        /// What the desktop saw of the latest launch.
        var history: LaunchHistory
        /// What the desktop saw of the launches before it, oldest first.
        var earlier: [LaunchHistory] = []
    }

    private let views = LockedValue<[Int: View]>([:])
    private let lastID = LockedValue(0)
    private let limits: DesktopInspector.Limits

    init(limits: DesktopInspector.Limits) {
        self.limits = limits
    }

    /// The view of `hello`'s app and store, made if new; `link` becomes its app. A new launch of the app moves what
    /// the desktop saw of the previous one to the view's earlier launches. The app is told at once whether a page
    /// watches its store. A new view past ``DesktopInspector/Limits/maxStores`` makes the directory forget the view
    /// seen least recently whose app is disconnected; its pages are closed.
    @discardableResult
    func attach(_ hello: InspectorLink.Hello, link: AppLink) -> Int {
        let limits = limits
        let (id, previous, watched, forgotten) = views.withLock {
            views -> (Int, AppLink?, Bool, [SocketWriter]) in
            let existing = views.values.first { $0.hello.app == hello.app && $0.hello.store == hello.store }
            var forgotten: [SocketWriter] = []
            if existing == nil, views.count >= max(limits.maxStores, 0),
                let oldest = views.values.filter({ $0.app == nil }).min(by: { $0.lastSeen < $1.lastSeen })
            {
                forgotten = Array(oldest.pages.values)
                views[oldest.id] = nil
            }
            let id =
                existing?.id
                ?? lastID.withLock {
                    $0 += 1; return $0
                }
            var view =
                existing
                ?? View(
                    id: id, hello: hello,
                    history: LaunchHistory(launch: hello.launch, number: 1, processID: hello.processID))
            if view.history.launch != hello.launch {
                var ended = view.history
                ended.ended = view.app == nil ? view.lastSeen : Date()
                view.earlier.append(ended)
                view.earlier.removeFirst(max(0, view.earlier.count - max(0, limits.maxEarlierLaunches)))
                view.history = LaunchHistory(
                    launch: hello.launch, number: view.history.number + 1, processID: hello.processID)
            }
            let previous = view.app
            view.hello = hello
            view.app = link
            view.connections += 1
            view.launches.insert(hello.launch)
            view.lastSeen = Date()
            views[id] = view
            return (id, previous, !view.pages.isEmpty, forgotten)
        }
        if let previous, previous !== link { previous.close() }
        link.tell(watched: watched)
        // A page of a store forgotten goes away: reconnecting, it finds the store is gone.
        for page in forgotten { page.end(.goingAway) }
        return id
    }

    /// The app's connection `link` closed: its view stays, shown as disconnected.
    func detach(_ link: AppLink) {
        views.withLock { views in
            for (id, view) in views where view.app === link {
                views[id]?.app = nil
                views[id]?.lastSeen = Date()
            }
        }
    }

    func app(of id: Int) -> AppLink? { views.withLock { $0[id]?.app } }

    func exists(_ id: Int) -> Bool { views.withLock { $0[id] != nil } }

    var appCount: Int { views.withLock { $0.values.filter { $0.app != nil }.count } }

    var pageCount: Int { views.withLock { $0.values.reduce(0) { $0 + $1.pages.count } } }

    /// Adds a page that watches view `id`, and returns whether the view's app is connected; `nil` when there is no
    /// such view. The view's app is told when this is its first page.
    func addPage(_ page: SocketWriter, to id: Int) -> Bool? {
        let (isAppConnected, app) = views.withLock { views -> (Bool?, AppLink?) in
            guard let view = views[id] else { return (nil, nil) }
            views[id]?.pages[ObjectIdentifier(page)] = page
            return (view.app != nil, view.pages.isEmpty ? view.app : nil)
        }
        app?.tell(watched: true)
        return isAppConnected
    }

    /// Removes a page; the app of a view that it was the last page of is told.
    func removePage(_ page: SocketWriter) {
        let apps = views.withLock { views -> [AppLink] in
            var unwatched: [AppLink] = []
            for id in views.keys {
                guard views[id]?.pages.removeValue(forKey: ObjectIdentifier(page)) != nil else { continue }
                if let view = views[id], view.pages.isEmpty, let app = view.app { unwatched.append(app) }
            }
            return unwatched
        }
        for app in apps { app.tell(watched: false) }
    }

    /// Sends a live update of the app behind `link` to every page that watches its store, and keeps the entries it
    /// carries for the view's history.
    func forward(update text: String, from link: AppLink) {
        let message = try? JSONDecoder().decode(InspectorWire.Message.self, from: Data(text.utf8))
        let limit = limits.maxEntriesPerEarlierLaunch
        let pages = views.withLock { views -> [SocketWriter]? in
            guard let id = views.values.first(where: { $0.app === link })?.id else { return nil }
            views[id]?.updates += 1
            if let message, let entries = message.entries {
                views[id]?.history.take(entries, status: message.status, isFullList: false, limit: limit)
            }
            return views[id].map { Array($0.pages.values) }
        }
        guard let pages, !pages.isEmpty else { return }
        let frame = WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: text))
        for page in pages { page.send(frame) }
    }

    /// Keeps the entries the app behind `link` answered a page with, for the view's history: a full list replaces
    /// what was kept.
    func keep(_ entries: InspectorWire.Entries, isFullList: Bool, from link: AppLink) {
        let limit = limits.maxEntriesPerEarlierLaunch
        views.withLock { views in
            guard let id = views.values.first(where: { $0.app === link })?.id else { return }
            views[id]?.history.take(entries.entries, status: entries.status, isFullList: isFullList, limit: limit)
        }
    }

    /// What the desktop kept of the earlier launches of view `id`, oldest first; `nil` when there is no such view.
    func earlierLaunches(of id: Int) -> EarlierLaunches? {
        let limits = limits
        return views.withLock { views in
            views[id].map { view in
                EarlierLaunches(
                    launches: view.earlier.map(\.document), current: view.history.number,
                    maxEarlierLaunches: limits.maxEarlierLaunches,
                    maxEntriesPerLaunch: limits.maxEntriesPerEarlierLaunch)
            }
        }
    }

    /// Tells the pages of view `id` something that does not come from the app (it disconnected).
    func tellPages(of link: AppLink, _ text: String) {
        let pages = views.withLock { views in views.values.first { $0.app === link }.map { Array($0.pages.values) } }
        for page in pages ?? [] { page.send(text: text) }
    }

    /// Every view, for the page's list.
    func list() -> [StoreListing] {
        views.withLock { views in
            views.values.sorted { $0.id < $1.id }.map { view in
                StoreListing(
                    id: view.id,
                    app: view.hello.app,
                    store: view.hello.store,
                    platform: view.hello.platform,
                    process: view.hello.process,
                    processID: view.hello.processID,
                    host: view.hello.host,
                    stateType: view.hello.stateType,
                    actionType: view.hello.actionType,
                    module: view.hello.module,
                    connected: view.app != nil,
                    launches: view.launches.count,
                    connections: view.connections,
                    lastSeen: view.lastSeen.timeIntervalSince1970,
                    watched: !view.pages.isEmpty,
                    updates: view.updates,
                    earlierLaunches: view.earlier.count
                )
            }
        }
    }

    /// Closes every app's connection.
    func closeAll() {
        let links = views.withLock { views in views.values.compactMap(\.app) }
        for link in links { link.close() }
    }
}

/// A store as the page lists it.
struct StoreListing: Codable, Sendable, Equatable {
    var id: Int
    var app: String
    var store: String
    var platform: String
    var process: String
    var processID: Int32
    var host: String
    var stateType: String
    var actionType: String
    var module: String?
    var connected: Bool
    /// How many launches of the app connected to this view.
    var launches: Int
    var connections: Int
    var lastSeen: Double
    /// Whether a page watches the store: only then does its app send live updates.
    var watched: Bool
    /// The live updates the store's apps sent.
    var updates: Int
    /// How many earlier launches the view keeps, shown above the live one.
    var earlierLaunches: Int
}

/// An app's open connection: requests go out on it, and their replies come back.
final class AppLink: Sendable {
    let channel: Channel
    private let writer: SocketWriter
    private let pending = LockedValue<[Int: EventLoopPromise<InspectorReply>]>([:])
    private let lastRequestID = LockedValue(0)

    init(channel: Channel, writer: SocketWriter) {
        self.channel = channel
        self.writer = writer
    }

    /// Sends `request` to the app; the future fails after `timeout`, or when the connection closes first.
    func send(_ request: InspectorLink.Request, timeout: Duration) -> EventLoopFuture<InspectorReply> {
        let promise = channel.eventLoop.makePromise(of: InspectorReply.self)
        let id = lastRequestID.withLock {
            $0 += 1; return $0
        }
        pending.withLock { $0[id] = promise }
        let written = channel.eventLoop.makePromise(of: Void.self)
        written.futureResult.whenFailure { [self] _ in
            fail(id, InspectorReply(status: 503, body: InspectorWire.failureBody("The app is not connected.")))
        }
        writer.send(text: InspectorLink.Message.request(id, request).text(), written: written)
        let timer = channel.eventLoop.scheduleTask(in: TimeAmount(timeout)) { [self] in
            fail(
                id,
                InspectorReply(
                    status: 504, body: InspectorWire.failureBody("The app did not answer in \(timeout).")))
        }
        promise.futureResult.whenComplete { _ in timer.cancel() }
        return promise.futureResult
    }

    /// The app answered request `id`.
    func complete(_ id: Int, with reply: InspectorReply) {
        pending.withLock { $0.removeValue(forKey: id) }?.succeed(reply)
    }

    private func fail(_ id: Int, _ reply: InspectorReply) {
        pending.withLock { $0.removeValue(forKey: id) }?.succeed(reply)
    }

    /// The connection closed: every request waiting for an answer is answered `503`.
    func didClose() {
        let waiting = pending.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
        for (_, promise) in waiting {
            promise.succeed(
                InspectorReply(
                    status: 503, body: InspectorWire.failureBody("The app disconnected before it answered.")))
        }
    }

    /// Tells the app whether a page watches its store: it sends live updates only while one does.
    func tell(watched: Bool) {
        writer.send(text: InspectorLink.Message.watch(watched).text())
    }

    func close() {
        channel.close(mode: .all, promise: nil)
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
