import Foundation
import Switchyard

/// The writer of a store's journal: a thread of its own takes the actions that the store's processing thread queued
/// (and, now and then, the state for a snapshot), encodes them and commits them in batches.
final class JournalWriter<Action: Sendable, State: Sendable>: Sendable {
    /// Where the store's processing thread queues its actions.
    let queue: ActionFeed<Action, State>
    private let file: PersistenceFile
    private let options: PersistenceOptions
    private let journaling: ActionJournaling<Action>
    private let encodeState: @Sendable (State) throws -> Data
    private let report: @Sendable (PersistenceDiagnostic) -> Void

    init(
        file: PersistenceFile,
        lastSeq: Int64,
        options: PersistenceOptions,
        journaling: ActionJournaling<Action>,
        encodeState: @escaping @Sendable (State) throws -> Data,
        report: @escaping @Sendable (PersistenceDiagnostic) -> Void
    ) {
        self.file = file
        self.options = options
        self.journaling = journaling
        self.encodeState = encodeState
        self.report = report
        queue = ActionFeed(
            lastSeq: lastSeq,
            snapshotEvery: options.snapshotEveryActions,
            waitsForEachCommit: options.durability == .everyAction
        )
        let thread = Thread { [self] in run() }
        thread.name = "Switchyard journal writer"
        thread.start()
    }

    private func run() {
        let encoder = JSONEncoder()
        var maxDelay: Duration?
        if case .batched(let delay) = options.durability { maxDelay = delay }
        var lastSnapshot = ContinuousClock.now
        var failing = false
        while true {
            let batch = queue.nextBatch(
                fillFor: maxDelay,
                requestSnapshot: ContinuousClock.now - lastSnapshot >= options.snapshotInterval
            )
            if !batch.isEmpty {
                do {
                    try write(batch, encoder: encoder)
                    if batch.snapshot != nil { lastSnapshot = .now }
                    failing = false
                    queue.committed(batch)
                } catch {
                    if !failing {
                        report(
                            PersistenceDiagnostic(
                                kind: .writeFailed,
                                message: "writing the journal failed (\(error)); the actions stay queued and are "
                                    + "written again"
                            )
                        )
                    }
                    failing = true
                    queue.putBack(batch)
                    if batch.closing { break }
                    Thread.sleep(forTimeInterval: 0.1)
                    continue
                }
            }
            if batch.closing && queue.isDrained { break }
        }
        // Closed before the journal says it has finished: whoever waits for that may open the file again at once.
        do {
            try file.close()
        } catch {
            report(
                PersistenceDiagnostic(kind: .writeFailed, message: "closing the journal's file failed (\(error))"))
        }
        queue.finish()
    }

    private func write(_ batch: FeedBatch<Action, State>, encoder: JSONEncoder) throws {
        var rows: [PersistenceFile.JournalRow] = []
        rows.reserveCapacity(batch.chunks.reduce(0) { $0 + $1.count })
        for record in batch.records {
            // An action that the app does not journal is skipped: its number stays unused. One that does not encode
            // never will: it is reported and skipped, rather than retried forever.
            let data: Data
            do {
                guard let encoded = try journaling.encode(record.action, encoder) else { continue }
                data = encoded
            } catch {
                report(
                    PersistenceDiagnostic(
                        kind: .unencodable,
                        message: "action \(record.seq) does not encode (\(error)); it is not journaled, and a restore "
                            + "before the next snapshot will not replay it"
                    )
                )
                continue
            }
            let source = record.source
            rows.append(
                PersistenceFile.JournalRow(
                    seq: record.seq, version: options.schemaVersion, time: record.time, file: source.file,
                    function: source.function, line: Int64(source.line), info: source.info, action: data
                )
            )
        }
        var snapshotRow: PersistenceFile.Snapshot?
        if let snapshot = batch.snapshot {
            do {
                snapshotRow = PersistenceFile.Snapshot(
                    seq: snapshot.seq, version: options.schemaVersion, state: try encodeState(snapshot.state))
            } catch {
                report(
                    PersistenceDiagnostic(
                        kind: .unencodable,
                        message: "the state after action \(snapshot.seq) does not encode (\(error)); no snapshot is "
                            + "written, and the journal is kept"
                    )
                )
            }
        }
        try file.commit(rows, snapshot: snapshotRow, version: options.schemaVersion)
    }
}
