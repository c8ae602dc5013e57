import Foundation
import Switchyard

/// Reads a persisted file, changing nothing in it, and rebuilds the state: the snapshot, migrated to this version,
/// then the journal after it, each action migrated and replayed through the reducer.
///
/// Before SQLite reads the file as a database, what is at the path is checked: the main file on its own (SQLite's
/// `immutable` reading, which ignores a `-wal`), then the `-wal` beside it, read as bytes: its header must be a
/// write-ahead log's, and its commits must carry the main file's identity. A log that is not the file's (a log beside
/// an empty file included) is reported, never applied, discarded or overwritten. A journal damaged after its valid
/// beginning restores that beginning, and is reported as corrupt.
struct Restorer<Action: Sendable, State: Sendable> {
    enum Outcome {
        case fresh
        case restored(Restored)
        /// The journal is damaged after its valid beginning: `Restored` is what that beginning restores, and the
        /// diagnostic (`corruptFile`) says what is lost.
        case partial(Restored, PersistenceDiagnostic)
        case unusable(PersistenceDiagnostic)

        /// Why the file cannot be used whole; `nil` when it can.
        var problem: PersistenceDiagnostic? {
            switch self {
            case .fresh, .restored: nil
            case .partial(_, let diagnostic), .unusable(let diagnostic): diagnostic
            }
        }
    }

    /// A restored state: the snapshot's sequence number, how many actions were replayed after it, the last sequence
    /// number read, and whether data of an older version was migrated.
    struct Restored {
        var state: State
        var snapshotSeq: Int64?
        var replayed: Int
        var lastSeq: Int64
        var migrated: Bool
    }

    let path: String
    let initialState: State
    let reducer: Reducer<Action, State>
    let options: PersistenceOptions
    let decodeState: @Sendable (Data, inout State) throws -> Void
    let journaling: ActionJournaling<Action>

    /// What a file holds, decoded, for a reader that looks at its actions: the state after its snapshot (the
    /// initial state without one), and the journaled actions after it, in order, each with its row.
    struct Contents {
        var base: State
        var snapshotSeq: Int64?
        var actions: [(row: PersistenceFile.JournalRow, action: Action)]
    }

    /// Restores the state: the snapshot, then the journal after it replayed through the reducer.
    func restore() -> Outcome {
        let file: PersistenceFile
        switch openChecked() {
        case .failure(let diagnostic): return .unusable(diagnostic)
        case .success(nil): return .fresh
        case .success(let opened?): file = opened
        }
        defer { try? file.close() }
        do {
            guard let (base, snapshotSeq, migratedSnapshot) = try readSnapshot(file) else { return .fresh }
            var state = base
            let replay = try replayJournal(file, after: snapshotSeq ?? 0, onto: &state)
            let restored = Restored(
                state: state,
                snapshotSeq: snapshotSeq,
                replayed: replay.count,
                lastSeq: replay.lastSeq ?? snapshotSeq ?? 0,
                migrated: migratedSnapshot || replay.migrated
            )
            if let damage = replay.damage {
                let from = snapshotSeq.map { "the snapshot after action \($0) and " } ?? ""
                return .partial(
                    restored,
                    FileChecks.diagnostic(
                        .corruptFile, path,
                        "\(damage); restored: \(from)the \(replay.count) actions before them"))
            }
            if replay.count == 0 && snapshotSeq == nil { return .fresh }
            return .restored(restored)
        } catch let diagnostic as PersistenceDiagnostic {
            return .unusable(diagnostic)
        } catch {
            return .unusable(FileChecks.diagnose(error, path: path))
        }
    }

    /// Reads and decodes the file with every action's row, changing nothing in it; `nil` when it holds no snapshot
    /// and no journal.
    func read() -> Result<Contents?, PersistenceDiagnostic> {
        let file: PersistenceFile
        switch openChecked() {
        case .failure(let diagnostic): return .failure(diagnostic)
        case .success(nil): return .success(nil)
        case .success(let opened?): file = opened
        }
        defer { try? file.close() }
        do {
            guard let (base, snapshotSeq, _) = try readSnapshot(file) else { return .success(nil) }
            let decoder = JSONDecoder()
            var actions: [(row: PersistenceFile.JournalRow, action: Action)] = []
            for row in try file.journal(after: snapshotSeq ?? 0) {
                do {
                    let data = try migrate(row.action, from: row.version, \.action)
                    actions.append((row, try journaling.decode(data, decoder)))
                } catch {
                    throw undecodable(row.seq, error)
                }
            }
            if actions.isEmpty && snapshotSeq == nil { return .success(nil) }
            return .success(Contents(base: base, snapshotSeq: snapshotSeq, actions: actions))
        } catch let diagnostic as PersistenceDiagnostic {
            return .failure(diagnostic)
        } catch {
            return .failure(FileChecks.diagnose(error, path: path))
        }
    }

    // MARK: Reading

    /// The snapshot's state (the initial state without one), the sequence number it follows, and whether it was
    /// migrated; `nil` when the file has no data yet. Throws a diagnostic for a newer version or an undecodable
    /// snapshot.
    private func readSnapshot(_ file: PersistenceFile) throws -> (State, Int64?, Bool)? {
        let (writtenBy, snapshot) = try file.header()
        if let writtenBy, writtenBy > options.schemaVersion {
            throw FileChecks.diagnostic(
                .newerVersion(writtenBy), path,
                "it was written by version \(writtenBy) of the app's data, and this app knows versions up to "
                    + "\(options.schemaVersion)")
        }
        var state = initialState
        guard let snapshot else { return (state, nil, false) }
        do {
            let data = try migrate(snapshot.state, from: snapshot.version, \.state)
            try decodeState(data, &state)
        } catch {
            throw FileChecks.diagnostic(.undecodable, path, "its snapshot does not decode (\(error))")
        }
        return (state, snapshot.seq, snapshot.version < options.schemaVersion)
    }

