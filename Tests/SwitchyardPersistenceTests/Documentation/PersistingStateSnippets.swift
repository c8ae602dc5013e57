import Foundation
import GRDB
import Switchyard
import SwitchyardInspector
import SwitchyardPersistence
import SwitchyardTestSupport
import Testing

/// The code of PersistingState.md, compiled, and what it says, checked.
struct PersistingStateSnippets {
    struct Todo: Codable, Sendable, Equatable {
        var title: String
        var isDone = false
    }

    let todoReducer = Reducer<TodoAction, TodoState> { action, state in
        switch action {
        case .add(let title): state.todos.append(Todo(title: title))
        case .setDone(let index, let isDone) where state.todos.indices.contains(index):
            state.todos[index].isDone = isDone
        case .setDone: break
        }
    }

    struct TodoMiddleware: MiddlewareProtocol {
        func handle(
            action: TodoAction, from dispatcher: ActionSource, state: @escaping GetState<TodoState>
        ) -> IO<
            TodoAction
        > {
            .pure()
        }
    }

    struct TodoState: Codable, Sendable, Equatable {
        var todos: [Todo] = []
    }

    enum TodoAction: Codable, Sendable, Equatable {
        case add(String)
        case setDone(index: Int, Bool)
    }

    func makeStore(path: String) throws -> (Store<TodoAction, TodoState>, StatePersistence<TodoAction, TodoState>) {
        let persistence = try StatePersistence(path: path, initialState: TodoState(), reducer: todoReducer)
        return (Store(restoring: persistence, middleware: TodoMiddleware()), persistence)
    }

    struct ListState: Codable, Sendable, Equatable {
        var items: [String] = []
        var isLoading = false
    }

    enum ListAction: Codable, Sendable, Equatable {
        case add(String)
        case refresh
    }

    let listReducer = Reducer<ListAction, ListState> { action, state in
        switch action {
        case .add(let item): state.items.append(item)
        case .refresh: state.isLoading = true
        }
    }

    func makeListStore(path: String) throws -> StatePersistence<ListAction, ListState> {
        try StatePersistence(
            path: path,
            initialState: ListState(),
            persisting: \.items,
            reducer: listReducer,
            isPersistent: { action in action != .refresh }
        )
    }

    func finish(_ persistence: StatePersistence<TodoAction, TodoState>) {
        if !persistence.flush(timeout: .seconds(2)) {
            print("the last changes are not saved: \(persistence.journalStatus)")
        }
    }

    func watchJournal(of persistence: StatePersistence<TodoAction, TodoState>) async {
        for await status in persistence.journalStatusUpdates() {
            if case .failing(let diagnostic, let pending) = status {
                print("not saved (\(pending) changes waiting): \(diagnostic.message)")
            }
        }
    }

    func save(_ persistence: StatePersistence<TodoAction, TodoState>) async {
        do {
            try await persistence.flush()
        } catch {
            print("the last changes are not saved yet: \(error)")
        }
    }

    struct TodoStateV1: Codable {
        var titles: [String]
    }

    func migratingOptions() -> PersistenceOptions {
        let options = PersistenceOptions(
            schemaVersion: 2,
            migrations: [
                PersistenceMigration(from: 1) { state in
                    let old = try JSONDecoder().decode(TodoStateV1.self, from: state)
                    return try JSONEncoder().encode(TodoState(todos: old.titles.map { Todo(title: $0) }))
                }
            ]
        )
        return options
    }

    func openKeepingBadFiles(path: String) throws -> StatePersistence<TodoAction, TodoState> {
        try StatePersistence(
            path: path,
            initialState: TodoState(),
            reducer: todoReducer,
            options: PersistenceOptions(badFile: .keepAndDoNotPersist),
            diagnostics: { diagnostic in print("persistence: \(diagnostic.message)") }
        )
    }
}

@Suite struct PersistingStateSnippetTests {
    typealias Snippets = PersistingStateSnippets
    let folder = TemporaryFolder()

    struct EditorState: Codable, Sendable, Equatable {
        var text = ""
    }

    let editorReducer = Reducer<EditorAction, EditorState> { action, state in
        switch action {
        case .type(let text): state.text += text
        case .save(let completion): completion()
        }
    }

    enum EditorAction: Sendable {
        case type(String)
        case save(completion: @Sendable () -> Void)
    }

    enum EditorRecord: Codable {
        case typed(String)
    }

    func openEditor(path: String) throws -> StatePersistence<EditorAction, EditorState> {
        try StatePersistence(
            path: path,
            initialState: EditorState(),
            reducer: editorReducer,
            journaling: .records(
                { action in
                    if case .type(let text) = action { return EditorRecord.typed(text) }
                    return nil
                },
                replay: { record in
                    switch record {
                    case .typed(let text): return .type(text)
                    }
                }
            )
        )
    }

    func show(path: String, in inspector: StoreInspector<TodoAction, TodoState>) throws {
        let recording = try JournalRecording<TodoAction, TodoState>(path: path, initialState: TodoState())
        try inspector.importRecording(
            base: recording.base,
            actions: recording.actions.map { RecordedAction($0.dispatched, time: $0.time) }
        )
    }

