import Foundation
import GRDB
import Switchyard
import Testing

@testable import SwitchyardPersistence

/// A `-wal` beside the file is applied only when it is the file's own, which is known from the log's bytes before
/// SQLite opens the file with it; any other log is reported and kept, never applied, discarded or overwritten.
@Suite(.serialized) struct WriteAheadLogTests {
    let folder = TemporaryFolder()

    func open(
        _ path: String, _ policy: PersistenceOptions.BadFilePolicy = .moveAside, reports: Reports = Reports()
    ) throws -> StatePersistence<TodoAction, TodoState> {
        try StatePersistence(
            path: path, initialState: TodoState(), reducer: todoReducer, options: PersistenceOptions(badFile: policy),
            diagnostics: reports.collect)
    }

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// The files moved aside next to `name`.
    func movedAside(_ name: String) -> [String] { folder.files.filter { $0.hasPrefix("\(name).unusable-") } }

    @Test(arguments: [PersistenceOptions.BadFilePolicy.moveAside, .keepAndDoNotPersist])
    func theLogOfAnotherJournalThatCrashedIsNotTheFilesAndOnlyTheLogIsMovedAside(
        policy: PersistenceOptions.BadFilePolicy
    ) throws {
        let good = folder.path("good.sqlite")
        let other = folder.path("other.sqlite")
        // good.sqlite: 2,000 actions, closed, so that its log is checkpointed into it.
        let persistence = try open(good)
        let store = Store(restoring: persistence)
        for index in 0..<2_000 { store.dispatch(.add("todo \(index)")) }
        persistence.close()
        #expect(((try? bytes(good + "-wal")) ?? Data()).isEmpty)
        // other.sqlite: another journal, of 30 actions, whose process died without closing it.
        #expect(try Harness.run(["crash", other, "30"]) == "written 30")
        let log = try bytes(other + "-wal")
        #expect(log.count > 32)
        try log.write(to: URL(fileURLWithPath: good + "-wal"))
        let main = try bytes(good)

        let reports = Reports()
        let reopened = try open(good, policy, reports: reports)
        #expect(reports.kinds == [.foreignWriteAheadLog])
        reopened.close()
        switch policy {
        case .moveAside:
            #expect(reopened.restoredState.todos.count == 2_000)
            #expect(reopened.restoredState.todos.last?.title == "todo 1999")
            // The log alone went aside; the good file stayed and goes on.
            let aside = movedAside("good.sqlite")
            #expect(aside.count == 1 && aside.allSatisfy { $0.hasSuffix("-wal") }, "moved aside: \(aside)")
            #expect(try bytes(folder.path(try #require(aside.first))) == log)
            #expect(try open(good, reports: Reports()).restoredState.todos.count == 2_000)
        case .keepAndDoNotPersist:
            #expect(reopened.restoredState == TodoState())
            #expect(movedAside("good.sqlite").isEmpty)
            #expect(try bytes(good) == main)
            #expect(try bytes(good + "-wal") == log)
        }
    }

    @Test(arguments: [PersistenceOptions.BadFilePolicy.moveAside, .keepAndDoNotPersist])
    func aLogLeftBehindByADeletedDatabaseIsKeptAndReported(policy: PersistenceOptions.BadFilePolicy) throws {
        let path = folder.path()
        #expect(try Harness.run(["crash", path, "30"]) == "written 30")
        let log = try bytes(path + "-wal")
        #expect(log.count > 32)
        // The app deletes its database, and not the log beside it.
        try FileManager.default.removeItem(atPath: path)

        let reports = Reports()
        let persistence = try open(path, policy, reports: reports)
        #expect(reports.kinds == [.foreignWriteAheadLog])
        #expect(persistence.restoredState == TodoState())
        persistence.close()
        switch policy {
        case .moveAside:
            let aside = movedAside("state.sqlite").filter { $0.hasSuffix("-wal") }
            #expect(aside.count == 1)
            #expect(try bytes(folder.path(try #require(aside.first))) == log)
        case .keepAndDoNotPersist:
            #expect(try bytes(path + "-wal") == log)
        }
    }

    @Test func everyCommitOfAJournalsOwnLogCarriesItsIdentityWhichTheLogsBytesTell() throws {
        let path = folder.path()
        #expect(try Harness.run(["crash", path, "30"]) == "written 30")
        let file = try PersistenceFile.openForReading(path: path, ignoringWriteAheadLog: true)
        let identity = try #require(try file.identity())
        try file.close()
        guard
            case .written(let page) = try WriteAheadLog.page(
                identity.metaPage, pageSize: identity.pageSize, inLogAt: path + "-wal")
        else {
            Issue.record("the log's commits do not write the meta page")
            return
        }
        #expect(FileIdentity.fileID(onPage: page, number: identity.metaPage) == identity.fileID)
    }

    @Test(arguments: [Int64(5), 300, -2, 1 << 40, .max])
    func theIdentityIsReadFromAPageOfTheMetaTableWhateverTheWidthSQLiteStoresItIn(fileID: Int64) throws {
        let database = try DatabaseQueue(path: folder.path())
        try database.write { db in
            try db.execute(sql: "CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value INTEGER NOT NULL)")
            try db.execute(sql: "INSERT INTO meta VALUES ('schemaVersion', 1), ('fileID', ?)", arguments: [fileID])
        }
        let (root, pageSize) = try database.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_schema WHERE name = 'meta'") ?? 0,
                try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0
            )
        }
        try database.close()
        let page = [UInt8](try bytes(folder.path())[(root - 1) * pageSize..<root * pageSize])
        #expect(FileIdentity.fileID(onPage: page, number: UInt32(root)) == fileID)
    }
}
