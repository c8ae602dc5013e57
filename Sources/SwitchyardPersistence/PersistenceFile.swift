import Foundation
import GRDB
import GRDBSQLite

/// The database file: its tables, what a restore reads from it, and the transactions the writer commits.
///
/// Tables: `meta` (the app's data version that last wrote the file, and the file's identity), `snapshot` (one row: the persisted state after
/// the journal entry `seq`, in the version it was written with), `journal` (one row per journaled action after the
/// snapshot: its sequence number, version, time, `ActionSource` and JSON).
final class PersistenceFile: Sendable {
    /// One journaled action, as stored.
    struct JournalRow: Sendable {
        var seq: Int64
        var version: Int
        var time: Double
        var file: String
        var function: String
        var line: Int64
        var info: String?
        var action: Data
    }

    /// A snapshot of the persisted state.
    struct Snapshot: Sendable {
        var seq: Int64
        var version: Int
        var state: Data
    }

    let queue: DatabaseQueue
    /// The lock that makes this process the file's only journal; released once the connection is closed.
    private let lock: FileLock?

    private init(queue: DatabaseQueue, lock: FileLock?) {
        self.queue = queue
        self.lock = lock
    }

    /// The file's own format, in GRDB migrations: each release that changes the tables adds one, and a file that
    /// has a migration this release does not know was written by a newer release. Separate from the version of the
    /// app's data (``PersistenceOptions/schemaVersion``), which the `meta` table records.
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        // The tables of the first release, which wrote no migrations: `IF NOT EXISTS` adopts its files.
        migrator.registerMigration("journal") { db in
            try db.execute(
                sql: """
                    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY NOT NULL, value INTEGER NOT NULL);
                    CREATE TABLE IF NOT EXISTS snapshot (
                        id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL, version INTEGER NOT NULL,
                        state BLOB NOT NULL, time REAL NOT NULL);
                    CREATE TABLE IF NOT EXISTS journal (
                        seq INTEGER PRIMARY KEY NOT NULL, version INTEGER NOT NULL, time REAL NOT NULL,
                        file TEXT NOT NULL, function TEXT NOT NULL, line INTEGER NOT NULL, info TEXT,
                        action BLOB NOT NULL);
                    """
            )
        }
        // A random identity, in the `meta` row that every commit rewrites: every commit of the write-ahead log
        // carries the page that holds it, so a `-wal` left by another file is recognised before it is applied.
        migrator.registerMigration("fileIdentity") { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO meta (key, value) VALUES ('fileID', ?)",
                arguments: [Int64.random(in: 1...Int64.max)])
        }
        return migrator
    }()

    /// The tables that the journal's migrations make.
    static let tables: Set<String> = ["meta", "snapshot", "journal"]

    /// Opens the file to read it, changing nothing in it. With `ignoringWriteAheadLog`, SQLite reads the main file
    /// alone, as it is on disk, without looking at a `-wal` beside it (SQLite's `immutable` parameter).
    static func openForReading(path: String, ignoringWriteAheadLog: Bool = false) throws -> PersistenceFile {
        var configuration = Configuration()
        configuration.readonly = true
        let location: String
        if ignoringWriteAheadLog {
            var components = URLComponents()
            components.scheme = "file"
            components.path = URL(fileURLWithPath: path).standardizedFileURL.path
            components.queryItems = [URLQueryItem(name: "immutable", value: "1")]
            location = components.string ?? path
        } else {
            location = path
        }
        return PersistenceFile(queue: try DatabaseQueue(path: location, configuration: configuration), lock: nil)
    }

    /// Opens (or creates) the file to write it, holding `lock` until ``close()``: WAL mode through GRDB's
    /// configuration, the file's migrations applied, and the file checkpointed, so that its main file holds its
    /// identity. `syncEveryCommit` syncs every commit (`synchronous = FULL`; GRDB's WAL setup chooses `NORMAL`).
    ///
    /// SQLite's locking stays the default: another connection (the `sqlite3` shell, a test) may read the file while
    /// it is journaled. That no other process journals it is `lock`'s work.
    static func openForWriting(path: String, syncEveryCommit: Bool, lock: FileLock) throws -> PersistenceFile {
        var configuration = Configuration()
        configuration.journalMode = .wal
        configuration.busyMode = .immediateError
        let file = PersistenceFile(queue: try DatabaseQueue(path: path, configuration: configuration), lock: lock)
        if syncEveryCommit {
            try file.queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
        }
        try migrator.migrate(file.queue)
        _ = try file.queue.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        return file
    }

    /// Closes the connection, then releases the lock: the file can be opened again at once, by this process or
    /// another.
    func close() throws {
        defer { lock?.release() }
        try queue.close()
    }

    /// SQLite's check, as `check` says: `ok`, or what SQLite found.
    func integrityCheck(_ check: PersistenceOptions.IntegrityCheck) throws -> String {
        let pragma: String
        switch check {
        case .none: return "ok"
        case .quick: pragma = "PRAGMA quick_check"
        case .full: pragma = "PRAGMA integrity_check"
        }
        return try queue.read { db in try String.fetchAll(db, sql: pragma).joined(separator: "; ") }
    }

    /// What the file is, read from its tables: the identity its `meta` table records (`nil` when none), whether it
    /// has the journal's tables, whether it has tables of its own (another app's database), and whether a newer
    /// release wrote it.
    struct Kind {
        var fileID: Int64?
        var hasJournal: Bool
        var hasOtherTables: Bool
        var isNewerFormat: Bool
    }

    /// Reads what the file is.
    func kind() throws -> Kind {
        try queue.read { db in
            let hasJournal = try Self.tables.allSatisfy { try db.tableExists($0) }
            let fileID =
                try db.tableExists("meta")
                ? try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'fileID'") : nil
            // Another app's tables: any table that is neither the journal's nor GRDB's nor SQLite's.
            let others = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            ).filter { !Self.tables.contains($0) && $0 != "grdb_migrations" }
            return Kind(
                fileID: fileID,
                hasJournal: hasJournal,
                hasOtherTables: !others.isEmpty,
                isNewerFormat: try Self.migrator.hasBeenSuperseded(db)
            )
        }
    }

    /// The version of the app's data that last wrote the file, and its snapshot.
    func header() throws -> (writtenBy: Int?, snapshot: Snapshot?) {
        try queue.read { db in
            let version = try Int.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'schemaVersion'")
            let snapshot = try Row.fetchOne(db, sql: "SELECT seq, version, state FROM snapshot WHERE id = 1").map {
                Snapshot(seq: $0[0], version: $0[1], state: $0[2])
            }
            return (version, snapshot)
        }
    }

    /// The journaled actions after `seq`, in order: what a restore replays, without their sources. `body` receives
    /// each action's number, version and encoded bytes (valid during the call only).
    func forEachAction(after seq: Int64, _ body: (Int64, Int, Data) throws -> Void) throws {
        try queue.read { db in
            let rows = try Row.fetchCursor(
                db, sql: "SELECT seq, version, action FROM journal WHERE seq > ? ORDER BY seq", arguments: [seq])
            while let row = try rows.next() {
                let seq: Int64 = row[0]
                let version: Int = row[1]
                try row.withUnsafeData(atIndex: 2) { data in try body(seq, version, data ?? Data()) }
            }
        }
    }

    /// The journaled actions after `seq`, in order, with their sources and times.
    func journal(after seq: Int64) throws -> [JournalRow] {
        try queue.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT seq, version, time, file, function, line, info, action FROM journal WHERE seq > ?
                    ORDER BY seq
                    """,
                arguments: [seq]
            ).map { row in
                JournalRow(
                    seq: row[0], version: row[1], time: row[2], file: row[3], function: row[4], line: row[5],
                    info: row[6], action: row[7])
            }
        }
    }

    /// Commits `rows` and, when given, `snapshot` (compacting the journal up to it) in one transaction, recording
    /// `version` as the version that wrote the file.
    func commit(_ rows: [JournalRow], snapshot: Snapshot?, version: Int) throws {
        try queue.write { db in
            // Rewritten by every commit: the write-ahead log's every commit carries the `meta` page, and with it
            // the file's identity (see `migrator`).
            try db.execute(
                sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('schemaVersion', ?)", arguments: [version])
            let insert = try db.cachedStatement(
                sql: """
                    INSERT OR REPLACE INTO journal (seq, version, time, file, function, line, info, action)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """
            )
            // Bound through SQLite's C interface, not GRDB's `StatementArguments`: 1.5 µs per row against 3.4 µs
            // (200,000 rows of this table in batches of 1,000, release build, this project's machine), the largest
            // cost of the writer after encoding. Each bind is checked, and the bindings cleared after each row, so
            // that a failed bind can never leave the previous row's value in place.
            let statement = insert.sqliteStatement
            defer {
                sqlite3_reset(statement)
                sqlite3_clear_bindings(statement)
            }
            for row in rows {
                sqlite3_reset(statement)
                sqlite3_clear_bindings(statement)
                try check(sqlite3_bind_int64(statement, 1, row.seq), db)
                try check(sqlite3_bind_int64(statement, 2, Int64(row.version)), db)
                try check(sqlite3_bind_double(statement, 3, row.time), db)
                try check(Self.bind(row.file, at: 4, to: statement), db)
                try check(Self.bind(row.function, at: 5, to: statement), db)
                try check(sqlite3_bind_int64(statement, 6, row.line), db)
                try check(row.info.map { Self.bind($0, at: 7, to: statement) } ?? sqlite3_bind_null(statement, 7), db)
                try check(
                    row.action.withUnsafeBytes { bytes in
                        sqlite3_bind_blob(
                            statement, 8, bytes.baseAddress ?? UnsafeRawPointer(Self.empty), Int32(bytes.count),
                            Self.transient)
                    }, db)
                try check(sqlite3_step(statement), db, expecting: SQLITE_DONE)
            }
            if let snapshot {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO snapshot (id, seq, version, state, time) VALUES (1, ?, ?, ?, ?)",
                    arguments: [snapshot.seq, snapshot.version, snapshot.state, Date().timeIntervalSince1970]
                )
                try db.execute(sql: "DELETE FROM journal WHERE seq <= ?", arguments: [snapshot.seq])
            }
        }
    }

    /// Tells SQLite to copy a bound value before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    /// A valid address for an empty value: SQLite binds a null pointer as NULL, which the columns refuse.
    private static var empty: UnsafePointer<UInt8> { ("" as StaticString).utf8Start }

    private static func bind(_ text: String, at index: Int32, to statement: OpaquePointer?) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            sqlite3_bind_text(statement, index, bytes.baseAddress ?? empty, Int32(bytes.count), transient)
        }
    }
}

/// Throws SQLite's error when `code` is not `expected`.
private func check(_ code: Int32, _ db: Database, expecting expected: Int32 = SQLITE_OK) throws {
    guard code != expected else { return }
    throw DatabaseError(
        resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
}
