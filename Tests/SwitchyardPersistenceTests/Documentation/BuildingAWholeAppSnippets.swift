import Foundation
import InMemoryTracing
import Logging
import Metrics
import MetricsTestKit
import Switchyard
import SwitchyardInspector
import SwitchyardLogging
import SwitchyardMetrics
import SwitchyardPersistence
import SwitchyardTestSupport
import SwitchyardTesting
import SwitchyardTracing
import Testing
import Tracing

#if canImport(SwiftUI)
    import SwiftUI
#endif

// The Swift blocks of the BuildingAWholeApp article, compiled; the tests below run them, the tracing and the metrics
// into backends of their own rather than the process's (which a process bootstraps once).

struct Book: Codable, Sendable, Equatable, Identifiable {
    var id: Int
    var title: String
    var isRead = false
}

enum ShelfAction: Codable, Sendable, Equatable {
    case search(String)
    case found([Book])
    case add(Book)
    case toggleRead(id: Int)
}

struct ShelfState: Codable, Sendable, Equatable {
    var query = ""
    var found: [Book] = []
    var books: [Book] = []
}

let shelfReducer = Reducer<ShelfAction, ShelfState> { action, state in
    switch action {
    case .search(let query):
        state.query = query
    case .found(let books):
        state.found = books
    case .add(let book):
        if !state.books.contains(where: { $0.id == book.id }) { state.books.append(book) }
    case .toggleRead(let id):
        if let index = state.books.firstIndex(where: { $0.id == id }) { state.books[index].isRead.toggle() }
    }
}

protocol Catalog: Sendable {
    func search(_ query: String) async throws -> [Book]
}

struct CatalogSearchID: Hashable, Sendable {}

/// Searches the catalog once the user has stopped typing for 300 ms: the latest query wins, and a failed search
/// finds nothing.
struct CatalogMiddleware<C: Clock<Duration>>: MiddlewareProtocol, Sendable {
    let catalog: any Catalog
    let clock: C

    func handle(
        action: ShelfAction, from dispatcher: ActionSource, state: @escaping GetState<ShelfState>
    ) -> IO<ShelfAction> {
        guard case .search(let query) = action, !query.isEmpty else { return .pure() }
        return .debounce(id: CatalogSearchID(), for: .milliseconds(300), clock: clock) { output in
            output.dispatch(.found(try await catalog.search(query)))
        } catch: { _, output in
            output.dispatch(.found([]))
        }
    }
}

/// The shelf's store: the books restored from `path` at launch and saved as they change (the query and the search
/// results are not kept), each action logged.
func makeShelfStore(
    path: String,
    catalog: any Catalog,
    logger: Logger
) throws -> (Store<ShelfAction, ShelfState>, StatePersistence<ShelfAction, ShelfState>) {
    let persistence = try StatePersistence(
        path: path,
        initialState: ShelfState(),
        persisting: \.books,
        reducer: shelfReducer,
        isPersistent: { action in
            switch action {
            case .add, .toggleRead: true
            case .search, .found: false
            }
        }
    )
    let middleware =
        CatalogMiddleware(catalog: catalog, clock: ContinuousClock())
        <> LoggerMiddleware<ShelfAction, ShelfState>(sink: .logger(logger))
    return (Store(restoring: persistence, middleware: middleware), persistence)
}

/// Connects the store's inspector to the desktop inspector in debug builds, when the app was started with the
/// address the desktop printed.
func connectShelfInspector(
    for store: Store<ShelfAction, ShelfState>,
    environment: [String: String] = ProcessInfo.processInfo.environment
) -> InspectorConnection? {
    #if DEBUG
        guard let desktop = InspectorDesktop(environment: environment) else { return nil }
        return StoreInspector(inspecting: store, capacity: 1_000).connect(to: desktop, app: "Shelf", store: "main")
    #else
        return nil
    #endif
}

/// What the app keeps for its life: the store, its persistence, its view and its inspector's connection.
struct Shelf {
    let store: Store<ShelfAction, ShelfState>
    let persistence: StatePersistence<ShelfAction, ShelfState>
    let view: ObservableStore<ShelfAction, ShelfState>
    let inspector: InspectorConnection?
}

/// At launch, once the backends are bootstrapped: the store, restored, with its tools attached.
@MainActor
func launchShelf(catalog: any Catalog, folder: URL) throws -> Shelf {
    let path = folder.appending(path: "shelf.sqlite").path
    let (store, persistence) = try makeShelfStore(path: path, catalog: catalog, logger: Logger(label: "shelf"))
    store.attachTracing(StoreTracingOptions(storeName: "shelf"))
    store.attachMetrics(StoreMetricsOptions(storeName: "shelf"))
    return Shelf(
        store: store,
        persistence: persistence,
        view: store.observable(),
        inspector: connectShelfInspector(for: store)
    )
}

