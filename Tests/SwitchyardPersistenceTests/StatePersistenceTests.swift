import Foundation
import GRDB
import Switchyard
import SwitchyardTestSupport
import Testing

@testable import SwitchyardPersistence

@Suite struct StatePersistenceTests {
    let folder = TemporaryFolder()

    func open(
        _ path: String? = nil,
        options: PersistenceOptions = PersistenceOptions(),
        isPersistent: @escaping @Sendable (TodoAction) -> Bool = { _ in true },
        reports: Reports = Reports()
    ) throws -> StatePersistence<TodoAction, TodoState> {
        try StatePersistence(
            path: path ?? folder.path(), initialState: TodoState(), reducer: todoReducer, options: options,
            isPersistent: isPersistent, diagnostics: reports.collect)
    }

    @Test func withNoFileTheStoreStartsFromTheInitialStateAndTheNextLaunchRestoresIt() throws {
        let first = try open()
        #expect(first.restoration == .newFile)
        let store = Store(restoring: first)
        store.dispatch(.add("milk"))
        store.dispatch(.add("eggs"))
        store.dispatch(.toggle(1))
        first.flush()
        first.close()

        let second = try open()
        #expect(second.restoration == .restored(snapshotSequence: nil, replayedActions: 3))
        #expect(second.restoredState == store.state)
        #expect(second.restoredState.todos == [Todo(title: "milk"), Todo(title: "eggs", isDone: true)])
    }

    @Test func eachActionIsJournaledWithItsSourceAndTime() throws {
        let before = Date().timeIntervalSince1970 - 1
        let persistence = try open()
        let store = Store(restoring: persistence)
        store.dispatch(.add("milk"), info: "typed")
        let line = #line - 1
        persistence.flush()
        let journaled = try #require(try journaledRows(folder.path()).first)
        #expect(journaled.seq == 1)
        #expect(journaled.version == 1)
        #expect(journaled.file == "SwitchyardPersistenceTests/StatePersistenceTests.swift")
        #expect(journaled.function == "eachActionIsJournaledWithItsSourceAndTime()")
        #expect(journaled.line == Int64(line))
        #expect(journaled.info == "typed")
        #expect(journaled.time >= before)
        let action = try JSONDecoder().decode(TodoAction.self, from: journaled.action)
        #expect(action == .add("milk"))
    }

    @Test func aSnapshotIsWrittenEveryNActionsAndTheJournalBeforeItCompacted() throws {
        let persistence = try open(options: PersistenceOptions(snapshotEveryActions: 10))
        let store = Store(restoring: persistence)
        for index in 0..<25 { store.dispatch(.add("todo \(index)")) }
        persistence.flush()
        let (snapshotSeq, compactedBatches) = try inspect(folder.path()) { db in
            (
                try Int64.fetchOne(db, sql: "SELECT seq FROM snapshot"),
                try Int.fetchOne(db, sql: "SELECT count(*) FROM journal_batch WHERE last_seq <= 20")
            )
        }
        #expect(snapshotSeq == 20)
        // Every batch that ended before the snapshot is gone; a batch that ends after it is kept whole.
        #expect(compactedBatches == 0)
        #expect(try journaledRows(folder.path(), after: 20).map(\.seq) == Array(21...25))
        persistence.close()
        let restored = try open()
        #expect(restored.restoration == .restored(snapshotSequence: 20, replayedActions: 5))
        #expect(restored.restoredState == store.state)
    }

    @Test func aPartOfTheStateIsPersistedAloneAndActionsCanBeLeftOut() throws {
        let path = folder.path()
        let persistence = try StatePersistence(
            path: path, initialState: TodoState(), persisting: \.todos, reducer: todoReducer,
            options: PersistenceOptions(snapshotEveryActions: 3),
            isPersistent: { action in if case .setFilter = action { false } else { true } })
        let store = Store(restoring: persistence)
        // Every action counts towards the snapshot, journaled or not: the first three end in a snapshot of the todos
        // after them, and only the fourth stays in the journal.
        store.dispatch(.setFilter("milk"))
        store.dispatch(.add("milk"))
        store.dispatch(.add("eggs"))
        store.dispatch(.add("bread"))
        persistence.close()
        #expect(try journaledRows(path, after: 3).map(\.seq) == [4])
        let restored = try StatePersistence(
            path: path, initialState: TodoState(), persisting: \.todos, reducer: todoReducer)
        #expect(restored.restoredState.todos.map(\.title) == ["milk", "eggs", "bread"])
        #expect(restored.restoredState.filter == "")
    }

    @Test func everyActionDurabilityCommitsBeforeTheNextActionIsProcessed() throws {
        let persistence = try open(options: PersistenceOptions(durability: .everyAction))
        let store = Store(restoring: persistence)
        for index in 1...5 {
            store.dispatch(.add("todo \(index)"))
            #expect(try journaledRows(folder.path()).count == index)
        }
    }

    @Test func batchedDurabilityCommitsWithinItsDelayWithoutAFlush() async throws {
        let persistence = try open(options: PersistenceOptions(durability: .batched(maxDelay: .milliseconds(20))))
        let store = Store(restoring: persistence)
        store.dispatch(.add("milk"))
        var committed = 0
        for _ in 0..<200 where committed == 0 {
            try await Task.sleep(for: .milliseconds(10))
            committed = try journaledRows(folder.path()).count
        }
        #expect(committed == 1)
        withExtendedLifetime(store) {}
    }

    @Test func theStoreKeepsJournalingWhenItsPersistenceIsNoLongerHeld() throws {
        var store: Store<TodoAction, TodoState>? = Store(restoring: try open())
        store?.dispatch(.add("milk"))
        store?.dispatch(.add("eggs"))
        store = nil  // the last holder: the writer commits what is queued and stops
        #expect(try open().restoredState.todos.map(\.title) == ["milk", "eggs"])
    }

    @Test func aStateCommittedOutOfBandIsSnapshottedAndRestoredWithTheActionsAfterIt() async throws {
        let persistence = try open()
        let store = Store(restoring: persistence)
        store.dispatch(.add("milk"))
        store.dispatch(.add("eggs"))
        // As an inspector travelling back in time does: a state that no action produced.
        let registration = store.attach(StoreProbe())
        let committed = await registration.commitOutOfBand { state, _ in state.todos = [Todo(title: "bread")] }
        #expect(committed)
        store.dispatch(.add("jam"))
        persistence.close()
        let restored = try open()
        #expect(restored.restoration == .restored(snapshotSequence: 2, replayedActions: 1))
        #expect(restored.restoredState == store.state)
        #expect(restored.restoredState.todos.map(\.title) == ["bread", "jam"])
    }

    @Test func afterCloseActionsAreNotJournaled() throws {
        let persistence = try open()
        let store = Store(restoring: persistence)
        store.dispatch(.add("kept"))
        persistence.close()
        store.dispatch(.add("not kept"))
        #expect(store.state.todos.count == 2)
        #expect(try open().restoredState.todos.map(\.title) == ["kept"])
    }

    @Test func manyThreadsDispatchingLoseNoAction() async throws {
        let persistence = try open(options: PersistenceOptions(snapshotEveryActions: 500))
        let store = Store(restoring: persistence)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<1_000 { store.dispatch(.add("\(thread)-\(index)")) }
        }
        await waitUntilIdle(store)
        try await persistence.flush()
        persistence.close()
        let restored = try open()
        #expect(restored.restoredState.todos.count == 8_000)
        #expect(restored.restoredState == store.state)
    }
}
