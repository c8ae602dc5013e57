import Foundation
import GRDB
import Switchyard
import SwitchyardPersistence
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Each reason a file cannot be opened is named for what it is; only a file that is not a usable journal follows
/// the bad-file policy, and a `-wal` that is not the file's is never applied.
@Suite struct OpeningTests {
    let folder = TemporaryFolder()

    func open(
        _ path: String? = nil, options: PersistenceOptions = PersistenceOptions(), reports: Reports = Reports()
    ) throws -> StatePersistence<TodoAction, TodoState> {
        try StatePersistence(
            path: path ?? folder.path(), initialState: TodoState(), reducer: todoReducer, options: options,
            diagnostics: reports.collect)
    }

    /// Writes a file with `todos`, closed cleanly.
    func writeFile(_ path: String? = nil, _ todos: [String] = ["milk", "eggs"]) throws {
        let persistence = try open(path)
        let store = Store(restoring: persistence)
        for todo in todos { store.dispatch(.add(todo)) }
        persistence.close()
    }

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// The kind of the diagnostic that opening throws; `nil` when it does not throw.
    func thrownKind(
        _ path: String? = nil, options: PersistenceOptions = PersistenceOptions()
    ) -> PersistenceDiagnostic.Kind? {
        do {
            _ = try open(path, options: options)
            return nil
        } catch let diagnostic as PersistenceDiagnostic {
            return diagnostic.kind
        } catch {
            Issue.record("not a diagnostic: \(error)")
            return nil
        }
    }

    // MARK: The environment: the initializer throws, and the file is left alone

    @Test func aFolderAtThePathIsNamedAsSuch() throws {
        try FileManager.default.createDirectory(atPath: folder.path(), withIntermediateDirectories: false)
        #expect(thrownKind() == .notAFile)
        #expect(thrownKind(folder.path("missing/state.sqlite")) == .notAFile)
    }

    @Test func aSecondPersistenceOfTheSameFileInThisProcessIsRefusedAndTheFirstKeepsJournaling() throws {
        try writeFile()
        let first = try open()
        let store = Store(restoring: first)
        #expect(thrownKind() == .locked)
        store.dispatch(.add("bread"))
        first.close()
        #expect(try open().restoredState.todos.map(\.title) == ["milk", "eggs", "bread"])
    }

    @Test func aSecondProcessIsRefusedWhileTheFirstJournalsTheFile() throws {
        let path = folder.path()
        let holder = try Harness.start(["hold", path])
        defer {
            kill(holder.process.processIdentifier, SIGKILL)
            holder.process.waitUntilExit()
        }
        #expect(holder.firstLine == "restored 0")
        #expect(try Harness.run(["open", path]) == "throws locked")
        // In this process too: the lock is the other process's.
        #expect(thrownKind() == .locked)
    }

