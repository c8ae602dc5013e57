import Foundation
import Switchyard

#if canImport(Glibc)
    import Glibc
#endif

// Invariant of the unchecked `Sendable` here: `pending` is read and written only between `condition.lock()` and
// `condition.unlock()` (in `locked`, and in the waits of the writer thread and of `flush`), and no user code runs
// while the condition's lock is held: actions are encoded, the state read and the file written after unlocking.

/// The writer of a store's journal: the processing thread queues each journaled action (and, now and then, the state
/// for a snapshot) under a lock; a thread of the writer's own encodes them and commits them in batches.
///
/// The processing thread's side (`append`) is inlinable, so that it is specialized for the app's types where the
/// store is: unspecialized, each action would look up the generic metadata of the queue's types.
@usableFromInline
final class JournalWriter<Action: Codable & Sendable, State: Sendable>: @unchecked Sendable {
    @usableFromInline
    struct Record {
        @usableFromInline var seq: Int64
        @usableFromInline var action: Action
        @usableFromInline var source: ActionSource
        @usableFromInline var time: Double

        @inlinable
        init(seq: Int64, action: Action, source: ActionSource, time: Double) {
            self.seq = seq
            self.action = action
            self.source = source
            self.time = time
        }
    }

    @usableFromInline
    struct Pending {
        @usableFromInline var records: [Record] = []
        /// An empty array with capacity, swapped in when the writer takes `records`: queuing allocates nothing.
        @usableFromInline var spare: [Record] = []
        @usableFromInline var snapshot: (seq: Int64, state: State)?
        @usableFromInline var lastSeq: Int64
        @usableFromInline var committedSeq: Int64
        @usableFromInline var sinceSnapshot = 0
        @usableFromInline var snapshotDue = false
        @usableFromInline var writerSleeping = false
        @usableFromInline var urgent = false
        @usableFromInline var closing = false
        @usableFromInline var finished = false

        @usableFromInline
        init(lastSeq: Int64, committedSeq: Int64) {
            self.lastSeq = lastSeq
            self.committedSeq = committedSeq
        }
    }

    /// The most actions queued for the writer; past it the processing thread waits for a commit.
    @inlinable static var maxQueued: Int { 65_536 }

    @usableFromInline let condition = NSCondition()
    @usableFromInline var pending: Pending
    private let file: PersistenceFile
    @usableFromInline let options: PersistenceOptions
    private let encodeState: @Sendable (State) throws -> Data
    private let report: @Sendable (PersistenceDiagnostic) -> Void
    private let encoder = JSONEncoder()

    init(
        file: PersistenceFile,
        lastSeq: Int64,
        options: PersistenceOptions,
        encodeState: @escaping @Sendable (State) throws -> Data,
        report: @escaping @Sendable (PersistenceDiagnostic) -> Void
    ) {
        self.file = file
        self.options = options
        self.encodeState = encodeState
        self.report = report
        self.pending = Pending(lastSeq: lastSeq, committedSeq: lastSeq)
        pending.records.reserveCapacity(1_024)
        pending.spare.reserveCapacity(1_024)
        let thread = Thread { [self] in run() }
        thread.name = "Switchyard journal writer"
        thread.start()
    }

    @inlinable
    func locked<Result>(_ body: (inout Pending) -> Result) -> Result {
        condition.lock()
        defer { condition.unlock() }
        return body(&pending)
    }

    // MARK: The processing thread

    /// Queues `action`, processed now from `source`; `state` is read (outside the lock) when a snapshot is due. With
    /// `.everyAction`, returns once the action is committed.
    @inlinable
    func append(_ action: Action, source: ActionSource, state: GetState<State>) {
        let time = coarseTime()
        let every = options.snapshotEveryActions
        let (seq, snapshotDue, wakeWriter, isFull) = locked { pending -> (Int64, Bool, Bool, Bool) in
            // Closed: what the store processes from now on is not journaled.
            if pending.closing { return (0, false, false, false) }
            pending.lastSeq += 1
            pending.records.append(Record(seq: pending.lastSeq, action: action, source: source, time: time))
            pending.sinceSnapshot += 1
            let due = pending.sinceSnapshot > every || pending.snapshotDue
            if due {
                pending.sinceSnapshot = 1
                pending.snapshotDue = false
            }
            return (
                pending.lastSeq, due, pending.writerSleeping && pending.records.count == 1,
                pending.records.count >= Self.maxQueued
            )
        }
        if seq == 0 { return }
        if snapshotDue {
            // The state before this action: the state after the entry before it.
            let snapshot = state()
            locked { $0.snapshot = (seq - 1, snapshot) }
        }
        if isFull {
            // The writer is behind by a full queue: wait until it has committed a batch, so that memory stays bounded.
            condition.lock()
            pending.urgent = true
            condition.signal()
            while pending.records.count >= Self.maxQueued && !pending.finished { condition.wait() }
            condition.unlock()
        }
        if case .everyAction = options.durability {
            condition.lock()
            pending.urgent = true
            condition.signal()
            while pending.committedSeq < seq && !pending.finished { condition.wait() }
            condition.unlock()
        } else if wakeWriter {
            condition.lock()
            condition.signal()
            condition.unlock()
        }
    }

