import Foundation
import Switchyard
import Synchronization

/// A store's state kept in a SQLite file between launches: restored when the app starts (the last snapshot, then the
/// journal after it replayed through the reducer), and every persistent action journaled as the store processes it.
///
/// ```swift
/// let persistence = try StatePersistence(path: "todo.sqlite", initialState: TodoState(), reducer: todoReducer)
/// let store = Store(restoring: persistence)
/// ```
///
/// - What survives what: with the default ``PersistenceOptions/Durability/batched(maxDelay:)``, a crash of the
///   process (even `kill -9`) loses no action whose batch was committed, and at most the actions of the last
///   `maxDelay`; a flush has the writer commit what is queued at once. With
///   ``PersistenceOptions/Durability/everyAction`` every action is committed, and synced, before the next is
///   processed.
/// - While writes fail (a full disk, an I/O error), the ``PersistenceOptions/WriteFailurePolicy`` decides what happens to the
///   actions: kept in memory up to a bound (the default), the journal stopped, or the processing thread made to
///   wait. ``journalStatus`` and ``journalStatusUpdates()`` tell how the journal is doing, `flush(timeout:)` and the
///   asynchronous `flush()` whether the actions are written; neither `flush()` nor ``close()`` waits for a disk
///   that cannot be written.
/// - A file that cannot be used (not a database, corrupt, another app's database, undecodable, written by a newer
///   version) is never deleted or overwritten: it is reported through `diagnostics`, moved aside or left alone as
///   the ``PersistenceOptions/BadFilePolicy`` says, and the store starts from the initial state, or, when only the end of its
///   journal is damaged, from what the journal's valid beginning restores; ``restoration`` tells which. A `-wal`
///   that is not the file's own (another database's log, garbage, or a log that a deleted database left behind) is
///   known from its bytes before SQLite opens the file with it: it is reported, and moved aside alone or left alone,
///   never applied, discarded or overwritten.
/// - One persistence journals a file at a time, across processes: a second one throws
///   ``PersistenceDiagnostic/Kind/locked``.
/// - The store hands each action to the journal on its processing thread, moving it into a slot of a recycled
///   buffer with no lock taken; a writer thread of the journal's own encodes and commits. The writer runs while the persistence or the store
///   attached to it lives, and commits what is queued and stops when ``close()`` is called or when both are freed.
public final class StatePersistence<Action: Sendable, State: Sendable>: Sendable {
    /// What happened when the file was read.
    public enum Restoration: Sendable, Equatable {
        /// There was no file: the store starts from the initial state, and the file is created.
        case newFile
        /// The state was restored: from the snapshot after the journal entry `snapshotSequence` (none: the initial
        /// state), with `replayedActions` journaled actions replayed after it.
        case restored(snapshotSequence: Int64?, replayedActions: Int)
        /// The file could not be used: the store starts from the initial state. `movedTo` is where the file went
        /// (`nil`: it was left where it was, and nothing is persisted in this run).
        case unusableFile(PersistenceDiagnostic, movedTo: String?)
        /// The journal is damaged after its valid beginning (a batch of it does not read, where SQLite's own checks
        /// find nothing wrong): the state was restored from the snapshot after the journal entry `snapshotSequence`
        /// (none: the initial state) and the `replayedActions` journaled actions before the damage, and the
        /// diagnostic (``PersistenceDiagnostic/Kind/corruptFile``) names the actions lost. The file follows
        /// the ``PersistenceOptions/BadFilePolicy``: `movedTo` is where it went, and the new file starts from the restored
        /// state (`nil`: it was left where it was, and nothing is persisted in this run).
        case partiallyRestored(
            PersistenceDiagnostic, snapshotSequence: Int64?, replayedActions: Int, movedTo: String?)
    }

    /// The path of the database file.
    package let path: String
    /// The state the store starts from.
    public let restoredState: State
    /// What happened when the file was read.
    public let restoration: Restoration
    /// The reducer, which replayed the journal and runs in the store.
    public let reducer: Reducer<Action, State>
    /// The writer of the journal; `nil` when nothing is persisted in this run (a bad file kept where it was).
    /// Internal, not private: the tests reach its file to make writes fail.
    let writer: JournalWriter<Action, State>?
    /// Whether a store is attached: one persistence journals one store.
    private let isAttached = Atomic<Bool>(false)
    private let diagnostics: @Sendable (PersistenceDiagnostic) -> Void

