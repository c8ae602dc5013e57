import Foundation
import GRDB

/// The database file: its tables, what a restore reads from it, and the transactions the writer commits.
///
/// Tables: `meta` (the app's data version that last wrote the file, and the file's identity), `snapshot` (one row:
/// the persisted state after the journal entry `seq`, in the version it was written with), `journal_batch` (the
/// journaled actions after the
/// snapshot, in batches: one row per commit, see `JournalBatch`). `grdb_migrations` records the file's own format.
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
    /// app's data (the options' `schemaVersion`), which the `meta` table records.
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
        // One row per commit instead of one per action (see `JournalBatch`); the rows of the first release's
        // `journal` table are packed into batches, in order, and the table dropped.
        migrator.registerMigration("journalBatches") { db in
            try db.execute(
                sql: """
                    CREATE TABLE journal_batch (
                        first_seq INTEGER PRIMARY KEY NOT NULL, last_seq INTEGER NOT NULL, records BLOB NOT NULL,
                        actions BLOB NOT NULL)
                    """)
            var rows: [JournalRow] = []
            func insert() throws {
                guard let first = rows.first, let last = rows.last else { return }
                let (records, actions) = JournalBatch.pack(rows)
                try db.execute(
                    sql: "INSERT INTO journal_batch (first_seq, last_seq, records, actions) VALUES (?, ?, ?, ?)",
                    arguments: [first.seq, last.seq, records, actions])
                rows.removeAll(keepingCapacity: true)
            }
            let legacy = try Row.fetchCursor(db, sql: "SELECT \(legacyColumns) FROM journal ORDER BY seq")
            while let row = try legacy.next() {
                rows.append(legacyRow(row))
                if rows.count == 4_096 { try insert() }
            }
            try insert()
            try db.execute(sql: "DROP TABLE journal")
        }
        return migrator
    }()

    /// The tables of a journal: `meta` and `snapshot`, with `journal_batch`, or `journal` in a file of the first
    /// release that was not opened for writing since.
    static let tables: Set<String> = ["meta", "snapshot", "journal_batch", "journal"]

    /// The columns of the first release's `journal` table, in the order `legacyRow` reads them.
    private static let legacyColumns = "seq, version, time, file, function, line, info, action"

    /// A row of the first release's `journal` table.
    private static func legacyRow(_ row: Row) -> JournalRow {
        JournalRow(
            seq: row[0], version: row[1], time: row[2], file: row[3], function: row[4], line: row[5], info: row[6],
            action: row[7])
    }

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
    /// configuration, and the file's migrations applied (then the file checkpointed, so that its main file holds
    /// its identity). `syncEveryCommit` syncs every commit (`synchronous = FULL`; GRDB's WAL setup chooses `NORMAL`).
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
        // A new or converted file is checkpointed once, so that its main file holds its identity.
        if try !file.queue.read(migrator.hasCompletedMigrations) {
            try migrator.migrate(file.queue)
            _ = try file.queue.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        }
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
            let hasJournal =
                try db.tableExists("meta") && db.tableExists("snapshot")
                && (db.tableExists("journal_batch") || db.tableExists("journal"))
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

    /// The file's identity, and where its `meta` table lives; `nil` when the file records no identity.
    func identity() throws -> FileIdentity? {
        try queue.read { db in
            guard try db.tableExists("meta"),
                let fileID = try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'fileID'"),
                let metaPage = try Int64.fetchOne(
                    db, sql: "SELECT rootpage FROM sqlite_schema WHERE type = 'table' AND name = 'meta'"),
                let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size"),
                let metaPage = UInt32(exactly: metaPage)
            else { return nil }
            return FileIdentity(fileID: fileID, metaPage: metaPage, pageSize: pageSize)
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
        try forEachRow(after: seq, sources: false) { record, _, action in
            try body(record.seq, record.version, action)
        }
    }

    /// The journaled actions after `seq`, in order, with their sources and times.
    func journal(after seq: Int64) throws -> [JournalRow] {
        var rows: [JournalRow] = []
        try forEachRow(after: seq, sources: true) { record, strings, action in
            rows.append(record.row(strings, action))
        }
        return rows
    }

    /// Calls `body` with each journaled action after `seq`, in order: the rows of a first release's `journal`
    /// table, then those of the batches. A batch that does not read stops the reading before any of its actions,
    /// with a `JournalBatch.Damage` that says what is not read: `body` has had every action before it.
    private func forEachRow(
        after seq: Int64, sources: Bool, _ body: (JournalBatch.Record, [String], Data) throws -> Void
    ) throws {
        try queue.read { db in
            if try db.tableExists("journal") {
                let rows = try Row.fetchCursor(
                    db, sql: "SELECT \(Self.legacyColumns) FROM journal WHERE seq > ? ORDER BY seq",
                    arguments: [seq])
                while let row = try rows.next() {
                    let legacy = Self.legacyRow(row)
                    try body(
                        JournalBatch.Record(
                            seq: legacy.seq, version: legacy.version, time: legacy.time, line: legacy.line, file: 0,
                            function: 1, info: legacy.info == nil ? .max : 2),
                        [legacy.file, legacy.function, legacy.info ?? ""], legacy.action)
                }
            }
            guard try db.tableExists("journal_batch") else { return }
            let batches = try Row.fetchCursor(
                db,
                sql: """
                    SELECT first_seq, last_seq, records, actions FROM journal_batch
                    WHERE last_seq > ? ORDER BY first_seq
                    """,
                arguments: [seq])
            while let batch = try batches.next() {
                // `first_seq` is the row's id, always an integer; the other columns are read as whatever a damaged
                // file holds, without GRDB's conversions (which stop the process on a value of another type).
                let first: Int64 = batch[0]
                let last = Int64.fromDatabaseValue(batch[1]) ?? .min
                do {
                    guard first <= last, let records = Data.fromDatabaseValue(batch[2]),
                        let actions = Data.fromDatabaseValue(batch[3])
                    else { throw JournalBatch.Malformed() }
                    try JournalBatch.forEach(
                        records: records, actions: actions, seqs: first...last, after: seq, body, sources: sources)
                } catch is JournalBatch.Malformed {
                    let lost = try Row.fetchOne(
                        db, sql: "SELECT count(*), max(last_seq) FROM journal_batch WHERE first_seq >= ?",
                        arguments: [first])
                    let lastSeq = lost.flatMap { Int64.fromDatabaseValue($0[1]) } ?? last
                    throw JournalBatch.Damage(
                        firstSeq: first, lastSeq: max(last, lastSeq),
                        batches: max(lost.flatMap { Int.fromDatabaseValue($0[0]) } ?? 1, 1))
                }
            }
        }
    }

    /// Commits `rows` (one row of `journal_batch`) and, when given, `snapshot` (compacting the journal up to it) in
    /// one transaction, recording `version` as the version that wrote the file.
    func commit(_ rows: [JournalRow], snapshot: Snapshot?, version: Int) throws {
        try queue.write { db in
            // Rewritten by every commit: the write-ahead log's every commit carries the `meta` page, and with it
            // the file's identity (see `migrator`).
            try db.execute(
                sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('schemaVersion', ?)", arguments: [version])
            if let first = rows.first, let last = rows.last {
                let (records, actions) = JournalBatch.pack(rows)
                // A batch written again after a failed commit replaces the one that starts at the same action.
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO journal_batch (first_seq, last_seq, records, actions)
                        VALUES (?, ?, ?, ?)
                        """,
                    arguments: [first.seq, last.seq, records, actions])
            }
            if let snapshot {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO snapshot (id, seq, version, state, time) VALUES (1, ?, ?, ?, ?)",
                    arguments: [snapshot.seq, snapshot.version, snapshot.state, Date().timeIntervalSince1970]
                )
                // A batch that ends after the snapshot is kept whole: a restore skips its actions up to the
                // snapshot.
                try db.execute(sql: "DELETE FROM journal_batch WHERE last_seq <= ?", arguments: [snapshot.seq])
            }
        }
    }
}
