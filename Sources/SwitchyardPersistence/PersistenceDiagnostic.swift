/// Something persistence reports: a file it could not use and what it did with it, a journal whose writes fail, or
/// what ``StatePersistence`` and ``JournalRecording`` throw for a file they cannot open.
public struct PersistenceDiagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        // The file cannot be used as it is. These follow the ``PersistenceOptions/BadFilePolicy``: the file is moved aside
        // (with its `-wal` and `-shm` companions) or left alone, and the store starts from the initial state.

        /// The file is damaged: SQLite finds a page or the schema corrupt, or a batch of the journal does not read
        /// (its bytes damaged where SQLite's own checks see nothing wrong). A journal damaged after its valid
        /// beginning restores that beginning: see
        /// ``StatePersistence/Restoration/partiallyRestored(_:snapshotSequence:replayedActions:movedTo:)``.
        case corruptFile
        /// The file is not an SQLite database: random bytes, a text file, a truncated header.
        case notADatabase
        /// The file is an SQLite database, but not one that persistence wrote: it has tables of its own and none of
        /// the journal's. Nothing is added to it.
        case foreignDatabase
        /// The snapshot or a journaled action did not decode, or a migration failed.
        case undecodable
        /// The file was written by a newer version of the app.
        case newerVersion(Int)
        /// A `-wal` file next to the database is not a write-ahead log of it (garbage, the log of another
        /// database, or a log left behind by a database that was deleted): SQLite would silently discard, apply or
        /// overwrite it. With ``PersistenceOptions/BadFilePolicy/moveAside`` the log alone is moved aside.
        case foreignWriteAheadLog

        // The file is fine but cannot be opened here: nothing is moved, and `StatePersistence`'s initializer throws.

        /// The process may not read or write the file, or create files in its folder (a permission).
        case permissionDenied
        /// The file, or the file system it is on, is read-only.
        case readOnly
        /// Another process (or another `StatePersistence` in this one) has the file open: one process journals a
        /// file at a time.
        case locked
        /// Something other than a regular file is at the path (a folder, for example).
        case notAFile
        /// Reading the file failed for a reason that is not the file's (an I/O error, a full disk): it is left alone.
        case ioError
        /// The file could not be moved aside (a read-only folder, for example): it is left where it was.
        case moveFailed

        // Writing.

        /// Writing the journal or a snapshot failed; what happens to the actions is
        /// the ``PersistenceOptions/WriteFailurePolicy``'s choice.
        case writeFailed
        /// Writes succeed again after failing: the journal is whole again.
        case writesResumed
        /// Actions were dropped from the journal while its writes failed (beyond the bound that
        /// ``PersistenceOptions/WriteFailurePolicy/keepInMemory(maxPendingActions:)`` sets): a snapshot written
        /// once writes succeed again covers them.
        case actionsDropped(Int)
        /// The journal stopped: nothing more is written in this run.
        case journalStopped
        /// An action or the state did not encode: the action is not journaled, or no snapshot is written.
        case unencodable
        /// ``StatePersistence/attach(to:)`` found the store journaling already, or freed: nothing was attached.
        case notAttached
    }

    /// What happened.
    public let kind: Kind
    /// The reason, for people: the file, the error, and what was done.
    public let message: String

    /// A diagnostic of `kind`.
    package init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
