import Foundation

/// How a persisted store writes its journal, when it snapshots, and what it does with a file it cannot use.
public struct PersistenceOptions: Sendable {
    /// When a journaled action is committed to the file.
    public enum Durability: Sendable, Equatable {
        /// Each action is committed before the next is processed: the processing thread waits for the commit, and
        /// the file is synced on every commit (`synchronous = FULL`), so a committed action survives a power loss
        /// as well as a crash of the process. Costs a commit and a sync per action.
        case everyAction
        /// Actions are handed to a writer thread of their own and committed in batches, at most `maxDelay` after
        /// they were processed: the processing thread only queues the action. A crash of the process loses at most
        /// the actions of the last `maxDelay`; WAL mode with `synchronous = NORMAL` keeps every committed batch
        /// through a crash of the process (a power loss may lose the last batches).
        case batched(maxDelay: Duration)
    }

    /// What to do with a file that cannot be used: one that is not a database or is corrupt (a damaged batch of its
    /// journal included), another app's database, whose snapshot or journal does not decode, that a newer version
    /// wrote, or whose `-wal` is not its own. Such a file is never deleted or overwritten. A file that the process
    /// may not read or write, or that another process journals, is not bad: the initializer throws, and the file is
    /// left alone.
    public enum BadFilePolicy: Sendable, Equatable {
        /// Renames the file and its `-wal` and `-shm` companions to `<name>.unusable-<date>`,
        /// `<name>.unusable-<date>-wal` and `<name>.unusable-<date>-shm`, next to it, and starts a new file from the
        /// initial state (from what the valid beginning of a damaged journal restores, written as the new file's
        /// snapshot). A `-wal` that is not the file's own is renamed alone, and the file restored without it.
        case moveAside
        /// Leaves the file as it is and starts from the initial state (from what the valid beginning of a damaged
        /// journal restores) without persisting anything in this run.
        case keepAndDoNotPersist
    }

    /// What the journal does with the actions it cannot write while its writes fail (a full disk, an I/O error).
    public enum WriteFailurePolicy: Sendable, Equatable {
        /// Keeps up to `maxPendingActions` actions in memory and writes them once writes succeed again; beyond
        /// that, drops the oldest, reports it (``PersistenceDiagnostic/Kind/actionsDropped(_:)``), and writes a
        /// snapshot of the state once writes succeed again, so that the file stays consistent: the state after the
        /// next action the store processes, written with the actions after it (nothing is written before it). The
        /// store's processing thread never waits for the disk, even with ``Durability/everyAction``.
        case keepInMemory(maxPendingActions: Int)
        /// Stops journaling at the first failed write, reported as ``PersistenceDiagnostic/Kind/journalStopped``:
        /// the file keeps what was committed before, and nothing more is written in this run.
        case stopJournaling
        /// Keeps every action, and makes the store's processing thread wait once 65,536 actions are waiting to be
        /// written, until writes succeed again. Choose it only for a store whose processing thread may wait: never
        /// for a store that processes on the main thread.
        case blockProcessing
    }

    /// How much of SQLite's own check runs on the file when it is restored. Whatever the choice, every page that a
    /// restore reads is checked by SQLite as it is read, and a file that fails is reported as corrupt.
    public enum IntegrityCheck: Sendable, Equatable {
        /// No check beyond the pages read.
        case none
        /// `PRAGMA quick_check`: every page of the file, without comparing indexes with their tables. About 0.2 s
        /// for a 70 MB file on a laptop-class machine; a few milliseconds for a compacted file.
        case quick
        /// `PRAGMA integrity_check`: everything `quick` checks, and the indexes.
        case full
    }

    /// When actions are committed; batched, at most 10 ms behind, by default.
    package var durability: Durability
    /// A snapshot of the persisted state is written after this many processed actions (those that are not journaled
    /// count too), and the journal before it compacted.
    package var snapshotEveryActions: Int
    /// A snapshot is also written when this much time passed since the last one and actions were journaled since.
    package var snapshotInterval: Duration
    /// What to do with a file that cannot be used.
    package var badFile: BadFilePolicy
    /// The version of the persisted state and actions that this app writes; raise it when their encoding changes,
    /// and register the migrations from the older versions.
    package var schemaVersion: Int
    /// The migrations from older versions, each from one version to the next.
    package var migrations: [PersistenceMigration]
    /// What the journal does while its writes fail; by default it keeps up to 100,000 actions in memory.
    package var writeFailure: WriteFailurePolicy
    /// How much SQLite checks the file when it is restored; `quick` by default.
    package var integrityCheck: IntegrityCheck

    /// Options with every default: batched within 10 ms, a snapshot every 1,000 actions or 30 seconds, a bad file
    /// moved aside, version 1 without migrations, up to 100,000 actions kept in memory while writes fail, and
    /// SQLite's quick check when the file is restored.
    public init(
        durability: Durability = .batched(maxDelay: .milliseconds(10)),
        snapshotEveryActions: Int = 1_000,
        snapshotInterval: Duration = .seconds(30),
        badFile: BadFilePolicy = .moveAside,
        schemaVersion: Int = 1,
        migrations: [PersistenceMigration] = [],
        writeFailure: WriteFailurePolicy = .keepInMemory(maxPendingActions: 100_000),
        integrityCheck: IntegrityCheck = .quick
    ) {
        precondition(snapshotEveryActions > 0, "snapshotEveryActions must be positive")
        precondition(schemaVersion > 0, "schemaVersion must be positive")
        self.durability = durability
        self.snapshotEveryActions = snapshotEveryActions
        self.snapshotInterval = snapshotInterval
        self.badFile = badFile
        self.schemaVersion = schemaVersion
        self.migrations = migrations
        self.writeFailure = writeFailure
        self.integrityCheck = integrityCheck
    }
}

/// How data written by one version of the app becomes data of the next: the persisted state's JSON, and each
/// journaled action's JSON.
///
/// ```swift
/// PersistenceMigration(from: 1) { state in
///     let old = try JSONDecoder().decode(TodoStateV1.self, from: state)
///     return try JSONEncoder().encode(TodoState(migrating: old))
/// }
/// ```
public struct PersistenceMigration: Sendable {
    /// The version this migration reads; it writes `version + 1`.
    package let version: Int
    /// Rewrites a snapshot of the persisted state.
    package let state: @Sendable (Data) throws -> Data
    /// Rewrites a journaled action.
    package let action: @Sendable (Data) throws -> Data

    /// A migration from `version` to `version + 1`; actions are kept as they are unless `action` says otherwise.
    public init(
        from version: Int,
        state: @escaping @Sendable (Data) throws -> Data,
        action: @escaping @Sendable (Data) throws -> Data = { $0 }
    ) {
        self.version = version
        self.state = state
        self.action = action
    }
}
