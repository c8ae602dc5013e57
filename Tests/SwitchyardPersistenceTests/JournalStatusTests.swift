import Foundation
import Switchyard
import SwitchyardPersistence
import SwitchyardTestSupport
import Testing

/// What the journal tells the app: its status, each change of it once, and what each flush promises.
@Suite struct JournalStatusTests {
    let folder = TemporaryFolder()

    /// The titles of the todos journaled in the file at `path`, read as a person inspecting it would.
    func journaledTitles(_ path: String) throws -> [String] {
        try JournalRecording<TodoAction, TodoState>(path: path, initialState: TodoState()).actions.map {
            if case .add(let title) = $0.dispatched.action { title } else { "" }
        }
    }

    @Test func theStatusUpdatesDeliverEachChangeOnceAndNothingForACommitThatChangesNothing() async throws {
        let persistence = try StatePersistence(
            path: folder.path(), initialState: TodoState(), reducer: todoReducer, diagnostics: { _ in })
        let store = Store(restoring: persistence)
        let updates = persistence.journalStatusUpdates()
        let seen = LockedValue<[JournalStatus]>([])
        let finished = LockedValue(false)
        let watching = Task {
            for await status in updates { seen.withLock { $0.append(status) } }
            finished.withLock { $0 = true }
        }
        // Fifty commits, each of them writing: the status stays `.writing` throughout.
        for index in 0..<50 {
            store.dispatch(.add("todo \(index)"))
            try await persistence.flush()
        }
        persistence.close()
        #expect(await eventually { finished.withLock { $0 } })
        #expect(seen.withLock { $0 } == [.writing, .closed])
        _ = watching
    }

    @Test(arguments: [PersistenceOptions.Durability.batched(maxDelay: .milliseconds(10)), .everyAction])
    func whileWritesFailFlushReturnsWithoutTheActionsInTheFileAndTheTimedAndAsynchronousFlushesSaySo(
        durability: PersistenceOptions.Durability
    ) async throws {
        let disk = FillableDisk()
        defer { disk.unmount() }
        let persistence = try StatePersistence(
            path: disk.path(), initialState: TodoState(), reducer: todoReducer,
            // No snapshot on time: one written when the suite, busy on two cores, keeps this test past the default 30
            // seconds would delete the journal's rows that the test reads.
            options: PersistenceOptions(durability: durability, snapshotInterval: .seconds(3_600)),
            diagnostics: { _ in })
        defer { persistence.close() }
        let store = Store(restoring: persistence)
        store.dispatch(.add("before"))
        #expect(persistence.flush(timeout: .seconds(10)))
        try disk.fill(for: persistence)
        for index in 0..<3 { store.dispatch(.add(bigTitle(index))) }
        #expect(await eventually { persistence.journalStatus.isFailing })

        // The plain flush returns without waiting for the disk, and without the actions in the file.
        #expect(returns(within: 5) { persistence.flush() })
        #expect(try journaledTitles(disk.path()) == ["before"])
        // The timed flush says they are not written, at once or when its time is up; the asynchronous one throws why.
        #expect(!persistence.flush(timeout: .milliseconds(100)))
        do {
            try await persistence.flush()
            Issue.record("the asynchronous flush returned while writes fail")
        } catch let diagnostic as PersistenceDiagnostic {
            #expect(diagnostic.kind == .writeFailed)
        }

        // Once writes succeed again, every flush returns with every action processed before it in the file.
        try disk.free()
        #expect(persistence.flush(timeout: .seconds(10)))
        #expect(try journaledTitles(disk.path()).count == 4)
        store.dispatch(.add("after"))
        #expect(returns(within: 10) { persistence.flush() })
        let titles = try journaledTitles(disk.path())
        #expect(titles.last == "after", "journaled: \(titles.map { $0.prefix(12) })")
        store.dispatch(.add("last"))
        try await persistence.flush()
        #expect(try journaledTitles(disk.path()).last == "last")
    }
}
