import Foundation
import Switchyard

/// Whether a persisted store's journal is being written: ``StatePersistence/journalStatus`` and
/// ``StatePersistence/journalStatusUpdates()``.
public enum JournalStatus: Sendable, Equatable {
    /// Writes succeed: every action handed to the journal is written, or on its way.
    case writing
    /// Writes fail (a full disk, an I/O error) and are tried again: `diagnostic` says why, and, once actions were
    /// dropped, how many. `pendingActions` actions wait in memory to be written (as of the last attempt); what
    /// happens to the others is the ``PersistenceOptions/WriteFailurePolicy``'s choice.
    case failing(PersistenceDiagnostic, pendingActions: Int)
    /// Nothing more is written in this run: the journal stopped after a failed write
    /// (``PersistenceOptions/WriteFailurePolicy/stopJournaling``), or it was closed while its writes failed and
    /// gave up what it could not write. The file keeps what was written before.
    case stopped(PersistenceDiagnostic)
    /// The journal was closed (``StatePersistence/close()``, or the persistence and its store were freed) after
    /// writing everything it was handed.
    case closed
    /// Nothing is persisted in this run: the file could not be used and was kept where it was.
    case notPersisting
}

/// What the journal's writer thread tells the other threads: its status, how far the file is written, and whether
/// it has finished. Every access is under `condition`'s lock; observers are called under it, and must not block.
final class JournalMonitor: @unchecked Sendable {
    private let condition = NSCondition()
    private var status: JournalStatus = .writing
    /// The sequence number through which every action is written to the file (committed, not only acknowledged
    /// to the feed).
    private var writtenSeq: Int64
    private var finished = false
    private var observers: [Int: @Sendable (JournalStatus, _ writtenSeq: Int64, _ finished: Bool) -> Bool] = [:]
    private var nextObserver = 0

    init(writtenSeq: Int64) {
        self.writtenSeq = writtenSeq
    }

    /// The status now.
    var current: JournalStatus { locked { status } }

    /// Whether the actions through `seq` are written.
    func isWritten(through seq: Int64) -> Bool { locked { writtenSeq >= seq } }

    // MARK: The writer thread

    /// Sets the status; observers hear of it when it changed.
    func setStatus(_ new: JournalStatus) {
        update { status, _, _ in
            guard status != new else { return false }
            status = new
            return true
        }
    }

    /// Records that every action through `seq` is in the file, and sets the status to `newStatus` in the same
    /// change: who sees the actions written sees the status of the write that wrote them.
    func written(through seq: Int64, status newStatus: JournalStatus) {
        update { status, writtenSeq, _ in
            guard seq > writtenSeq || status != newStatus else { return false }
            writtenSeq = max(writtenSeq, seq)
            status = newStatus
            return true
        }
    }

    /// The writer has stopped: nothing changes any more; waiters and observers are released.
    func finish() {
        update { _, _, finished in
            finished = true
            return true
        }
    }

    // MARK: Anyone

    /// Waits until the actions through `seq` are written, the writer has finished, `stopWaiting` says so of the
    /// status, or `deadline` has passed; returns whether the actions are written.
    func wait(
        through seq: Int64,
        until deadline: Date?,
        stopWaiting: (JournalStatus) -> Bool = { _ in false }
    ) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while writtenSeq < seq && !finished && !stopWaiting(status) {
            if let deadline {
                if !condition.wait(until: deadline) { break }
            } else {
                condition.wait()
            }
        }
        return writtenSeq >= seq
    }

    /// Calls `observer` now and after each change, under the lock, for as long as it returns `true` and until the
    /// writer finishes (its last call says `finished`); returns `nil`, without calling it, when the writer had
    /// finished. The observer must not block, nor call the monitor (its lock is held).
    @discardableResult
    func observe(
        _ observer: @escaping @Sendable (JournalStatus, _ writtenSeq: Int64, _ finished: Bool) -> Bool
    ) -> Int? {
        locked {
            guard !finished else { return nil }
            nextObserver += 1
            if observer(status, writtenSeq, finished) { observers[nextObserver] = observer }
            return nextObserver
        }
    }

    /// What the writer had written and said when it finished.
    var final: (status: JournalStatus, writtenSeq: Int64) { locked { (status, writtenSeq) } }

    private func update(_ change: (inout JournalStatus, inout Int64, inout Bool) -> Bool) {
        condition.lock()
        defer { condition.unlock() }
        guard change(&status, &writtenSeq, &finished) else { return }
        condition.broadcast()
        for (key, observer) in observers where !observer(status, writtenSeq, finished) || finished {
            observers.removeValue(forKey: key)
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}