    @Test func aJournalIsShownInTheInspector() throws {
        let folder = TemporaryFolder()
        let persistence = try StatePersistence(path: folder.path(), initialState: TodoState(), reducer: todoReducer)
        Store(restoring: persistence).dispatch(.add("milk"))
        persistence.close()
        let viewer = Store(initialState: TodoState(), reducer: todoReducer)
        let inspector = StoreInspector(inspecting: viewer)
        try show(path: folder.path(), in: inspector)
        #expect(inspector.state(after: 1)?.todos == [Todo(title: "milk")])
        withExtendedLifetime(viewer) {}
    }

    @Test func actionsThatAreNotCodableAreJournaledAsRecordsAndReplayed() throws {
        let folder = TemporaryFolder()
        let persistence = try openEditor(path: folder.path())
        let store = Store(restoring: persistence)
        store.dispatch(.type("Hello, "))
        store.dispatch(.save(completion: {}))
        store.dispatch(.type("world"))
        persistence.close()
        #expect(try journaledRows(folder.path()).count == 2)
        let restored = try openEditor(path: folder.path())
        #expect(restored.restoration == .restored(snapshotSequence: nil, replayedActions: 2))
        #expect(restored.restoredState.text == "Hello, world")
    }

    @Test func theTodoStoreKeepsItsStateBetweenLaunches() throws {
        let (store, persistence) = try Snippets().makeStore(path: folder.path())
        store.dispatch(.add("milk"))
        store.dispatch(.setDone(index: 0, true))
        Snippets().finish(persistence)
        persistence.close()
        let (again, _) = try Snippets().makeStore(path: folder.path())
        #expect(again.state.todos == [Snippets.Todo(title: "milk", isDone: true)])
    }

    @Test func theJournalIsWatchedAndSavedUntilItCloses() async throws {
        let (store, persistence) = try Snippets().makeStore(path: folder.path())
        store.dispatch(.add("milk"))
        let saving = Task { await Snippets().save(persistence) }
        #expect(await value(of: saving) != nil)
        persistence.close()
        // The stream yields `.closed` and finishes: the watch returns.
        let watching = Task { await Snippets().watchJournal(of: persistence) }
        #expect(await value(of: watching) != nil)
        #expect(persistence.journalStatus == .closed)
    }

    @Test func theListKeepsItsItemsAndNotWhatRefreshChanges() throws {
        let persistence = try Snippets().makeListStore(path: folder.path())
        let store = Store(restoring: persistence)
        store.dispatch(.add("a"))
        store.dispatch(.refresh)
        persistence.close()
        let restored = try Snippets().makeListStore(path: folder.path())
        #expect(restored.restoredState == Snippets.ListState(items: ["a"], isLoading: false))
    }

    @Test func aVersionOneFileIsMigrated() throws {
        // A file written by version 1, whose state was a list of titles.
        let v1 = try StatePersistence(
            path: folder.path(), initialState: Snippets.TodoStateV1(titles: ["milk"]),
            reducer: Reducer<Snippets.TodoAction, Snippets.TodoStateV1> { action, state in
                if case .add(let title) = action { state.titles.append(title) }
            },
            options: PersistenceOptions(snapshotEveryActions: 1))
        let store = Store(restoring: v1)
        store.dispatch(.add("eggs"))
        store.dispatch(.add("bread"))
        v1.close()
        let migrated = try StatePersistence(
            path: folder.path(), initialState: Snippets.TodoState(), reducer: Snippets().todoReducer,
            options: Snippets().migratingOptions())
        // The snapshot after "eggs", migrated, then "bread" replayed with this version's reducer.
        #expect(migrated.restoredState.todos.map(\.title) == ["milk", "eggs", "bread"])
    }

    @Test func aBadFileIsKeptWhereItIs() throws {
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: folder.path()))
        let persistence = try Snippets().openKeepingBadFiles(path: folder.path())
        guard case .unusableFile(_, movedTo: nil) = persistence.restoration else {
            Issue.record("expected the file kept, got \(persistence.restoration)")
            return
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path())) == Data("not a database".utf8))
    }
}

extension PersistingStateSnippets.TodoStateV1: Sendable, Equatable {}

// The subclass of the article, at file scope: it journals the to-do store of the other tests of this module.

struct TodoMiddleware: MiddlewareProtocol {
    func handle(
        action: TodoAction, from dispatcher: ActionSource, state: @escaping GetState<TodoState>
    ) -> IO<TodoAction> {
        .pure()
    }
}

func makeTodoStore(persistence: StatePersistence<TodoAction, TodoState>) -> Store<TodoAction, TodoState> {
    let store = Store(
        initialState: persistence.restoredState,
        reducer: persistence.reducer,
        middleware: TodoMiddleware()
    )
    persistence.attach(to: store)
    return store
}

@Test func aStoreMadeInAFunctionAndAttachedIsJournaledAndASecondAttachIsReported() throws {
    let folder = TemporaryFolder()
    let reports = Reports()
    let persistence = try StatePersistence(
        path: folder.path(), initialState: TodoState(), reducer: todoReducer, diagnostics: reports.collect)
    let store = makeTodoStore(persistence: persistence)
    store.dispatch(.add("milk"))
    persistence.attach(to: store)
    #expect(reports.kinds == [.notAttached])
    persistence.close()
    let restored = try StatePersistence(path: folder.path(), initialState: TodoState(), reducer: todoReducer)
    #expect(restored.restoredState.todos.map(\.title) == ["milk"])
}
