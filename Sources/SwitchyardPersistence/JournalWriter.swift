import Foundation
import Switchyard

/// The writer of a store's journal: a thread of its own takes the actions that the store's processing thread queued
/// (and, now and then, the state for a snapshot), encodes them and commits them in batches.
///
/// While writes fail it follows the ``PersistenceOptions/WriteFailurePolicy``: it keeps the encoded rows it could not write in
/// a buffer of its own and tries again with a backoff (0.1 s, doubling to 5 s; only a successful write resets it).
/// With `keepInMemory` it acknowledges each batch to the feed at once, so that the store's processing thread never
/// waits for the disk; with `blockProcessing` it acknowledges a batch only once written, so that the feed's bound
/// makes the processing thread wait; with `stopJournaling` it stops the feed at the first failure.
///
/// Why the file stays consistent when rows are dropped (`keepInMemory` past its bound). The file holds a snapshot
/// `S0` (or none) and every journaled row in `(S0, W]`, `W` being the last sequence number written: a restore
/// replays them in order. A commit writes, in one transaction, the pending rows (every journaled row after `W`
/// that was not dropped) and, when one is pending, the latest snapshot `S1`, deleting the rows through `S1`. A
/// pending snapshot makes the pending rows through its sequence number useless, so they are released at once (the
/// commit would delete them). When the oldest pending rows are dropped, `gapThrough` remembers the last dropped
/// sequence number `G`, and no commit happens until a snapshot with `S1 >= G` is pending: every dropped row is then
/// at or before `S1`, the commit deletes every row through `S1` (the old ones `<= W < G` included), and the rows
/// left after `S1` are every journaled row in `(S1, A]`, `A` being the last acknowledged: snapshot `S1` plus a
/// journal without a gap. Until then the writer asks the feed for a snapshot with each batch; the state after the
/// next processed action is one, and its sequence number is after every row taken so far, so after `G`. A row at
/// or before `G` is thus never written without the snapshot that covers it. Closed before such a snapshot came,
/// the writer writes nothing more and reports the pending rows lost.
final class JournalWriter<Action: Sendable, State: Sendable>: Sendable {
    /// Where the store's processing thread queues its actions.
    let queue: ActionFeed<Action, State>
    /// The file; internal, not private: the tests reach its connection to make writes fail.
    let file: PersistenceFile
    private let options: PersistenceOptions
    private let journaling: ActionJournaling<Action>
    private let encodeState: @Sendable (State) throws -> Data
    private let report: @Sendable (PersistenceDiagnostic) -> Void
    /// What the writer thread tells the others: its status, and how far the file is written.
    let monitor: JournalMonitor
    /// The last sequence number in the file when the writer started.
    private let initialSeq: Int64

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
        initialSeq = lastSeq
        monitor = JournalMonitor(writtenSeq: lastSeq)
        queue = ActionFeed(
            lastSeq: lastSeq,
            snapshotEvery: options.snapshotEveryActions,
            waitsForEachCommit: options.durability == .everyAction
        )
        let thread = Thread { [self] in run() }
        thread.name = "Switchyard journal writer"
        thread.start()
    }

    /// What the writer thread keeps between batches.
    private struct Pending {
        /// Encoded rows not written yet, in order.
        var rows: [PersistenceFile.JournalRow] = []
        /// The latest snapshot not written yet.
        var snapshot: PersistenceFile.Snapshot?
        /// Batches taken and not acknowledged to the feed yet (`blockProcessing`, or before a write's outcome).
        var batches: [FeedBatch<Action, State>] = []
        /// The last sequence number taken from the feed.
        var takenSeq: Int64
        /// The last sequence number dropped, while no pending snapshot covers it.
        var gapThrough: Int64?
        /// Whether the last write failed.
        var failing = false
        /// The diagnostic of the failing period.
        var failure: PersistenceDiagnostic?
        /// Rows dropped during this failing period.
        var dropped = 0
        /// The wait before the next attempt, and when it is due.
        var backoff: Duration = .milliseconds(100)
        var nextAttempt = ContinuousClock.now
        /// Whether the journal stopped (`stopJournaling`): batches are acknowledged and not written.
        var stopped = false
        /// The file and function of the sources encoded last, as strings made once per call site, kept between
        /// batches: packing compares a source's strings by identity, not text (about 250 instructions per action).
        var sourceStrings = ActionSource.Strings()

        /// Whether the pending rows may be written: no dropped row is left uncovered.
        var isConsistent: Bool {
            guard let gapThrough else { return true }
            return (snapshot?.seq ?? .min) >= gapThrough
        }
    }

    private func run() {
        let encoder = JournalJSONEncoder.Reusing()
        var maxDelay: Duration?
        if case .batched(let delay) = options.durability { maxDelay = delay }
        var lastSnapshot = ContinuousClock.now
        var pending = Pending(takenSeq: initialSeq)
        while true {
            let batch = queue.nextBatch(
                fillFor: pending.failing ? nil : maxDelay,
                requestSnapshot: ContinuousClock.now - lastSnapshot >= options.snapshotInterval
                    || !pending.isConsistent,
                waitingAtMost: pending.failing ? ContinuousClock.now.duration(to: pending.nextAttempt) : nil
            )
            let closing = batch.closing
            if pending.stopped {
                queue.committed(batch)
            } else if !batch.isEmpty {
                // The snapshot interval counts from the snapshot taken, written now or with the next successful write.
                if batch.snapshot != nil { lastSnapshot = .now }
                take(batch, into: &pending, encoder: encoder)
            }
            if closing && queue.isDrained {
                if !pending.stopped { writeBeforeClosing(&pending) }
                break
            }
            if pending.stopped || closing { continue }
            if !pending.failing ? !pending.batches.isEmpty : ContinuousClock.now >= pending.nextAttempt {
                attempt(&pending)
            }
        }
        if case .writing = monitor.current { monitor.setStatus(.closed) }
        // Closed before the journal says it has finished: whoever waits for that may open the file again at once.
        do {
            try file.close()
        } catch {
            report(
                PersistenceDiagnostic(kind: .writeFailed, message: "closing the journal's file failed (\(error))"))
        }
        monitor.finish()
        queue.finish()
    }

    /// Encodes `batch` into the pending rows; acknowledges it at once while writes fail with `keepInMemory`, and
    /// drops the oldest rows beyond its bound.
    private func take(_ batch: FeedBatch<Action, State>, into pending: inout Pending, encoder: JSONEncoder) {
        let (rows, snapshot) = encode(batch, encoder: encoder, sourceStrings: &pending.sourceStrings)
        pending.takenSeq = max(pending.takenSeq, batch.lastSeq)
        if let snapshot {
            // The snapshot makes the rows through it useless: the commit that writes it deletes them.
            pending.rows.removeAll { $0.seq <= snapshot.seq }
            pending.snapshot = snapshot
        }
        if pending.rows.isEmpty {
            pending.rows = rows  // the usual case, writes succeeding: no copy
        } else {
            pending.rows.append(contentsOf: rows)
        }
        guard case .keepInMemory = options.writeFailure, pending.failing else {
            pending.batches.append(batch)
            return
        }
        queue.committed(batch)
        dropBeyondBound(&pending)
    }

    /// With `keepInMemory`, drops the oldest pending rows beyond its bound, and remembers the gap they leave.
    private func dropBeyondBound(_ pending: inout Pending) {
        guard case .keepInMemory(let maxPending) = options.writeFailure else { return }
        let excess = pending.rows.count - max(maxPending, 0)
        guard excess > 0 else { return }
        pending.gapThrough = max(pending.gapThrough ?? .min, pending.rows[excess - 1].seq)
        pending.rows.removeFirst(excess)
        if pending.dropped == 0 {
            report(
                PersistenceDiagnostic(
                    kind: .actionsDropped(excess),
                    message: "writing the journal fails and more than \(maxPending) actions wait: the oldest "
                        + "\(excess) were dropped; a snapshot written once writes succeed again covers them"
                )
            )
        }
        pending.dropped += excess
        pending.failure = PersistenceDiagnostic(
            kind: .actionsDropped(pending.dropped),
            message: "writing the journal fails: \(pending.dropped) actions dropped so far, the oldest first; a "
                + "snapshot written once writes succeed again covers them"
        )
    }

    /// Writes what is pending; `true` when it was written. A failure follows the policy.
    @discardableResult
    private func attempt(_ pending: inout Pending) -> Bool {
        guard pending.isConsistent else {
            // Nothing can be written before the snapshot that covers the dropped rows: the next attempt waits.
            schedule(&pending)
            return false
        }
        do {
            try file.commit(pending.rows, snapshot: pending.snapshot, version: options.schemaVersion)
        } catch {
            failed(&pending, error)
            return false
        }
        let wasFailing = pending.failing
        let dropped = pending.dropped
        pending.rows = []
        pending.snapshot = nil
        pending.gapThrough = nil
        pending.failing = false
        pending.failure = nil
        pending.dropped = 0
        pending.backoff = .milliseconds(100)
        if wasFailing {
            report(
                PersistenceDiagnostic(
                    kind: .writesResumed,
                    message: dropped == 0
                        ? "writing the journal succeeds again: every action is written"
                        : "writing the journal succeeds again: \(dropped) actions were dropped, and the snapshot "
                            + "written now covers them"
                )
            )
        }
        monitor.written(through: pending.takenSeq, status: .writing)
        for batch in pending.batches { queue.committed(batch) }
        pending.batches.removeAll()
        return true
    }

    /// A write failed: starts or continues the failing period, or stops the journal.
    private func failed(_ pending: inout Pending, _ error: any Error) {
        if options.writeFailure == .stopJournaling {
            let diagnostic = PersistenceDiagnostic(
                kind: .journalStopped,
                message: "writing the journal failed (\(error)): the journal stopped, the file keeps what was "
                    + "written before, and nothing more is written in this run"
            )
            pending.stopped = true
            pending.rows = []
            pending.snapshot = nil
            monitor.setStatus(.stopped(diagnostic))
            report(diagnostic)
            // The writer cannot close the feed and wait for itself: it stops the appends, and acknowledges
            // whatever comes until the feed is drained.
            queue.stopAppending()
            for batch in pending.batches { queue.committed(batch) }
            pending.batches.removeAll()
            return
        }
        if pending.failing {
            pending.backoff = min(pending.backoff * 2, .seconds(5))
        } else {
            pending.failing = true
            pending.backoff = .milliseconds(100)
            let diagnostic = PersistenceDiagnostic(
                kind: .writeFailed,
                message: options.writeFailure == .blockProcessing
                    ? "writing the journal failed (\(error)); the actions stay queued and are written again"
                    : "writing the journal failed (\(error)); the actions are kept in memory and written again"
            )
            pending.failure = diagnostic
            report(diagnostic)
        }
        if case .keepInMemory = options.writeFailure {
            for batch in pending.batches { queue.committed(batch) }
            pending.batches.removeAll()
            dropBeyondBound(&pending)
        }
        schedule(&pending)
    }

    /// Sets the next attempt after the backoff, and publishes the status.
    private func schedule(_ pending: inout Pending) {
        pending.nextAttempt = .now + pending.backoff
        if let failure = pending.failure {
            monitor.setStatus(.failing(failure, pendingActions: pending.rows.count))
        }
    }

    /// The feed is closing and drained: writes what is pending, trying once more when writes fail, and reports
    /// what is lost when that fails too.
    private func writeBeforeClosing(_ pending: inout Pending) {
        let hasPending = !pending.rows.isEmpty || pending.snapshot != nil || !pending.batches.isEmpty
        guard hasPending || pending.failing else { return }
        if pending.isConsistent && attempt(&pending) { return }
        if pending.stopped { return }
        let lost = pending.rows.count
        guard lost + pending.dropped > 0 else {
            monitor.setStatus(.closed)
            return
        }
        let diagnostic = PersistenceDiagnostic(
            kind: .actionsDropped(lost + pending.dropped),
            message: "the journal closed while its writes failed: the last \(lost) actions were not written"
                + (pending.dropped > 0 ? ", after \(pending.dropped) dropped before" : "")
                + (pending.isConsistent ? "" : ", and no snapshot covers the dropped ones")
                + "; the file keeps what was written before"
        )
        monitor.setStatus(.stopped(diagnostic))
        report(diagnostic)
        for batch in pending.batches { queue.committed(batch) }
        pending.batches.removeAll()
    }

    /// From how many actions a batch is encoded on every core: about 2 ms of encoding in JSON, against some 20 µs to
    /// spread a batch over the cores.
    private static var parallelEncodingThreshold: Int { 512 }

    /// Appends the rows of the journaled actions of `chunk`, encoded, to `rows`, and what did not encode to
    /// `failures`.
    private func encode(
        _ chunk: ContiguousArray<FeedRecord<Action>>, encoder: JSONEncoder,
        into rows: inout [PersistenceFile.JournalRow], failures: inout [PersistenceDiagnostic],
        sourceStrings: inout ActionSource.Strings
    ) {
        for record in chunk {
            // An action that the app does not journal is skipped: its number stays unused. One that does not encode
            // never will: it is reported and skipped, rather than retried forever.
            let data: Data
            do {
                guard let encoded = try journaling.encode(record.action, encoder) else { continue }
                data = encoded
            } catch {
                failures.append(
                    PersistenceDiagnostic(
                        kind: .unencodable,
                        message: "action \(record.seq) does not encode (\(error)); it is not journaled, and a restore "
                            + "before the next snapshot will not replay it"
                    )
                )
                continue
            }
            let (file, function) = record.fileAndFunction(in: &sourceStrings)
            rows.append(
                PersistenceFile.JournalRow(
                    seq: record.seq, version: options.schemaVersion, time: record.time, file: file,
                    function: function, line: Int64(record.line), info: record.info, action: data
                )
            )
        }
    }

    /// The rows of the journaled actions of `batch`, and its snapshot, encoded.
    private func encode(
        _ batch: FeedBatch<Action, State>,
        encoder: JSONEncoder,
        sourceStrings: inout ActionSource.Strings
    ) -> ([PersistenceFile.JournalRow], PersistenceFile.Snapshot?) {
        let count = batch.chunks.reduce(0) { $0 + $1.count }
        var rows: [PersistenceFile.JournalRow] = []
        rows.reserveCapacity(count)
        var failures: [PersistenceDiagnostic] = []
        if count < Self.parallelEncodingThreshold || batch.chunks.count < 2 {
            for chunk in batch.chunks {
                encode(chunk, encoder: encoder, into: &rows, failures: &failures, sourceStrings: &sourceStrings)
            }
        } else {
            // A large batch (the store dispatching faster than the writer commits) is encoded on every core, a chunk
            // of the feed each: encoding is most of the writer's work. The rows keep the chunks' order.
            // The diagnostics are reported afterwards, on the writer's thread, as for a small batch.
            let encoded = LockedValue(
                [([PersistenceFile.JournalRow], [PersistenceDiagnostic])](
                    repeating: ([], []), count: batch.chunks.count))
            let chunks = batch.chunks
            // Each core starts from the writer's strings, made first for the batch's first action: a batch from one
            // call site makes no string, and its rows share one string of each.
            if let first = batch.chunks.first?.first { sourceStrings.update(for: first.source) }
            let startingStrings = sourceStrings
            Parallel.forEach(chunks.count) { index in
                var chunkRows: [PersistenceFile.JournalRow] = []
                var chunkFailures: [PersistenceDiagnostic] = []
                chunkRows.reserveCapacity(chunks[index].count)
                var strings = startingStrings
                self.encode(
                    chunks[index], encoder: JournalJSONEncoder.Reusing(), into: &chunkRows, failures: &chunkFailures,
                    sourceStrings: &strings)
                encoded.withLock { $0[index] = (chunkRows, chunkFailures) }
            }
            for (chunkRows, chunkFailures) in encoded.withLock({ $0 }) {
                rows.append(contentsOf: chunkRows)
                failures.append(contentsOf: chunkFailures)
            }
        }
        for failure in failures { report(failure) }
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
        return (rows, snapshotRow)
    }
}