    /// Restores the whole state, which is `Codable`, from the file at `path`, and journals the actions that
    /// `isPersistent` accepts (all of them by default).
    ///
    /// - Throws: a ``PersistenceDiagnostic`` naming why the file cannot be journaled here, leaving it alone:
    ///   ``PersistenceDiagnostic/Kind/notAFile`` (a folder at the path, or no folder for it),
    ///   ``PersistenceDiagnostic/Kind/permissionDenied``, ``PersistenceDiagnostic/Kind/readOnly`` (the file or its
    ///   file system cannot be written), ``PersistenceDiagnostic/Kind/locked`` (another process or persistence
    ///   journals it), ``PersistenceDiagnostic/Kind/ioError``, or ``PersistenceDiagnostic/Kind/moveFailed``. A file
    ///   that exists but cannot be used does not throw: see ``Restoration/unusableFile(_:movedTo:)``.
    public convenience init(
        path: String,
        initialState: State,
        reducer: Reducer<Action, State>,
        options: PersistenceOptions = PersistenceOptions(),
        isPersistent: @escaping @Sendable (Action) -> Bool = { _ in true },
        diagnostics: @escaping @Sendable (PersistenceDiagnostic) -> Void = PersistenceDiagnostics.standardError
    ) throws where State: Codable, Action: Codable {
        try self.init(
            path: path,
            initialState: initialState,
            reducer: reducer,
            journaling: .codable(isPersistent: isPersistent),
            options: options,
            diagnostics: diagnostics
        )
    }

    /// Restores the whole state, which is `Codable`, from the file at `path`, and journals the actions as
    /// `journaling` says: for actions that are not `Codable`, as records of your own (see ``ActionJournaling``).
    ///
    /// - Throws: a ``PersistenceDiagnostic`` naming why the file cannot be journaled here, as the initializer above.
    public convenience init(
        path: String,
        initialState: State,
        reducer: Reducer<Action, State>,
        journaling: ActionJournaling<Action>,
        options: PersistenceOptions = PersistenceOptions(),
        diagnostics: @escaping @Sendable (PersistenceDiagnostic) -> Void = PersistenceDiagnostics.standardError
    ) throws where State: Codable {
        try self.init(
            path: path,
            initialState: initialState,
            reducer: reducer,
            options: options,
            journaling: journaling,
            diagnostics: diagnostics,
            encodeState: { try JSONEncoder().encode($0) },
            decodeState: { data, state in
                state = try JournalJSONDecoder.decode(State.self, from: data, orWith: JSONDecoder())
            }
        )
    }

    /// Restores the part of the state at `part` from the file at `path` (the rest starts from `initialState`), and
    /// journals the actions that `isPersistent` accepts (all of them by default).
    ///
    /// Replaying the journal runs the reducer on the whole state: an action that reads a part that is not persisted
    /// sees that part's initial value.
    public convenience init<Part: Codable & SendableMetatype>(
        path: String,
        initialState: State,
        persisting part: WritableKeyPath<State, Part> & Sendable,
        reducer: Reducer<Action, State>,
        options: PersistenceOptions = PersistenceOptions(),
        isPersistent: @escaping @Sendable (Action) -> Bool = { _ in true },
        diagnostics: @escaping @Sendable (PersistenceDiagnostic) -> Void = PersistenceDiagnostics.standardError
    ) throws where Action: Codable {
        try self.init(
            path: path,
            initialState: initialState,
            persisting: part,
            reducer: reducer,
            journaling: .codable(isPersistent: isPersistent),
            options: options,
            diagnostics: diagnostics
        )
    }

    /// Restores the part of the state at `part` from the file at `path`, and journals the actions as `journaling`
    /// says (see ``ActionJournaling``).
    ///
    /// - Throws: a ``PersistenceDiagnostic`` naming why the file cannot be journaled here, as the initializer above.
    public convenience init<Part: Codable & SendableMetatype>(
        path: String,
        initialState: State,
        persisting part: WritableKeyPath<State, Part> & Sendable,
        reducer: Reducer<Action, State>,
        journaling: ActionJournaling<Action>,
        options: PersistenceOptions = PersistenceOptions(),
        diagnostics: @escaping @Sendable (PersistenceDiagnostic) -> Void = PersistenceDiagnostics.standardError
    ) throws {
        try self.init(
            path: path,
            initialState: initialState,
            reducer: reducer,
            options: options,
            journaling: journaling,
            diagnostics: diagnostics,
            encodeState: { try JSONEncoder().encode($0[keyPath: part]) },
            decodeState: { data, state in
                state[keyPath: part] = try JournalJSONDecoder.decode(Part.self, from: data, orWith: JSONDecoder())
            }
        )
    }

