import Foundation
import GRDB
import Switchyard
import SwitchyardPersistence
import Testing

/// A file that cannot be used is reported and kept, never deleted or overwritten.
@Suite struct BadFileTests {
    let folder = TemporaryFolder()

    func open(
        options: PersistenceOptions = PersistenceOptions(), reports: Reports
    ) throws -> StatePersistence<TodoAction, TodoState> {
        try StatePersistence(
            path: folder.path(), initialState: TodoState(), reducer: todoReducer, options: options,
            diagnostics: reports.collect)
    }

    /// Writes a file with two todos, at `version`.
    func writeFile(version: Int = 1) throws {
        let persistence = try open(options: PersistenceOptions(schemaVersion: version), reports: Reports())
        let store = Store(restoring: persistence)
        store.dispatch(.add("milk"))
        store.dispatch(.add("eggs"))
        persistence.close()
    }

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test func aFileThatIsNotADatabaseIsMovedAsideIntactAndANewOneStarted() throws {
        let garbage = Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: folder.path()))
        let reports = Reports()
        let persistence = try open(reports: reports)
        #expect(reports.kinds == [.notADatabase])
        guard case .unusableFile(let diagnostic, let movedTo?) = persistence.restoration else {
            Issue.record("expected the file moved aside, got \(persistence.restoration)")
            return
        }
        #expect(diagnostic.message.contains(folder.path()))
        #expect(try bytes(movedTo) == garbage)
        #expect(persistence.restoredState == TodoState())
        let store = Store(restoring: persistence)
        store.dispatch(.add("milk"))
        persistence.close()
        #expect(try open(reports: Reports()).restoredState.todos == [Todo(title: "milk")])
    }

    @Test func aCorruptDatabaseIsReportedAndKeptWhereItIsWhenTheAppSaysSo() throws {
        try writeFile()
        // Damage the pages after the header: SQLite's integrity check or its reads fail.
        var damaged = try bytes(folder.path())
        for index in stride(from: 4_096, to: damaged.count, by: 7) { damaged[index] = 0xA5 }
        try damaged.write(to: URL(fileURLWithPath: folder.path()))
        let reports = Reports()
        let persistence = try open(options: PersistenceOptions(badFile: .keepAndDoNotPersist), reports: reports)
        #expect(reports.kinds == [.corruptFile])
        guard case .unusableFile(_, movedTo: nil) = persistence.restoration else {
            Issue.record("expected the file kept where it was, got \(persistence.restoration)")
            return
        }
        let store = Store(restoring: persistence)
        store.dispatch(.add("not kept"))
        persistence.close()
        #expect(try bytes(folder.path()) == damaged)
    }

    @Test func aFileOfANewerVersionIsReportedAndMovedAside() throws {
        try writeFile(version: 3)
        let original = try bytes(folder.path())
        let reports = Reports()
        let persistence = try open(options: PersistenceOptions(schemaVersion: 2), reports: reports)
        #expect(reports.kinds == [.newerVersion(3)])
        guard case .unusableFile(_, let movedTo?) = persistence.restoration else {
            Issue.record("expected the file moved aside, got \(persistence.restoration)")
            return
        }
        #expect(try bytes(movedTo) == original)
        #expect(folder.files.contains { $0.hasPrefix("state.sqlite.unusable-") })
    }

    @Test func aSnapshotThatDoesNotDecodeIsReported() throws {
        struct Other: Codable, Sendable, Equatable { var number = 1 }
        let path = folder.path()
        let other = try StatePersistence(
            path: path, initialState: Other(), reducer: Reducer<TodoAction, Other> { _, _ in },
            options: PersistenceOptions(snapshotEveryActions: 1))
        let store = Store(restoring: other)
        store.dispatch(.add("a"))
        store.dispatch(.add("b"))
        other.close()
        let reports = Reports()
        let persistence = try open(options: PersistenceOptions(badFile: .keepAndDoNotPersist), reports: reports)
        #expect(reports.kinds == [.undecodable])
        #expect(persistence.restoredState == TodoState())
    }

    @Test func olderDataIsMigratedByTheRegisteredMigrationsAndRewritten() throws {
        try writeFile(version: 1)
        // Version 2 stores titles in capitals; the actions are rewritten too.
        let capitals = PersistenceMigration(
            from: 1,
            state: { data in
                var state = try JSONDecoder().decode(TodoState.self, from: data)
                state.todos = state.todos.map { Todo(title: $0.title.uppercased(), isDone: $0.isDone) }
                return try JSONEncoder().encode(state)
            },
            action: { data in
                guard case .add(let title) = try JSONDecoder().decode(TodoAction.self, from: data) else { return data }
                return try JSONEncoder().encode(TodoAction.add(title.uppercased()))
            }
        )
        let reports = Reports()
        let options = PersistenceOptions(schemaVersion: 2, migrations: [capitals])
        let persistence = try open(options: options, reports: reports)
        #expect(reports.kinds.isEmpty)
        #expect(persistence.restoredState.todos.map(\.title) == ["MILK", "EGGS"])
        persistence.close()
        let version = try inspect(folder.path()) { db in
            try Int.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'schemaVersion'")
        }
        #expect(version == 2)
        #expect(try open(options: options, reports: Reports()).restoredState.todos.map(\.title) == ["MILK", "EGGS"])
    }

    @Test func olderDataWithoutAMigrationIsReportedAsUndecodable() throws {
        try writeFile(version: 1)
        let reports = Reports()
        let persistence = try open(options: PersistenceOptions(schemaVersion: 2), reports: reports)
        #expect(reports.kinds == [.undecodable])
        #expect(persistence.restoredState == TodoState())
    }
}
