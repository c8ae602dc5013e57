/// Something persistence reports: a file it could not use and what it did with it, or a write that failed; what
/// ``JournalRecording`` throws for a file it cannot read.
public struct PersistenceDiagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// The file is not a database, or SQLite found it corrupt.
        case corruptFile
        /// The snapshot or a journaled action did not decode, or a migration failed.
        case undecodable
        /// The file was written by a newer version of the app.
        case newerVersion(Int)
        /// Writing the journal or a snapshot failed; the actions stay queued and are tried again.
        case writeFailed
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
    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
