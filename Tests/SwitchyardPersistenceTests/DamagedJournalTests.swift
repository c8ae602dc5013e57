import Foundation
import GRDB
import Switchyard
import SwitchyardPersistence
import Testing

/// A journal damaged inside a batch, where SQLite's own checks see nothing wrong, is corruption of the file: the
/// bad-file policy applies, and the actions before the damage are restored.
@Suite struct DamagedJournalTests {
    let folder = TemporaryFolder()

    func open(
        _ policy: PersistenceOptions.BadFilePolicy = .moveAside, path: String? = nil, reports: Reports = Reports()
    ) throws -> StatePersistence<TodoAction, TodoState> {
        try StatePersistence(
            path: path ?? folder.path(), initialState: TodoState(), reducer: todoReducer,
            options: PersistenceOptions(
                snapshotEveryActions: 100_000, snapshotInterval: .seconds(3_600), badFile: policy),
            diagnostics: reports.collect)
    }

    /// Journals 2,000 todos, 100 at a time with a flush after each (so in 20 batches or more), and closes the
    /// journal (its log checkpointed into the file); returns the first sequence number of the last batch.
    func journalTwoThousandTodosInBatches() throws -> Int64 {
        let persistence = try open()
        let store = Store(restoring: persistence)
        for batch in 0..<20 {
            for index in 0..<100 { store.dispatch(.add("todo \(batch * 100 + index)")) }
            #expect(persistence.flush(timeout: .seconds(10)))
        }
        persistence.close()
        return try inspect(folder.path()) { db in
            try Int64.fetchOne(db, sql: "SELECT max(first_seq) FROM journal_batch") ?? 0
        }
    }

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    func integrityCheck(_ path: String? = nil) throws -> [String] {
        try inspect(path ?? folder.path()) { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }

    @Test(arguments: [PersistenceOptions.BadFilePolicy.moveAside, .keepAndDoNotPersist])
    func aMalformedLastBatchIsCorruptionAndTheActionsBeforeItAreRestoredAtEveryLaunch(
        policy: PersistenceOptions.BadFilePolicy
    ) throws {
        let lastBatch = try journalTwoThousandTodosInBatches()
        #expect(lastBatch > 1_000)
        let database = try DatabaseQueue(path: folder.path())
        try database.write { db in
            try db.execute(
                sql: """
                    UPDATE journal_batch SET records = x'0100000005000000'
                    WHERE first_seq = (SELECT max(first_seq) FROM journal_batch)
                    """)
        }
        try database.close()
        #expect(try integrityCheck() == ["ok"])
        let damaged = try bytes(folder.path())
        let kept = Int(lastBatch) - 1
        let reports = Reports()
        let persistence = try open(policy, reports: reports)
        #expect(reports.kinds == [.corruptFile])
        guard case .partiallyRestored(let diagnostic, nil, kept, let movedTo) = persistence.restoration else {
            Issue.record("expected the actions before the damage restored, got \(persistence.restoration)")
            return
        }
        #expect(diagnostic.message.contains("the actions \(lastBatch) to 2000 (1 batch)"), "\(diagnostic)")
        #expect(persistence.restoredState.todos.count == kept)
        #expect(persistence.restoredState.todos.last?.title == "todo \(kept - 1)")
        let store = Store(restoring: persistence)
        store.dispatch(.add("after"))
        persistence.close()
        let next = Reports()
        let relaunched = try open(policy, reports: next)
        relaunched.close()
        switch policy {
        case .moveAside:
            // The damaged file is kept aside as it was; the new one starts from what was restored, and goes on.
            #expect(try bytes(try #require(movedTo)) == damaged)
            #expect(next.kinds == [])
            #expect(relaunched.restoration == .restored(snapshotSequence: Int64(kept), replayedActions: 1))
            #expect(relaunched.restoredState == store.state)
        case .keepAndDoNotPersist:
            // Left as it was, nothing persisted, and the next launch restores the same.
            #expect(movedTo == nil)
            #expect(persistence.journalStatus == .notPersisting)
            #expect(try bytes(folder.path()) == damaged)
            #expect(next.kinds == [.corruptFile])
            #expect(relaunched.restoration == persistence.restoration)
            #expect(relaunched.restoredState.todos.count == kept)
        }
    }

    @Test func aBatchWhoseColumnsHoldValuesOfAnotherTypeIsCorruptionAndNeverStopsTheProcess() throws {
        let lastBatch = try journalTwoThousandTodosInBatches()
        let database = try DatabaseQueue(path: folder.path())
        try database.write { db in
            try db.execute(
                sql: "UPDATE journal_batch SET last_seq = 'x', actions = 'text' WHERE first_seq = ?",
                arguments: [lastBatch])
        }
        try database.close()
        #expect(try integrityCheck() == ["ok"])
        let reports = Reports()
        let persistence = try open(.keepAndDoNotPersist, reports: reports)
        #expect(reports.kinds == [.corruptFile])
        #expect(persistence.restoredState.todos.count == Int(lastBatch) - 1)
    }

    @Test func randomBytesWrittenOverTheJournalWhereSQLiteSeesNothingWrongNeverKeepTheAppFromStarting() throws {
        _ = try journalTwoThousandTodosInBatches()
        let original = try bytes(folder.path())
        // A fixed sequence of bytes and places, so that a failure can be repeated: twelve times, 1,500 bytes written
        // over a copy of the file between 30% and 50% of its length, where SQLite's integrity check still says ok.
        var random = FixedRandom()
        var kinds: [PersistenceDiagnostic.Kind] = []
        for _ in 0..<12 {
            let copy = TemporaryFolder()
            let path = copy.path()
            var damaged: Data?
            for _ in 0..<50 where damaged == nil {
                try original.write(to: URL(fileURLWithPath: path))
                let offset = Int(random.next() % UInt64(original.count / 5)) + original.count * 3 / 10
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
                try handle.seek(toOffset: UInt64(offset))
                try handle.write(contentsOf: Data((0..<1_500).map { _ in UInt8(truncatingIfNeeded: random.next()) }))
                try handle.close()
                if (try? integrityCheck(path)) == ["ok"] { damaged = try bytes(path) }
            }
            let written = try #require(damaged, "no place found where SQLite's integrity check says ok")
            let reports = Reports()
            let persistence = try open(path: path, reports: reports)
            persistence.close()
            kinds += reports.kinds
            let movedTo: String?
            switch persistence.restoration {
            case .partiallyRestored(let diagnostic, nil, let replayed, let moved):
                // Damage that a batch's checks find: the actions before that batch, in order.
                #expect(diagnostic.kind == .corruptFile)
                #expect(persistence.restoredState.todos.map(\.title) == (0..<replayed).map { "todo \($0)" })
                movedTo = moved
            case .unusableFile(let diagnostic, let moved):
                // Damage inside an action's own bytes: that action does not decode.
                #expect(diagnostic.kind == .undecodable)
                movedTo = moved
            default:
                Issue.record("unexpected restoration of a damaged journal: \(persistence.restoration)")
                movedTo = nil
            }
            #expect(reports.kinds.count == 1)
            #expect(try bytes(try #require(movedTo)) == written)
        }
        print("of twelve damaged journals, \(kinds.filter { $0 == .corruptFile }.count) restored up to the damage")
    }
}

/// A fixed sequence of pseudo-random numbers (SplitMix64), so that a test's damage is the same at every run.
struct FixedRandom {
    private var state: UInt64 = 0x2545_F491_4F6C_DD1D

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