    private init(
        path: String,
        initialState: State,
        reducer: Reducer<Action, State>,
        options: PersistenceOptions,
        journaling: ActionJournaling<Action>,
        diagnostics: @escaping @Sendable (PersistenceDiagnostic) -> Void,
        encodeState: @escaping @Sendable (State) throws -> Data,
        decodeState: @escaping @Sendable (Data, inout State) throws -> Void
    ) throws {
        self.path = path
        self.reducer = reducer
        self.diagnostics = diagnostics
        try FileChecks.checkAccess(path)
        let lock = try FileLock(path: path)
        let restorer = Restorer(
            path: path, initialState: initialState, reducer: reducer, options: options, decodeState: decodeState,
            journaling: journaling)
        var outcome = restorer.restore()
        var movedTo: String?
        var persisting = true
        if let problem = outcome.problem {
            guard problem.isAboutTheFile else {
                lock.release()
                throw problem
            }
            diagnostics(problem)
            switch options.badFile {
            case .moveAside where problem.kind == .foreignWriteAheadLog:
                // The log is not the file's: it is moved aside on its own, and the main file restored without it.
                _ = try Self.moveAside(path, suffixes: ["-wal", "-shm"], lock: lock)
                outcome = restorer.restore()
                if let second = outcome.problem {
                    guard second.isAboutTheFile else {
                        lock.release()
                        throw second
                    }
                    diagnostics(second)
                    movedTo = try Self.moveAside(path, suffixes: ["", "-wal", "-shm"], lock: lock)
                }
            case .moveAside:
                movedTo = try Self.moveAside(path, suffixes: ["", "-wal", "-shm"], lock: lock)
            case .keepAndDoNotPersist:
                persisting = false
                lock.release()
            }
        }
        let file: PersistenceFile?
        if persisting {
            do {
                // A file moved aside leaves its path free: the lock is taken again on the new file.
                let writerLock = movedTo == nil ? lock : try FileLock(path: path)
                do {
                    file = try PersistenceFile.openForWriting(
                        path: path, syncEveryCommit: options.durability == .everyAction, lock: writerLock)
                } catch {
                    writerLock.release()
                    throw FileChecks.diagnose(error, path: path)
                }
            } catch {
                lock.release()
                throw error
            }
        } else {
            file = nil
        }
        // The new file starts from the restored state, written as a snapshot in this version, when what the file
        // holds is not: data that an older version wrote, or the valid beginning of a damaged journal (which went
        // aside with the file).
        func rewrite(_ restored: Restorer<Action, State>.Restored) throws {
            guard let file else { return }
            let state = try encodeState(restored.state)
            try file.commit(
                [], snapshot: .init(seq: restored.lastSeq, version: options.schemaVersion, state: state),
                version: options.schemaVersion)
        }
        var lastSeq: Int64 = 0
        switch outcome {
        case .fresh:
            restoredState = initialState
            restoration = .newFile
        case .restored(let restored):
            restoredState = restored.state
            restoration = .restored(snapshotSequence: restored.snapshotSeq, replayedActions: restored.replayed)
            lastSeq = restored.lastSeq
            if restored.migrated { try rewrite(restored) }
        case .partial(let restored, let diagnostic):
            restoredState = restored.state
            restoration = .partiallyRestored(
                diagnostic, snapshotSequence: restored.snapshotSeq, replayedActions: restored.replayed,
                movedTo: movedTo)
            lastSeq = restored.lastSeq
            if restored.snapshotSeq != nil || restored.replayed > 0 { try rewrite(restored) }
        case .unusable(let diagnostic):
            restoredState = initialState
            restoration = .unusableFile(diagnostic, movedTo: movedTo)
        }
        writer = file.map {
            JournalWriter(
                file: $0, lastSeq: lastSeq, options: options, journaling: journaling, encodeState: encodeState,
                report: diagnostics)
        }
    }

    deinit {
        // The journal stops, after committing what is queued, once the store attached to it is freed too.
        writer?.queue.removeHolder()
    }

