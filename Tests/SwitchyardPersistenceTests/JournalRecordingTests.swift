import Foundation
import Switchyard
import SwitchyardInspectorDesktop
import SwitchyardPersistence
import Testing

@testable import SwitchyardInspector

@Suite struct JournalRecordingTests {
    let folder = TemporaryFolder()

    func journal(_ actions: [TodoAction], options: PersistenceOptions = PersistenceOptions()) throws -> TodoState {
        let persistence = try StatePersistence(
            path: folder.path(), initialState: TodoState(), reducer: todoReducer, options: options)
        let store = Store(restoring: persistence)
        for action in actions { store.dispatch(action, info: "test") }
        persistence.close()
        return store.state
    }

    @Test func aJournalIsReadWithEachActionsSourceAndTimeAndTheFileIsLeftAsItWas() throws {
        let before = Date().timeIntervalSince1970 - 1
        _ = try journal([.add("milk"), .add("eggs"), .toggle(1)])
        let modified = try FileManager.default.attributesOfItem(atPath: folder.path())[.modificationDate] as? Date
        let recording = try JournalRecording<TodoAction, TodoState>(path: folder.path(), initialState: TodoState())
        #expect(recording.base == TodoState())
        #expect(recording.snapshotSequence == nil)
        #expect(recording.actions.map(\.sequence) == [1, 2, 3])
        #expect(recording.actions.map(\.dispatched.action) == [.add("milk"), .add("eggs"), .toggle(1)])
        let source = try #require(recording.actions.first?.dispatched.dispatcher)
        #expect(source.file == #fileID)
        #expect(source.info == "test")
        #expect(recording.actions.allSatisfy { $0.time >= before && $0.time <= Date().timeIntervalSince1970 + 1 })
        #expect(try FileManager.default.attributesOfItem(atPath: folder.path())[.modificationDate] as? Date == modified)
    }

    /// An action given to the store (`dispatch(action)`) is moved into the journal; one the store borrows (a
    /// `DispatchedAction`, a follow-up of a middleware's IO, an action processed with an inspector attached) is
    /// copied. Each way keeps the action, its own source and the processing order.
    @Test func everyWayAnActionReachesAJournaledStoreIsJournaledWithItsSourceInOrder() throws {
        let persistence = try StatePersistence(path: folder.path(), initialState: TodoState(), reducer: todoReducer)
        let store = Store(restoring: persistence, middleware: FollowUpMiddleware())
        store.dispatch(.add("milk"), info: "moved")
        let borrowed = ActionSource(file: "F", function: "f", line: 7, info: "borrowed")
        store.dispatch(DispatchedAction(.add("eggs"), dispatcher: borrowed))
        store.dispatch(.toggle(0), from: ActionSource(file: "G", function: "g", line: 8, info: "given"))
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(.add("bread"), info: "inspected")
        withExtendedLifetime(inspector) {}
        persistence.close()
        let recording = try JournalRecording<TodoAction, TodoState>(path: folder.path(), initialState: TodoState())
        #expect(
            recording.actions.map(\.dispatched.action) == [
                .add("milk"), .add("follow-up"), .add("eggs"), .toggle(0), .add("bread"),
            ])
        #expect(
            recording.actions.map(\.dispatched.dispatcher.info) == [
                "moved", "from the IO", "borrowed", "given", "inspected",
            ])
        #expect(recording.actions.map(\.dispatched.dispatcher.file) == [#fileID, #fileID, "F", "G", #fileID])
        #expect(recording.actions.map(\.sequence) == [1, 2, 3, 4, 5])
        #expect(store.state.todos.map(\.title) == ["milk", "follow-up", "eggs", "bread"])
    }

    @Test func aJournalAfterASnapshotStartsFromTheSnapshot() throws {
        let final = try journal(
            [.add("milk"), .add("eggs"), .add("bread"), .toggle(0)],
            options: PersistenceOptions(snapshotEveryActions: 3))
        let recording = try JournalRecording<TodoAction, TodoState>(path: folder.path(), initialState: TodoState())
        #expect(recording.snapshotSequence == 3)
        #expect(recording.base.todos.map(\.title) == ["milk", "eggs", "bread"])
        #expect(recording.actions.map(\.dispatched.action) == [.toggle(0)])
        var replayed = recording.base
        for entry in recording.actions { todoReducer.reduce(entry.dispatched.action, &replayed) }
        #expect(replayed == final)
    }

    @Test func aMissingOrUnreadableFileThrowsTheReason() throws {
        #expect(throws: PersistenceDiagnostic.self) {
            try JournalRecording<TodoAction, TodoState>(path: folder.path(), initialState: TodoState())
        }
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: folder.path()))
        let error = #expect(throws: PersistenceDiagnostic.self) {
            try JournalRecording<TodoAction, TodoState>(path: folder.path(), initialState: TodoState())
        }
        #expect(error?.kind == .notADatabase)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path())) == Data("not a database".utf8))
    }

    @Test func theInspectorShowsAJournalWithEachActionsSourceAndTheStateAfterIt() throws {
        let final = try journal([.add("milk"), .add("eggs"), .toggle(1)])
        let recording = try JournalRecording<TodoAction, TodoState>(path: folder.path(), initialState: TodoState())
        let viewer = Store(initialState: TodoState(), reducer: todoReducer)
        let inspector = StoreInspector(inspecting: viewer)
        try inspector.importRecording(
            base: recording.base,
            actions: recording.actions.map { RecordedAction($0.dispatched, time: $0.time) }
        )
        #expect(inspector.isShowingImportedSession)
        #expect(inspector.count == 3)
        #expect(inspector.actions.map(\.action) == [.add("milk"), .add("eggs"), .toggle(1)])
        #expect(inspector.actions.allSatisfy { $0.dispatcher.file == #fileID && $0.dispatcher.info == "test" })
        #expect(inspector.state(after: 1)?.todos.map(\.title) == ["milk"])
        #expect(inspector.state(after: 3) == final)
        // The store is not touched, and travelling in a shown recording is refused.
        #expect(viewer.state == TodoState())
        inspector.showLiveHistory()
        #expect(!inspector.isShowingImportedSession)
        #expect(inspector.count == 0)
    }

    @Test func importingARecordingForAFreedStoreThrows() throws {
        var viewer: Store<TodoAction, TodoState>? = Store(initialState: TodoState(), reducer: todoReducer)
        let inspector = StoreInspector(inspecting: viewer!)
        viewer = nil
        #expect(throws: (any Error).self) {
            try inspector.importRecording(
                base: TodoState(), actions: [RecordedAction(DispatchedAction(.add("milk")), time: 0)])
        }
        #expect(!inspector.isShowingImportedSession)
    }
}