    /// How many actions a restore decodes in one JSON array: large enough that the decoder's setup is paid rarely,
    /// small enough that the arrays spread over the cores.
    private static var arrayLength: Int { 4_096 }

    /// Replays the journal after `seq` onto `state`: the actions are read in groups of ``arrayLength`` (for JSON,
    /// one JSON array each), decoded on every core at once (decoding is most of a restore's time), then reduced in
    /// order on this thread.
    private func replayJournal(
        _ file: PersistenceFile, after seq: Int64, onto state: inout State
    ) throws -> (count: Int, lastSeq: Int64?, migrated: Bool, damage: JournalBatch.Damage?) {
        var groups: [(first: Int64, json: Data, items: [(Int64, Data)])] = []
        // Bytes, not `Data`: appending each action to a `Data` cost about 1,500 instructions more than to an array
        // with its capacity reserved (15,346 against 13,873 per restored action in all, counted by callgrind), on
        // the one thread that reads the rows, before the decoding is spread over the cores.
        var json: [UInt8] = []
        var items: [(Int64, Data)] = []
        var first: Int64 = 0
        var count = 0
        var inGroup = 0
        var lastSeq: Int64?
        var migrated = false
        let isJSON = journaling.decodeArray != nil
        var damage: JournalBatch.Damage?
        do {
            try file.forEachAction(after: seq) { seq, version, data in
                if inGroup == 0 {
                    first = seq
                    if isJSON {
                        json = []
                        json.reserveCapacity(Self.arrayLength * (data.count + 1) + 2)
                        json.append(UInt8(ascii: "["))
                    } else {
                        items = []
                        items.reserveCapacity(Self.arrayLength)
                    }
                } else if isJSON {
                    json.append(UInt8(ascii: ","))
                }
                var bytes = data
                if version < options.schemaVersion {
                    migrated = true
                    do {
                        bytes = try migrate(data, from: version, \.action)
                    } catch {
                        throw undecodable(seq, error)
                    }
                }
                if isJSON {
                    bytes.withUnsafeBytes { json.append(contentsOf: $0) }
                } else {
                    items.append((seq, Data(bytes)))
                }
                inGroup += 1
                count += 1
                lastSeq = seq
                if inGroup == Self.arrayLength {
                    if isJSON { json.append(UInt8(ascii: "]")) }
                    groups.append((first, Data(json), items))
                    inGroup = 0
                }
            }
        } catch let found as JournalBatch.Damage {
            // The actions before the damaged batch are replayed; the diagnostic says what is lost.
            damage = found
        }
        if inGroup > 0 {
            if isJSON { json.append(UInt8(ascii: "]")) }
            groups.append((first, Data(json), items))
        }
        let decoded = LockedValue([Result<[Action], PersistenceDiagnostic>?](repeating: nil, count: groups.count))
        let read = groups
        Parallel.forEach(read.count) { index in
            let result = Result { () throws(PersistenceDiagnostic) -> [Action] in
                if isJSON { return try decodeArray(read[index].json, firstSeq: read[index].first) }
                return try decodeEach(read[index].items)
            }
            decoded.withLock { $0[index] = result }
        }
        for result in decoded.withLock({ $0 }) {
            for action in try result!.get() { reducer.reduce(action, &state) }
        }
        return (count, lastSeq, migrated, damage)
    }

    /// The actions of a group in a format that is not JSON, decoded one by one.
    private func decodeEach(_ items: [(seq: Int64, data: Data)]) throws(PersistenceDiagnostic) -> [Action] {
        let decoder = JSONDecoder()
        var actions: [Action] = []
        actions.reserveCapacity(items.count)
        for (seq, data) in items {
            do {
                actions.append(try journaling.decode(data, decoder))
            } catch {
                throw undecodable(seq, error)
            }
        }
        return actions
    }

    /// The actions of one JSON array; when it does not decode, each action is decoded on its own to name the one
    /// that fails.
    private func decodeArray(_ json: Data, firstSeq: Int64) throws(PersistenceDiagnostic) -> [Action] {
        let decoder = JSONDecoder()
        do {
            return try journaling.decodeArray?(json, decoder) ?? []
        } catch let arrayError {
            // Rare: read the array's rows again, one by one, for the message.
            do {
                let file = try PersistenceFile.openForReading(path: path)
                defer { try? file.close() }
                var failing: PersistenceDiagnostic?
                try file.forEachAction(after: firstSeq - 1) { rowSeq, version, data in
                    guard failing == nil, rowSeq < firstSeq + Int64(Self.arrayLength) else { return }
                    do {
                        _ = try journaling.decode(try migrate(data, from: version, \.action), decoder)
                    } catch {
                        failing = undecodable(rowSeq, error)
                    }
                }
                throw failing ?? undecodable(firstSeq, arrayError)
            } catch let diagnostic as PersistenceDiagnostic {
                throw diagnostic
            } catch {
                throw undecodable(firstSeq, arrayError)
            }
        }
    }

    private func undecodable(_ seq: Int64, _ error: any Error) -> PersistenceDiagnostic {
        FileChecks.diagnostic(.undecodable, path, "its journal entry \(seq) does not decode (\(error))")
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
}

/// A version with no migration registered from it.
struct MissingMigration: Error, CustomStringConvertible {
    let version: Int
    var description: String { "no migration is registered from version \(version)" }
}