    @Test func aDatabaseThatAnotherConnectionHoldsIsReportedBusyAndLeftAlone() throws {
        try writeFile()
        let before = try bytes(folder.path())
        var configuration = Configuration()
        configuration.busyMode = .immediateError
        configuration.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: folder.path(), configuration: configuration)
        try other.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
            try db.execute(sql: "BEGIN EXCLUSIVE")
            try db.execute(sql: "INSERT INTO meta (key, value) VALUES ('other', 1)")
        }
        #expect(thrownKind() == .locked)
        try other.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
        try other.close()
        #expect(try bytes(folder.path()) == before)
        #expect(folder.files == ["state.sqlite"])
    }

    /// Run as an unprivileged user (root reads and writes every file): a read-only file, an unreadable file, and a
    /// folder where the journal's `-wal` cannot be created.
    @Test func permissionsAreNamedAndNeverTakenForCorruption() throws {
        let path = folder.path()
        try writeFile(path)
        let before = try bytes(path)
        chmod(folder.url.path, 0o777)
        chmod(path, 0o644)
        let readOnly = try Harness.runUnprivileged(["open", path], paths: [path, folder.url.path])
        #expect(readOnly == "throws readOnly")
        chmod(path, 0o600)
        #expect(
            try Harness.runUnprivileged(["open", path], paths: [path, folder.url.path]) == "throws permissionDenied")
        // A file that the process may write, in a folder where it may not create the `-wal`; the file is not a
        // database either, and is still not moved: the folder is the problem named.
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o666)
        chmod(folder.url.path, 0o755)
        #expect(
            try Harness.runUnprivileged(["open", path], paths: [path, folder.url.path]) == "throws permissionDenied")
        #expect(try bytes(path) == Data("not a database".utf8))
        try before.write(to: URL(fileURLWithPath: path))
        #expect(folder.files == ["state.sqlite"])
    }

    // MARK: The file: the bad-file policy

    @Test func anotherAppsDatabaseIsNamedAndNothingIsAddedToIt() throws {
        let other = try DatabaseQueue(path: folder.path())
        try other.write { db in
            try db.execute(sql: "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)")
            try db.execute(sql: "INSERT INTO users (name) VALUES ('Ada')")
        }
        try other.close()
        let before = try bytes(folder.path())
        let reports = Reports()
        let persistence = try open(options: PersistenceOptions(badFile: .keepAndDoNotPersist), reports: reports)
        #expect(reports.kinds == [.foreignDatabase])
        #expect(persistence.restoration == .unusableFile(persistence.unusableDiagnostic!, movedTo: nil))
        persistence.close()
        #expect(try bytes(folder.path()) == before)
    }

    @Test func aGarbageWriteAheadLogIsReportedAndKeptAsideAndTheFileRestoredWithoutIt() throws {
        try writeFile()
        let garbage = Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) })
        try garbage.write(to: URL(fileURLWithPath: folder.path() + "-wal"))
        let reports = Reports()
        let persistence = try open(reports: reports)
        #expect(reports.kinds == [.foreignWriteAheadLog])
        #expect(persistence.restoredState.todos.map(\.title) == ["milk", "eggs"])
        persistence.close()
        let aside = try #require(folder.files.first { $0.hasPrefix("state.sqlite.unusable-") && $0.hasSuffix("-wal") })
        #expect(try bytes(folder.path(aside)) == garbage)
    }

    @Test func theLogOfAnotherJournalIsNeverAppliedToThisOne() throws {
        try writeFile(folder.path("mine.sqlite"), ["milk", "eggs"])
        // Another journal's log, left as a crash leaves it: copied while that journal is open, after a flush.
        let other = try open(folder.path("other.sqlite"))
        let store = Store(restoring: other)
        for index in 0..<20 { store.dispatch(.add("other \(index)")) }
        other.flush()
        let log = try bytes(folder.path("other.sqlite") + "-wal")
        #expect(log.count > 32)
        try log.write(to: URL(fileURLWithPath: folder.path("mine.sqlite") + "-wal"))
        other.close()
        let reports = Reports()
        let mine = try open(folder.path("mine.sqlite"), reports: reports)
        #expect(reports.kinds == [.foreignWriteAheadLog])
        #expect(mine.restoredState.todos.map(\.title) == ["milk", "eggs"])
        mine.close()
        let aside = try #require(folder.files.first { $0.hasPrefix("mine.sqlite.unusable-") && $0.hasSuffix("-wal") })
        #expect(try bytes(folder.path(aside)) == log)
    }

    @Test func aTextFileWhereTheDatabaseWasIsNotRestoredFromTheLeftoverLog() throws {
        let persistence = try open()
        let store = Store(restoring: persistence)
        store.dispatch(.add("milk"))
        persistence.flush()
        let log = try bytes(folder.path() + "-wal")
        persistence.close()
        try Data("notes".utf8).write(to: URL(fileURLWithPath: folder.path()))
        try log.write(to: URL(fileURLWithPath: folder.path() + "-wal"))
        let reports = Reports()
        let reopened = try open(reports: reports)
        #expect(reports.kinds == [.notADatabase])
        #expect(reopened.restoredState == TodoState())
        guard case .unusableFile(_, let movedTo?) = reopened.restoration else {
            Issue.record("expected the file moved aside, got \(reopened.restoration)")
            return
        }
        #expect(try bytes(movedTo) == Data("notes".utf8))
        #expect(try bytes(movedTo + "-wal") == log)
    }

    @Test func aFileOfThePreviousFormatIsAdoptedAndGivenAnIdentity() throws {
        // The tables as the first release wrote them, with no migrations recorded and no identity.
        let old = try DatabaseQueue(path: folder.path())
        try old.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value INTEGER NOT NULL);
                    CREATE TABLE snapshot (
                        id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL, version INTEGER NOT NULL,
                        state BLOB NOT NULL, time REAL NOT NULL);
                    CREATE TABLE journal (
                        seq INTEGER PRIMARY KEY NOT NULL, version INTEGER NOT NULL, time REAL NOT NULL,
                        file TEXT NOT NULL, function TEXT NOT NULL, line INTEGER NOT NULL, info TEXT,
                        action BLOB NOT NULL);
                    INSERT INTO meta VALUES ('schemaVersion', 1);
                    """)
            for (seq, title) in [(1, "milk"), (2, "eggs")] {
                try db.execute(
                    sql: "INSERT INTO journal VALUES (?, 1, 0, 'App.swift', 'run()', 1, NULL, ?)",
                    arguments: [seq, try JSONEncoder().encode(TodoAction.add(title))])
            }
        }
        try old.close()
        let reports = Reports()
        let persistence = try open(reports: reports)
        #expect(reports.kinds == [])
        #expect(persistence.restoredState.todos.map(\.title) == ["milk", "eggs"])
        persistence.close()
        let (migrations, fileID) = try inspect(folder.path()) { db in
            (
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier"),
                try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'fileID'")
            )
        }
        #expect(migrations == ["fileIdentity", "journal", "journalBatches"])
        #expect(fileID != nil)
    }

    @Test func aFileThatANewerReleaseWroteIsNamedAndKept() throws {
        try writeFile()
        let writer = try DatabaseQueue(path: folder.path())
        try writer.write { db in try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('aFutureFormat')") }
        try writer.close()
        let before = try bytes(folder.path())
        let reports = Reports()
        let persistence = try open(options: PersistenceOptions(badFile: .keepAndDoNotPersist), reports: reports)
        guard case .newerVersion = reports.kinds.first else {
            Issue.record("expected a newer version, got \(reports.kinds)")
            return
        }
        #expect(persistence.unusableDiagnostic?.message.contains("newer release") == true)
        persistence.close()
        #expect(try bytes(folder.path()) == before)
    }

    /// Journals ten todos in `live.sqlite` and copies it with its log to `copy.sqlite` while the journal is open,
    /// after a flush: what a crash leaves.
    func journalTenTodosAndCopyAsACrashLeavesThem() throws {
        let persistence = try open(folder.path("live.sqlite"))
        let store = Store(restoring: persistence)
        for index in 0..<10 { store.dispatch(.add("todo \(index)")) }
        persistence.flush()
        try bytes(folder.path("live.sqlite")).write(to: URL(fileURLWithPath: folder.path("copy.sqlite")))
        try bytes(folder.path("live.sqlite") + "-wal").write(
            to: URL(fileURLWithPath: folder.path("copy.sqlite") + "-wal"))
        persistence.close()
    }

    @Test func aMainFileLeftInconsistentByACheckpointIsRestoredThroughItsLog() throws {
        try journalTenTodosAndCopyAsACrashLeavesThem()
        // A process killed during a checkpoint leaves pages of the main file half written: here the `meta` page,
        // which every commit of the log rewrites, so that the log holds whole copies of it.
        let (page, pageSize) = try inspect(folder.path("copy.sqlite")) { db in
            (
                try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_schema WHERE name = 'meta'") ?? 0,
                try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0
            )
        }
        #expect(page > 1)
        var main = try bytes(folder.path("copy.sqlite"))
        for offset in (page - 1) * pageSize..<page * pageSize where offset < main.count { main[offset] = 0xA5 }
        try main.write(to: URL(fileURLWithPath: folder.path("copy.sqlite")))
        let reports = Reports()
        let copy = try open(folder.path("copy.sqlite"), reports: reports)
        #expect(reports.kinds == [])
        #expect(copy.restoredState.todos.count == 10)
    }

    @Test func itsOwnLogLeftByACrashIsApplied() throws {
        try journalTenTodosAndCopyAsACrashLeavesThem()
        let reports = Reports()
        let copy = try open(folder.path("copy.sqlite"), reports: reports)
        #expect(reports.kinds == [])
        #expect(copy.restoredState.todos.count == 10)
    }
}

extension StatePersistence {
    /// The diagnostic of an unusable file's restoration.
    var unusableDiagnostic: PersistenceDiagnostic? {
        if case .unusableFile(let diagnostic, _) = restoration { return diagnostic }
        return nil
    }
}

/// The crash harness, run as a child process with a deadline.
enum Harness {
    static var executable: URL { CrashTests.harness }

    /// Starts the harness with `arguments` and reads its first line, within a minute.
    static func start(_ arguments: [String], launcher: [String] = []) throws -> (process: Process, firstLine: String) {
        let process = Process()
        if launcher.isEmpty {
            process.executableURL = executable
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: launcher[0])
            process.arguments = Array(launcher.dropFirst()) + [executable.path] + arguments
        }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let line = LockedValue<String?>(nil)
        let reader = Thread {
            var bytes = Data()
            while true {
                let byte = output.fileHandleForReading.readData(ofLength: 1)
                if byte.isEmpty || byte == Data("\n".utf8) { break }
                bytes.append(byte)
            }
            line.withLock { $0 = String(decoding: bytes, as: UTF8.self) }
        }
        reader.start()
        let deadline = Date().addingTimeInterval(60)
        while line.withLock({ $0 }) == nil {
            guard Date() < deadline else {
                kill(process.processIdentifier, SIGKILL)
                throw HarnessTimeout()
            }
            usleep(2_000)
        }
        return (process, line.withLock { $0 } ?? "")
    }

    /// Runs the harness to its end and returns its first line.
    static func run(_ arguments: [String], launcher: [String] = []) throws -> String {
        let (process, line) = try start(arguments, launcher: launcher)
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning {
            guard Date() < deadline else {
                kill(process.processIdentifier, SIGKILL)
                throw HarnessTimeout()
            }
            usleep(2_000)
        }
        return line
    }

    /// Runs the harness as an unprivileged user when this process is root (whom file modes do not stop), as
    /// `nobody`, the files staying root's. Otherwise it runs as this process, which owns `paths`: each is given, for
    /// the run, its "others" bits as its owner's, so that the modes mean for the owner what they mean for others.
    static func runUnprivileged(_ arguments: [String], paths: [String]) throws -> String {
        guard geteuid() == 0 else {
            var modes: [mode_t] = []
            for path in paths {
                var status = stat()
                stat(path, &status)
                let mode = status.st_mode & 0o777
                modes.append(mode)
                let others = mode & 0o7
                chmod(path, others << 6 | others << 3 | others)
            }
            defer { for (path, mode) in zip(paths, modes) { chmod(path, mode) } }
            return try run(arguments)
        }
        return try run(arguments, launcher: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"])
    }
}

struct HarnessTimeout: Error {}
