import Foundation
import GRDB
import Switchyard

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// What the file system says of a path before SQLite opens it: each problem named for what it is, so that a file
/// the process may not read or write is never taken for a corrupt one.
enum FileChecks {
    /// Throws when the path cannot be journaled here: something other than a file there, a file the process may
    /// not read or write, a folder where the journal's companion files cannot be created, or no folder at all.
    static func checkAccess(_ path: String) throws(PersistenceDiagnostic) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw diagnostic(.notAFile, path, "something other than a file is at that path (a folder?)")
            }
            if !isAccessible(path, R_OK) {
                throw diagnostic(
                    .permissionDenied, path, "this process may not read it (\(String(cString: strerror(errno))))")
            }
            if !isAccessible(path, W_OK) {
                let reason = errno == EROFS ? "its file system is read-only" : "it is read-only for this process"
                throw diagnostic(.readOnly, path, reason)
            }
        } else if errno != ENOENT {
            throw diagnostic(
                .permissionDenied, path, "its path cannot be looked up (\(String(cString: strerror(errno))))")
        }
        let folder =
            (path as NSString).deletingLastPathComponent.isEmpty
            ? "." : (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw diagnostic(.notAFile, path, "its folder \(folder) does not exist")
        }
        if !isAccessible(folder, W_OK | X_OK) {
            if errno == EROFS {
                throw diagnostic(.readOnly, path, "its folder is on a read-only file system")
            }
            throw diagnostic(
                .permissionDenied, path,
                "this process may not create files in its folder \(folder), as the journal's `-wal` companion needs")
        }
    }

    /// Whether the process, with its effective identity, may access `path` as `mode` says; `errno` says why not.
    private static func isAccessible(_ path: String, _ mode: Int32) -> Bool {
        faccessat(AT_FDCWD, path, mode, AT_EACCESS) == 0
    }

    /// The diagnostic for an error that SQLite or GRDB gave while opening or reading the file: busy, read-only,
    /// permissions and I/O are problems of the environment, which leave the file alone; only SQLite's own verdicts
    /// (not a database, corrupt) and a batch of the journal that does not read are problems of the file.
    static func diagnose(_ error: any Error, path: String) -> PersistenceDiagnostic {
        if let damage = error as? JournalBatch.Damage { return diagnostic(.corruptFile, path, "\(damage)") }
        guard let error = error as? DatabaseError else {
            return diagnostic(.ioError, path, "it cannot be read (\(error))")
        }
        switch error.resultCode {
        case .SQLITE_NOTADB: return diagnostic(.notADatabase, path, "it is not an SQLite database (\(error))")
        case .SQLITE_CORRUPT: return diagnostic(.corruptFile, path, "SQLite finds it corrupt (\(error))")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return diagnostic(.locked, path, "another process has it open (\(error))")
        case .SQLITE_READONLY: return diagnostic(.readOnly, path, "it cannot be written (\(error))")
        case .SQLITE_PERM, .SQLITE_AUTH, .SQLITE_CANTOPEN:
            return diagnostic(.permissionDenied, path, "it cannot be opened (\(error))")
        case .SQLITE_FULL: return diagnostic(.ioError, path, "its disk is full (\(error))")
        default: return diagnostic(.ioError, path, "reading it failed (\(error))")
        }
    }

    static func diagnostic(
        _ kind: PersistenceDiagnostic.Kind, _ path: String, _ reason: String
    ) -> PersistenceDiagnostic {
        PersistenceDiagnostic(kind: kind, message: "the file \(path) cannot be used: \(reason)")
    }
}

/// One `StatePersistence` journals a file at a time, in this process and across processes: an exclusive `flock`
/// on the file, held until the journal's connection is closed, and a registry of the files locked in this process
/// (so that a second persistence in the process never opens, and then closes, a descriptor of a file whose SQLite
/// locks the first holds: closing any descriptor of a file drops the process's POSIX locks on it).
final class FileLock: Sendable {
    private let descriptor: LockedValue<Int32?>
    private let key: String

    /// The files locked in this process, by device and inode.
    private static let locked = LockedValue<Set<String>>([])

    /// Locks the file at `path`, creating it empty when there is none; throws `.locked` when another persistence,
    /// here or in another process, holds it.
    init(path: String) throws(PersistenceDiagnostic) {
        // Looked up before any descriptor is opened: see the type's comment.
        var status = stat()
        if stat(path, &status) == 0, Self.locked.withLock({ $0.contains(Self.key(status)) }) {
            throw FileChecks.diagnostic(.locked, path, "another StatePersistence of this process journals it")
        }
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            throw FileChecks.diagnostic(
                errno == EROFS ? .readOnly : .permissionDenied, path, "it cannot be opened (\(reason))")
        }
        fstat(fd, &status)
        let key = Self.key(status)
        guard Self.locked.withLock({ $0.insert(key).inserted }) else {
            close(fd)
            throw FileChecks.diagnostic(.locked, path, "another StatePersistence of this process journals it")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            Self.locked.withLock { _ = $0.remove(key) }
            throw FileChecks.diagnostic(
                .locked, path,
                "another process journals it (one process journals a file at a time); close it there first")
        }
        self.key = key
        descriptor = LockedValue(fd)
    }

    private static func key(_ status: stat) -> String { "\(status.st_dev):\(status.st_ino)" }

    /// Lets go of the lock; calling it again does nothing.
    func release() {
        guard let fd = descriptor.withLock({ $0.take() }) else { return }
        flock(fd, LOCK_UN)
        close(fd)
        Self.locked.withLock { _ = $0.remove(key) }
    }

    deinit { release() }
}