/// On `.add("milk")`, dispatches `.add("follow-up")` from its IO.
private struct FollowUpMiddleware: MiddlewareProtocol, Sendable {
    func handle(action: TodoAction, from _: ActionSource, state _: @escaping GetState<TodoState>) -> IO<TodoAction> {
        guard action == .add("milk") else { return .pure() }
        return IO { output in output.dispatch(.add("follow-up"), info: "from the IO") }
    }
}

/// A journal file, sent as the desktop inspector sends it, becomes a test written by an app of the journal's types.
@Suite struct JournalTestExportTests {
    let folder = TemporaryFolder()

    func journalFile(snapshotEvery: Int? = nil) throws -> Data {
        let options = snapshotEvery.map { PersistenceOptions(snapshotEveryActions: $0) } ?? PersistenceOptions()
        let persistence = try StatePersistence(
            path: folder.path(), initialState: TodoState(), reducer: todoReducer, options: options)
        let store = Store(restoring: persistence)
        for action in [TodoAction.add("milk"), .add("eggs"), .toggle(0)] { store.dispatch(action) }
        persistence.close()
        return try Data(contentsOf: URL(fileURLWithPath: folder.path()))
    }

    func inspectorThatReadsJournals() -> (Store<TodoAction, TodoState>, StoreInspector<TodoAction, TodoState>) {
        let store = Store(initialState: TodoState(), reducer: todoReducer)
        let inspector = StoreInspector(inspecting: store)
        inspector.readsJournals { path in
            let recording = try JournalRecording<TodoAction, TodoState>(path: path, initialState: TodoState())
            return (recording.base, recording.actions.map { RecordedAction($0.dispatched, time: $0.time) })
        }
        return (store, inspector)
    }

    @Test func aJournalBecomesATestThatSendsEachActionWithTheStateItChanged() async throws {
        let data = try journalFile()
        let (store, inspector) = inspectorThatReadsJournals()
        let names = InspectorLink.TestExport(
            name: "replaysTesterJournal", reducer: "todoReducer", middleware: nil, imports: [])
        let reply = await InspectorEndpoints(inspector: inspector).handle(.journalTest(data, names))
        #expect(reply.status == 200)
        let source = try writtenTest(reply, names: names)
        #expect(source.contains("func replaysTesterJournal()"))
        #expect(source.contains("reducer: todoReducer"))
        #expect(!source.contains("middleware:"))
        #expect(source.components(separatedBy: "await store.send(").count - 1 == 3)
        #expect(source.contains(#"await store.send(TodoAction.add("milk"))"#))
        #expect(source.contains("await store.send(TodoAction.toggle(0))"))
        // The live history and the store are untouched.
        #expect(inspector.count == 0)
        #expect(!inspector.isShowingImportedSession)
        #expect(store.state == TodoState())
    }

    @Test func aJournalAfterASnapshotStartsTheTestFromIt() async throws {
        let data = try journalFile(snapshotEvery: 2)
        let (store, inspector) = inspectorThatReadsJournals()
        let reply = await InspectorEndpoints(inspector: inspector).handle(
            .journalTest(data, journalTestNames))
        withExtendedLifetime(store) {}
        #expect(reply.status == 200)
        let source = try writtenTest(reply, names: journalTestNames)
        #expect(source.components(separatedBy: "await store.send(").count - 1 == 1)
        #expect(source.contains(#""eggs""#))
    }

    @Test func anAppThatReadsNoJournalsOrABadFileIsAnsweredWithTheReason() async throws {
        let store = Store(initialState: TodoState(), reducer: todoReducer)
        let plain = StoreInspector(inspecting: store)
        let refused = await InspectorEndpoints(inspector: plain).handle(
            .journalTest(Data("x".utf8), journalTestNames))
        #expect(refused.status == 501)
        #expect(String(decoding: refused.body, as: UTF8.self).contains("readsJournals"))
        let (other, inspector) = inspectorThatReadsJournals()
        defer { withExtendedLifetime(other) {} }
        let bad = await InspectorEndpoints(inspector: inspector).handle(
            .journalTest(Data("not a database".utf8), journalTestNames))
        #expect(bad.status == 400)
        #expect(String(decoding: bad.body, as: UTF8.self).contains("cannot be read"))
    }
}

/// The test that the desktop writes from the app's `reply`, its recording of a journal.
private func writtenTest(_ reply: InspectorReply, names: InspectorLink.TestExport) throws -> String {
    ExportedTest.source(
        of: try JSONDecoder().decode(InspectorLink.TestRecording.self, from: reply.body), names: names)
}

/// The names the page asks an exported journal test to be written with by default.
private let journalTestNames = InspectorLink.TestExport(
    name: "replaysJournal", reducer: "appReducer", middleware: nil, imports: [])
