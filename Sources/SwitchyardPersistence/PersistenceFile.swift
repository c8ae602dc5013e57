import Foundation
import GRDB
import GRDBSQLite

/// The database file: its tables, what a restore reads from it, and the transactions the writer commits.
///
/// Tables: `meta` (the schema version that last wrote the file), `snapshot` (one row: the persisted state after
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

    /// Everything a restore reads.
    struct Contents: Sendable {
        var writtenBy: Int?
        var snapshot: Snapshot?
        var journal: [JournalRow]
    }

    let queue: DatabaseQueue

    private init(queue: DatabaseQueue) {
        self.queue = queue
    }

    /// Opens the file to read it, changing nothing in it.
    static func openForReading(path: String) throws -> PersistenceFile {
        var configuration = Configuration()
        configuration.readonly = true
        return PersistenceFile(queue: try DatabaseQueue(path: path, configuration: configuration))
    }

    /// Opens (or creates) the file to write it, in WAL mode, syncing every commit when `syncEveryCommit`.
    static func openForWriting(path: String, syncEveryCommit: Bool) throws -> PersistenceFile {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: syncEveryCommit ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL")
        }
        let file = PersistenceFile(queue: try DatabaseQueue(path: path, configuration: configuration))
        try file.queue.write { db in
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
        return file
    }

    /// Closes the connection: the file can be opened again at once, by this process or another.
    func close() throws {
        try queue.close()
    }

    /// `PRAGMA integrity_check`: `ok`, or what SQLite found.
    func integrityCheck() throws -> String {
        try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; ") }
    }

    /// The version that last wrote the file, its snapshot, and its journal in order.
    func contents() throws -> Contents {
        try queue.read { db in
            let tables = try Set(String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
            guard tables.isSuperset(of: ["meta", "snapshot", "journal"]) else {
                return Contents(writtenBy: nil, snapshot: nil, journal: [])
            }
            let version = try Int.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'schemaVersion'")
            let snapshot = try Row.fetchOne(db, sql: "SELECT seq, version, state FROM snapshot WHERE id = 1").map {
                Snapshot(seq: $0["seq"], version: $0["version"], state: $0["state"])
            }
            let journal = try Row.fetchAll(
                db,
                sql: "SELECT seq, version, time, file, function, line, info, action FROM journal ORDER BY seq"
            ).map { row in
                JournalRow(
                    seq: row["seq"], version: row["version"], time: row["time"], file: row["file"],
                    function: row["function"], line: row["line"], info: row["info"], action: row["action"]
                )
            }
            return Contents(writtenBy: version, snapshot: snapshot, journal: journal)
        }
    }

    /// Commits `rows` and, when given, `snapshot` (compacting the journal up to it) in one transaction, recording
    /// `version` as the version that wrote the file.
    func commit(_ rows: [JournalRow], snapshot: Snapshot?, version: Int) throws {
        try queue.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('schemaVersion', ?)", arguments: [version])
            let insert = try db.cachedStatement(
                sql: """
                    INSERT OR REPLACE INTO journal (seq, version, time, file, function, line, info, action)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """
            )
            // Bound through SQLite's C interface: a row costs its binds and one step, with no boxing of values.
            let statement = insert.sqliteStatement
            for row in rows {
                sqlite3_reset(statement)
                sqlite3_bind_int64(statement, 1, row.seq)
                sqlite3_bind_int64(statement, 2, Int64(row.version))
                sqlite3_bind_double(statement, 3, row.time)
                Self.bind(row.file, at: 4, to: statement)
                Self.bind(row.function, at: 5, to: statement)
                sqlite3_bind_int64(statement, 6, row.line)
                if let info = row.info {
                    Self.bind(info, at: 7, to: statement)
                } else {
                    sqlite3_bind_null(statement, 7)
                }
                row.action.withUnsafeBytes { bytes in
                    _ = sqlite3_bind_blob(statement, 8, bytes.baseAddress, Int32(bytes.count), Self.transient)
                }
                let code = sqlite3_step(statement)
                guard code == SQLITE_DONE else {
                    sqlite3_reset(statement)
                    throw DatabaseError(
                        resultCode: ResultCode(rawValue: code),
                        message: String(cString: sqlite3_errmsg(db.sqliteConnection))
                    )
                }
            }
            sqlite3_reset(statement)
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

    private static func bind(_ text: String, at index: Int32, to statement: OpaquePointer?) {
        var text = text
        text.withUTF8 { bytes in
            _ = sqlite3_bind_text(statement, index, bytes.baseAddress, Int32(bytes.count), transient)
        }
    }
}