    /// Journals the actions that `store` processes from now on: a store made with `Store(restoring:)` is attached
    /// already. Attach a store that starts from ``restoredState``, before it processes anything: one made with an
    /// option that `Store(restoring:)` does not take, or the `store` of SwiftRex's `ReduxStoreBase`:
    ///
    /// ```swift
    /// let store = Store(
    ///     initialState: persistence.restoredState, reducer: persistence.reducer, middleware: TodoMiddleware(),
    ///     emitsValue: .always)
    /// persistence.attach(to: store)
    /// ```
    ///
    /// One persistence journals one store: attaching it a second time, or to a store
    /// that is freed, attaches nothing and is reported through the diagnostics (as
    /// ``PersistenceDiagnostic/Kind/notAttached``). With nothing persisted in this run (a bad file kept where it
    /// was), there is nothing to attach.
    public func attach(to store: Store<Action, State>) {
        guard let writer else { return }
        guard !isAttached.exchange(true, ordering: .relaxed) else {
            return diagnostics(
                PersistenceDiagnostic(
                    kind: .notAttached,
                    message: "the journal of \(path) was not attached: it journals a store already"
                )
            )
        }
        // The store holds the feed while the probe is attached, as the persistence does: the writer stops once
        // both have let go of it.
        let feed = writer.queue
        feed.addHolder()
        let registration = store.attach(StoreProbe(feed: feed, storeDidEnd: { feed.removeHolder() }))
        if registration.id == 0 {
            feed.removeHolder()
            diagnostics(
                PersistenceDiagnostic(
                    kind: .notAttached, message: "the journal of \(path) was not attached: the store was freed")
            )
        }
    }

    /// Writes what is queued and stops the writer; actions processed afterwards are not journaled. While writes
    /// fail, it tries once more, then gives up what it could not write, reported as
    /// ``PersistenceDiagnostic/Kind/actionsDropped(_:)``: it never waits for a disk that cannot be written.
    public func close() {
        writer?.queue.close()
    }

    /// Renames the files `path` + each of `suffixes` that exist to `<path>.unusable-<date><suffix>`, next to them
    /// (so that a moved file and its `-wal` still open together), releasing `lock` first when the main file moves
    /// (its descriptor goes with it); returns the new path of the main file. Throws a
    /// ``PersistenceDiagnostic/Kind/moveFailed`` diagnostic when a file cannot be moved.
    private static func moveAside(_ path: String, suffixes: [String], lock: FileLock) throws -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        var target = "\(path).unusable-\(formatter.string(from: Date()))"
        var attempt = 1
        while suffixes.contains(where: { FileManager.default.fileExists(atPath: target + $0) }) {
            attempt += 1
            target = "\(path).unusable-\(formatter.string(from: Date()))-\(attempt)"
        }
        if suffixes.contains("") { lock.release() }
        var moved: [String] = []
        for suffix in suffixes where FileManager.default.fileExists(atPath: path + suffix) {
            do {
                try FileManager.default.moveItem(atPath: path + suffix, toPath: target + suffix)
            } catch {
                throw FileChecks.diagnostic(
                    .moveFailed, path,
                    "\(path + suffix) could not be moved aside to \(target + suffix) (\(error.localizedDescription)); "
                        + (moved.isEmpty ? "nothing was moved" : "moved already: \(moved.joined(separator: ", "))"))
            }
            moved.append(target + suffix)
        }
        return target
    }
}

extension PersistenceDiagnostic {
    /// Whether the diagnostic is about the file itself (its contents), which the bad-file policy handles, rather
    /// than about the environment (permissions, a read-only file system, another process, an I/O error), for which
    /// the file is left alone and the persistence's initializer throws.
    var isAboutTheFile: Bool {
        switch kind {
        case .corruptFile, .notADatabase, .foreignDatabase, .undecodable, .newerVersion, .foreignWriteAheadLog:
            true
        default:
            false
        }
    }
}

/// Where persistence reports by default: the default value of the `diagnostics` parameters.
@usableFromInline
package enum PersistenceDiagnostics {
    /// Writes each diagnostic as one line on standard error.
    @usableFromInline
    package static let standardError: @Sendable (PersistenceDiagnostic) -> Void = { diagnostic in
        FileHandle.standardError.write(Data("Switchyard persistence: \(diagnostic.message)\n".utf8))
    }
}
