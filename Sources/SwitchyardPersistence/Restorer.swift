import Foundation
import Switchyard

/// Reads a persisted file, changing nothing in it, and rebuilds the state: the snapshot, migrated to this version,
/// then the journal after it, each action migrated and replayed through the reducer.
struct Restorer<Action: Sendable, State: Sendable> {
    enum Outcome {
        case fresh
        case restored(State, snapshotSeq: Int64?, replayed: Int, lastSeq: Int64, migrated: Bool)
        case unusable(PersistenceDiagnostic)
        case unusableMoved(PersistenceDiagnostic, String)
    }

    let path: String
    let initialState: State
    let reducer: Reducer<Action, State>
    let options: PersistenceOptions
    let decodeState: @Sendable (Data, inout State) throws -> Void
    let journaling: ActionJournaling<Action>

    /// What a file holds, decoded: the state after its snapshot (the initial state without one), and the journaled
    /// actions after it, in order, each with its row.
    struct Contents {
        var base: State
        var snapshotSeq: Int64?
        var actions: [(row: PersistenceFile.JournalRow, action: Action)]
        /// Whether anything was written by an older version.
        var migrated: Bool
    }

    func restore() -> Outcome {
        guard FileManager.default.fileExists(atPath: path) else { return .fresh }
        let contents: Contents?
        switch read() {
        case .success(let read): contents = read
        case .failure(let diagnostic): return .unusable(diagnostic)
        }
        guard let contents else { return .fresh }
        var state = contents.base
        for (_, action) in contents.actions { reducer.reduce(action, &state) }
        return .restored(
            state,
            snapshotSeq: contents.snapshotSeq,
            replayed: contents.actions.count,
            lastSeq: contents.actions.last?.row.seq ?? contents.snapshotSeq ?? 0,
            migrated: contents.migrated
        )
    }

    /// Reads and decodes the file, changing nothing in it; `nil` when it holds no snapshot and no journal.
    func read() -> Result<Contents?, PersistenceDiagnostic> {
        let contents: PersistenceFile.Contents
        do {
            let file = try PersistenceFile.openForReading(path: path)
            defer { try? file.close() }
            let integrity = try file.integrityCheck()
            guard integrity == "ok" else {
                return .failure(diagnostic(.corruptFile, "SQLite's integrity check says: \(integrity)"))
            }
            contents = try file.contents()
        } catch {
            return .failure(diagnostic(.corruptFile, "it is not a database SQLite can read (\(error))"))
        }
        if let writtenBy = contents.writtenBy, writtenBy > options.schemaVersion {
            return .failure(
                diagnostic(
                    .newerVersion(writtenBy),
                    "it was written by version \(writtenBy) of the app's data, and this app knows versions up to "
                        + "\(options.schemaVersion)"
                )
            )
        }
        if contents.snapshot == nil && contents.journal.isEmpty { return .success(nil) }
        var state = initialState
        var migrated = false
        let decoder = JSONDecoder()
        do {
            if let snapshot = contents.snapshot {
                let data = try migrate(snapshot.state, from: snapshot.version, \.state)
                migrated = migrated || snapshot.version < options.schemaVersion
                try decodeState(data, &state)
            }
        } catch {
            return .failure(diagnostic(.undecodable, "its snapshot does not decode (\(error))"))
        }
        let after = contents.snapshot?.seq ?? 0
        var actions: [(row: PersistenceFile.JournalRow, action: Action)] = []
        for row in contents.journal where row.seq > after {
            do {
                let data = try migrate(row.action, from: row.version, \.action)
                migrated = migrated || row.version < options.schemaVersion
                actions.append((row, try journaling.decode(data, decoder)))
            } catch {
                return .failure(
                    diagnostic(.undecodable, "its journal entry \(row.seq) does not decode (\(error))"))
            }
        }
        return .success(
            Contents(base: state, snapshotSeq: contents.snapshot?.seq, actions: actions, migrated: migrated))
    }

    /// `data` written by `version`, rewritten by each migration up to this version.
    private func migrate(
        _ data: Data,
        from version: Int,
        _ step: KeyPath<PersistenceMigration, @Sendable (Data) throws -> Data>
    ) throws -> Data {
        var data = data
        var version = version
        while version < options.schemaVersion {
            guard let migration = options.migrations.first(where: { $0.version == version }) else {
                throw MissingMigration(version: version)
            }
            data = try migration[keyPath: step](data)
            version += 1
        }
        return data
    }

    private func diagnostic(_ kind: PersistenceDiagnostic.Kind, _ reason: String) -> PersistenceDiagnostic {
        PersistenceDiagnostic(kind: kind, message: "the file \(path) cannot be used: \(reason)")
    }
}

/// A version with no migration registered from it.
struct MissingMigration: Error, CustomStringConvertible {
    let version: Int
    var description: String { "no migration is registered from version \(version)" }
}
