import Foundation

/// Opening a file to restore it: what is at the path, and the `-wal` beside it, checked before SQLite reads them.
extension Restorer {
    /// Opens the file to read it once what is at the path is known to be a journal with its own log; `nil` when
    /// there is nothing to restore (no file, an empty one, or a database with no tables).
    func openChecked() -> Result<PersistenceFile?, PersistenceDiagnostic> {
        let wal = path + "-wal"
        let mainSize = Self.size(of: path) ?? 0
        let walSize = Self.size(of: wal) ?? 0
        guard mainSize > 0 else {
            guard walSize > 0 else { return .success(nil) }
            // A database in WAL mode has its first page in the main file before anything is in its log: a log beside
            // an empty file is one that a deleted database left behind. SQLite would delete it.
            return .failure(
                FileChecks.diagnostic(
                    .foreignWriteAheadLog, path,
                    "it is empty (its database was deleted?), and a `-wal` file (\(walSize) bytes) was left beside "
                        + "it; SQLite would delete that log"))
        }
        do {
            // The main file on its own: a file that is not SQLite's is known before any log is looked at.
            guard Self.hasDatabaseHeader(path) else {
                return .failure(
                    FileChecks.diagnostic(.notADatabase, path, "it is not an SQLite database (no SQLite header)"))
            }
            if walSize > 0, let problem = checkWriteAheadLog(wal, size: walSize) {
                return .failure(problem)
            }
            let file = try PersistenceFile.openForReading(path: path)
            do {
                let integrity = try file.integrityCheck(options.integrityCheck)
                guard integrity == "ok" else {
                    throw FileChecks.diagnostic(.corruptFile, path, "SQLite's check says: \(integrity)")
                }
                let kind = try file.kind()
                if kind.isNewerFormat {
                    throw PersistenceDiagnostic(
                        kind: .newerVersion(options.schemaVersion + 1),
                        message: "the file \(path) cannot be used: a newer release of Switchyard wrote its tables")
                }
                guard kind.hasJournal else {
                    if kind.hasOtherTables {
                        throw FileChecks.diagnostic(
                            .foreignDatabase, path, "it is another database (it has tables, and none of the journal's)")
                    }
                    try? file.close()
                    return .success(nil)
                }
                return .success(file)
            } catch {
                try? file.close()
                throw error
            }
        } catch let diagnostic as PersistenceDiagnostic {
            return .failure(diagnostic)
        } catch {
            return .failure(FileChecks.diagnose(error, path: path))
        }
    }

    /// Why the log `wal` beside the file is not the file's own, from the log's bytes, before SQLite opens the file
    /// with it; `nil` when it is the file's, commits nothing, or the main file on its own tells no identity to
    /// compare (then SQLite's reading with the log decides).
    ///
    /// The main file is read for its identity alone, never for a verdict: while its log holds commits, the main file
    /// on its own may be inconsistent (a process killed during a checkpoint leaves some pages written and others not;
    /// the log, applied again, makes it whole).
    private func checkWriteAheadLog(_ wal: String, size: Int) -> PersistenceDiagnostic? {
        guard WriteAheadLog.isValidHeader(Self.prefix(of: wal, count: 32)) else {
            return FileChecks.diagnostic(
                .foreignWriteAheadLog, path,
                "its `-wal` file (\(size) bytes) is not a write-ahead log; SQLite would discard it")
        }
        let identity = try? {
            let alone = try PersistenceFile.openForReading(path: path, ignoringWriteAheadLog: true)
            defer { try? alone.close() }
            return try alone.identity()
        }()
        guard let identity = identity ?? nil else { return nil }
        let page: WriteAheadLog.Page
        do {
            page = try WriteAheadLog.page(identity.metaPage, pageSize: identity.pageSize, inLogAt: wal)
        } catch {
            return FileChecks.diagnose(error, path: path)
        }
        let noIdentity =
            "its `-wal` file's commits do not carry the file's identity, as every commit of its journal does"
        let reason: String
        switch page {
        case .nothingCommitted:
            return nil
        case .otherPageSize(let size):
            reason = "its `-wal` file holds pages of \(size) bytes, and the file's are of \(identity.pageSize)"
        case .notWritten:
            reason = noIdentity
        case .written(let bytes):
            switch FileIdentity.fileID(onPage: bytes, number: identity.metaPage) {
            case identity.fileID: return nil
            case nil: reason = noIdentity
            case _?: reason = "its `-wal` file is the log of another database"
            }
        }
        return FileChecks.diagnostic(.foreignWriteAheadLog, path, reason + "; SQLite would apply it to this one")
    }

    /// The size of the file at `path`; `nil` when there is none.
    static func size(of path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
    }

    /// The first `count` bytes of the file at `path` (fewer when it is shorter).
    static func prefix(of path: String, count: Int) -> Data {
        guard let handle = FileHandle(forReadingAtPath: path) else { return Data() }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: count)) ?? Data()
    }

    /// Whether the file starts as every SQLite database does.
    static func hasDatabaseHeader(_ path: String) -> Bool {
        prefix(of: path, count: 16) == Data("SQLite format 3\u{0}".utf8)
    }
}
