import Foundation
import Switchyard

/// How the journal is doing, and the flushes: what the app asks of the journal while the store runs.
extension StatePersistence {
    /// Whether the journal is being written: ``JournalStatus/writing`` while writes succeed,
    /// ``JournalStatus/failing(_:pendingActions:)`` while they fail and are tried again,
    /// ``JournalStatus/stopped(_:)`` once nothing more is written in this run, ``JournalStatus/closed`` after
    /// ``close()``, and ``JournalStatus/notPersisting`` when the file could not be used and was kept where it was.
    public var journalStatus: JournalStatus {
        writer?.monitor.current ?? .notPersisting
    }

    /// The journal's status now, then each change of it, and only changes: a commit that leaves the status as it
    /// was delivers nothing, and no status comes twice in a row (a failing journal's count of pending actions
    /// changes at most at each attempt to write). The stream finishes when the journal's writer has finished (after
    /// ``close()``, or once the persistence and its store are freed).
    ///
    /// ```swift
    /// for await status in persistence.journalStatusUpdates() {
    ///     if case .failing(let diagnostic, _) = status { showWarning(diagnostic.message) }
    /// }
    /// ```
    public func journalStatusUpdates() -> AsyncStream<JournalStatus> {
        let (stream, continuation) = AsyncStream<JournalStatus>.makeStream()
        guard let monitor = writer?.monitor else {
            continuation.yield(.notPersisting)
            continuation.finish()
            return stream
        }
        // Ended by its consumer, the stream's observer is removed at the next change: `onTermination` may run
        // inside an observer's call, under the monitor's lock, so it takes no lock of the monitor's.
        let terminated = LockedValue(false)
        // The monitor calls its observers at every commit, which moves how far the file is written: only a status
        // that differs from the last one delivered is a change. The observer is called under the monitor's lock,
        // one call at a time.
        let delivered = LockedValue<JournalStatus?>(nil)
        let observed = monitor.observe { status, _, finished in
            if terminated.withLock({ $0 }) { return false }
            if finished {
                continuation.finish()
            } else if delivered.withLock({ last in
                defer { last = status }
                return last != status
            }) {
                continuation.yield(status)
            }
            return true
        }
        if observed != nil {
            continuation.onTermination = { _ in terminated.withLock { $0 = true } }
        } else {
            // The writer had finished: its last status, then the end.
            continuation.yield(monitor.final.status)
            continuation.finish()
        }
        return stream
    }

    /// Has the writer commit what is queued at once, and returns once every action the store processed before the
    /// call is written to the file (committed, not only handed to the writer), or at once when the journal reports
    /// that its writes fail, that it stopped, that it is closed, or that nothing is persisted in this run
    /// (``journalStatus``).
    ///
    /// It never waits for a disk that cannot be written, and so promises nothing about the file: while writes
    /// fail, it returns with the actions still waiting in memory (or, with
    /// ``PersistenceOptions/WriteFailurePolicy/stopJournaling``, never to be written). While writes succeed it
    /// returns with them in the file, with either durability (with ``PersistenceOptions/Durability/everyAction``
    /// they are committed already, and it returns at once). To know whether the actions are in the file, call
    /// ``flush(timeout:)``, which says so, or the asynchronous `flush()`, which throws why not.
    public func flush() {
        guard let writer else { return }
        let target = writer.queue.urgeCommit()
        _ = writer.monitor.wait(through: target, until: nil) { status in
            switch status {
            case .failing, .stopped: true
            case .writing, .closed, .notPersisting: false
            }
        }
    }

    /// Has the writer commit what is queued at once, and waits at most `timeout` for every action the store
    /// processed before the call to be written to the file (committed, not only handed to the writer); returns
    /// whether they are. While writes fail it waits through the writer's attempts and returns `false` when the time
    /// is up; it returns `false` at once when the journal stopped before writing them, and after ``close()`` it
    /// says whether the journal wrote them before it closed. With nothing persisted in this run
    /// (``JournalStatus/notPersisting``) there is nothing to write, and it returns `true` at once.
    public func flush(timeout: Duration) -> Bool {
        guard let writer else { return true }
        let target = writer.queue.urgeCommit()
        let (seconds, attoseconds) = timeout.components
        let deadline = Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18)
        return writer.monitor.wait(through: target, until: deadline) { status in
            if case .stopped = status { return true }
            return false
        }
    }

    /// Has the writer commit what is queued at once, and returns once every action the store processed before the
    /// call is written to the file, suspending meanwhile (no thread is blocked); when it returns, they are in the
    /// file. Cancelling the calling task does not end the wait: it ends when the actions are written, or when the
    /// journal reports that its writes fail or that it stopped, which it throws.
    ///
    /// - Throws: the ``PersistenceDiagnostic`` of a journal whose writes fail, or that stopped, before the actions
    ///   were written: they are not in the file (with the default write-failure policy they wait in memory, and a
    ///   later flush may succeed). With nothing persisted in this run (``JournalStatus/notPersisting``) there is
    ///   nothing to write, and it returns at once.
    public func flush() async throws {
        guard let writer else { return }
        let monitor = writer.monitor
        let target = writer.queue.urgeCommit()
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let observed = monitor.observe { status, writtenSeq, finished in
                guard let result = Self.flushResult(target: target, status, writtenSeq, finished) else {
                    return true
                }
                continuation.resume(with: result)
                return false
            }
            if observed == nil {
                let (status, writtenSeq) = monitor.final
                continuation.resume(with: Self.flushResult(target: target, status, writtenSeq, true) ?? .success(()))
            }
        }
    }

    /// What `flush() async throws` returns, or `nil` while it waits.
    fileprivate static func flushResult(
        target: Int64, _ status: JournalStatus, _ writtenSeq: Int64, _ finished: Bool
    ) -> Result<Void, PersistenceDiagnostic>? {
        if writtenSeq >= target { return .success(()) }
        switch status {
        case .failing(let diagnostic, _), .stopped(let diagnostic): return .failure(diagnostic)
        case .writing, .closed, .notPersisting: return finished ? .success(()) : nil
        }
    }
}