    /// Returns once every action queued before the call is committed.
    func flush() {
        condition.lock()
        let target = pending.lastSeq
        pending.urgent = true
        condition.broadcast()
        while pending.committedSeq < target && !pending.finished { condition.wait() }
        condition.unlock()
    }

    /// Commits what is queued and stops the writer thread.
    func close() {
        condition.lock()
        pending.closing = true
        condition.broadcast()
        while !pending.finished { condition.wait() }
        condition.unlock()
    }

    // MARK: The writer thread

    private func run() {
        var lastSnapshot = ContinuousClock.now
        var failing = false
        while true {
            condition.lock()
            while pending.records.isEmpty && pending.snapshot == nil && !pending.closing {
                pending.writerSleeping = true
                condition.wait()
                pending.writerSleeping = false
            }
            if case .batched(let maxDelay) = options.durability, !pending.urgent, !pending.closing {
                // Let the batch fill for at most `maxDelay`; a flush or a close cuts the wait short.
                _ = condition.wait(until: Date(timeIntervalSinceNow: maxDelay.seconds))
            }
            pending.urgent = false
            // The batch leaves; the spare array, empty with its capacity, takes its place, held by nothing else.
            var records = pending.records
            pending.records = pending.spare
            pending.spare = []
            let snapshot = pending.snapshot.take()
            let closing = pending.closing
            if ContinuousClock.now - lastSnapshot >= options.snapshotInterval { pending.snapshotDue = true }
            condition.unlock()

            if !records.isEmpty || snapshot != nil {
                do {
                    try write(records, snapshot: snapshot)
                    if snapshot != nil { lastSnapshot = .now }
                    failing = false
                    let last = records.last?.seq ?? snapshot?.seq ?? 0
                    records.removeAll(keepingCapacity: true)
                    condition.lock()
                    pending.committedSeq = max(pending.committedSeq, last)
                    pending.spare = records
                    condition.broadcast()
                    condition.unlock()
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
                    condition.lock()
                    pending.records.insert(contentsOf: records, at: 0)
                    if let snapshot, pending.snapshot == nil { pending.snapshot = snapshot }
                    condition.unlock()
                    if !closing { Thread.sleep(forTimeInterval: 0.1) }
                    if closing { break }
                    continue
                }
            }
            if closing {
                condition.lock()
                let drained = pending.records.isEmpty && pending.snapshot == nil
                condition.unlock()
                if drained { break }
            }
        }
        condition.lock()
        pending.finished = true
        condition.broadcast()
        condition.unlock()
    }

    private func write(_ records: [Record], snapshot: (seq: Int64, state: State)?) throws {
        let rows = try records.map { record in
            PersistenceFile.JournalRow(
                seq: record.seq, version: options.schemaVersion, time: record.time, file: record.source.file,
                function: record.source.function, line: Int64(record.source.line), info: record.source.info,
                action: try encoder.encode(record.action)
            )
        }
        let snapshotRow = try snapshot.map {
            PersistenceFile.Snapshot(seq: $0.seq, version: options.schemaVersion, state: try encodeState($0.state))
        }
        try file.commit(rows, snapshot: snapshotRow, version: options.schemaVersion)
    }
}

extension Duration {
    /// This duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// Seconds since 1970, from a clock that costs a few nanoseconds to read (a few milliseconds coarse on Linux).
@inlinable
func coarseTime() -> Double {
    #if canImport(Glibc)
        var time = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    #else
        return Date().timeIntervalSince1970
    #endif
}

/// Keeps a journal's writer running while anything uses it: the ``StatePersistence`` and the journal middleware of
/// the store each hold it, and the last one to let go of it stops the writer, after committing what is queued.
@usableFromInline
final class JournalLifetime<Action: Codable & Sendable, State: Sendable>: Sendable {
    @usableFromInline let writer: JournalWriter<Action, State>?

    init(writer: JournalWriter<Action, State>?) {
        self.writer = writer
    }

    deinit {
        writer?.close()
    }
}