/// Before the app quits: waits, two seconds at most, until the last changes are on disk.
func quit(_ shelf: Shelf) {
    if !shelf.persistence.flush(timeout: .seconds(2)) {
        print("the last changes are not saved: \(shelf.persistence.journalStatus)")
    }
}

#if canImport(SwiftUI)
    struct ShelfScreen: View {
        let shelf: ObservableStore<ShelfAction, ShelfState>

        var body: some View {
            TextField("Search", text: shelf.binding(\.query, dispatch: ShelfAction.search))
            List {
                ForEach(shelf.found) { book in
                    Button("Add \(book.title)") { shelf.dispatch(.add(book)) }
                }
                ForEach(shelf.books) { book in
                    Button(book.isRead ? "\(book.title), read" : book.title) {
                        shelf.dispatch(.toggleRead(id: book.id))
                    }
                }
            }
        }
    }
#endif

struct StubCatalog: Catalog {
    func search(_ query: String) async throws -> [Book] {
        [Book(id: 1, title: "\(query) in Depth")]
    }
}

@Suite struct BuildingAWholeAppSnippets {
    @Test func aSearchFindsBooksOnceTheUserStopsTyping() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: ShelfState(),
            reducer: shelfReducer,
            middleware: CatalogMiddleware(catalog: StubCatalog(), clock: clock)
        )
        let book = Book(id: 1, title: "Swift in Depth")

        await store.send(.search("Swift")) { $0.query = "Swift" }
        await clock.advance(by: .milliseconds(300))
        await store.receive(.found([book])) { $0.found = [book] }
        await store.send(.add(book)) { $0.books = [book] }
        await store.send(.toggleRead(id: 1)) { $0.books[0].isRead = true }
        await store.finish()
    }

    /// The books survive a relaunch; the query and the search results, which are not persisted, start empty.
    @Test func theBooksAreThereAgainAtTheNextLaunch() async throws {
        let folder = TemporaryFolder()
        let path = folder.path("shelf.sqlite")
        let logs = LoggedLines()
        let logger = Logger(label: "shelf") { _ in logs }
        let book = Book(id: 7, title: "Reading Swift")
        do {
            let (store, persistence) = try makeShelfStore(path: path, catalog: StubCatalog(), logger: logger)
            store.dispatch(.add(book))
            store.dispatch(.toggleRead(id: 7))
            store.dispatch(.search("nothing to keep"))
            await waitUntilIdle(store)
            #expect(persistence.flush(timeout: .seconds(60)))
            persistence.close()
        }
        let (store, _) = try makeShelfStore(path: path, catalog: StubCatalog(), logger: logger)
        #expect(store.state == ShelfState(books: [Book(id: 7, title: "Reading Swift", isRead: true)]))
        // Each action of the first launch was logged through swift-log.
        #expect(logs.count >= 3)
    }

    /// The tools the launch attaches, each into a backend of the test's own rather than the process's.
    @Test func theStoreIsTracedAndMeasured() async throws {
        let tracer = InMemoryTracer()
        let metrics = TestMetrics()
        let store = Store(initialState: ShelfState(), reducer: shelfReducer)
        let tracing = store.attachTracing(StoreTracingOptions(storeName: "shelf"), tracer: tracer)
        let measuring = store.attachMetrics(StoreMetricsOptions(storeName: "shelf"), factory: metrics)
        store.dispatch(.add(Book(id: 1, title: "Swift in Depth")))
        await waitUntilIdle(store)
        #expect(tracer.finishedSpans.map(\.operationName) == ["add"])
        let added = try metrics.expectCounter(
            "switchyard_actions_total",
            [
                ("store", "shelf"), ("action", "add"), ("follow_up", "false"),
            ])
        #expect(added.totalValue == 1)
        withExtendedLifetime((tracing, measuring)) {}
    }

    /// With no backend bootstrapped, tracing and metrics attach nothing; without the desktop's address, no
    /// inspector connects: the launch gives the restored store and its view.
    @MainActor @Test func theLaunchGivesTheStoreAndItsView() throws {
        let folder = TemporaryFolder()
        let shelf = try launchShelf(catalog: StubCatalog(), folder: folder.url)
        shelf.view.dispatch(.add(Book(id: 2, title: "Views")))
        #expect(shelf.view.books == [Book(id: 2, title: "Views")])
        #expect(shelf.inspector == nil)
        quit(shelf)
        shelf.persistence.close()
    }

    @Test func noInspectorIsConnectedWithoutTheDesktopsAddress() {
        let store = Store(initialState: ShelfState(), reducer: shelfReducer)
        #expect(connectShelfInspector(for: store, environment: [:]) == nil)
    }
}

/// A swift-log handler that counts the lines it is given.
final class LoggedLines: LogHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var lines = 0
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    var count: Int { lock.withLock { lines } }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lock.withLock { lines += 1 }
    }
}
