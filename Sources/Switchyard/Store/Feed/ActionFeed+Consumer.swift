import Synchronization

extension ActionFeed {
    // MARK: The consumer

    /// Whether the consumer has something to take: records, a snapshot, or the close. Under the lock.
    func hasWork(_ state: ActionFeedState<Action, State>) -> Bool {
        published.load(ordering: .sequentiallyConsistent) > state.readSeq || !state.retry.isEmpty
            || state.snapshot != nil || signals.load(ordering: .sequentiallyConsistent) & Signal.closing != 0
    }

    /// Waits for records, a snapshot, or the close; then, with `fillFor`, lets the batch fill for at most that long
    /// (a flush, a close or a waiting processing thread cuts it short); and takes the batch. `requestSnapshot` asks the
    /// next action for a snapshot (as the snapshot interval does).
    ///
    /// With `waitingAtMost`, waits that long at most for something to take, and returns an empty batch if nothing
    /// came: a consumer that retries a failed write on a schedule of its own wakes in time to do so.
    package func nextBatch(
        fillFor maxDelay: Duration?,
        requestSnapshot: Bool,
        waitingAtMost timeout: Duration? = nil
    ) -> FeedBatch<Action, State> {
        if requestSnapshot { signals.bitwiseOr(Signal.snapshotRequested, ordering: .relaxed) }
        let deadline = timeout.map { ContinuousClock.now.advanced(by: $0) }
        while true {
            let ticket = state.withLock { state -> UInt64? in
                if hasWork(state) { return nil }
                // Flag, ticket, then a last look: a record published after the look sees the flag and wakes us after
                // the ticket was read.
                signals.bitwiseOr(Signal.consumerSleeping, ordering: .sequentiallyConsistent)
                let ticket = consumerWakes.ticket
                if hasWork(state) {
                    signals.bitwiseAnd(~Signal.consumerSleeping, ordering: .sequentiallyConsistent)
                    return nil
                }
                return ticket
            }
            guard let ticket else { break }
            if let deadline {
                let remaining = ContinuousClock.now.duration(to: deadline)
                if remaining <= .zero || !consumerWakes.wait(after: ticket, timeout: remaining) {
                    signals.bitwiseAnd(~Signal.consumerSleeping, ordering: .sequentiallyConsistent)
                    let closing = signals.load(ordering: .sequentiallyConsistent) & Signal.closing != 0
                    return FeedBatch(chunks: [], snapshot: nil, closing: closing)
                }
            } else {
                consumerWakes.wait(after: ticket)
            }
        }
        if let maxDelay {
            let ticket = state.withLock { state in
                state.urgent || signals.load(ordering: .relaxed) & Signal.closing != 0 ? nil : consumerWakes.ticket
            }
            if let ticket { consumerWakes.wait(after: ticket, timeout: maxDelay) }
        }
        return state.withLock { state in
            state.urgent = false
            let closing = signals.load(ordering: .sequentiallyConsistent) & Signal.closing != 0
            let lastSeq = published.load(ordering: .acquiring)
            return FeedBatch(
                chunks: state.takeRecords(through: lastSeq), snapshot: state.snapshot.take(), closing: closing)
        }
    }

    /// Reports `batch` committed.
    package func committed(_ batch: consuming FeedBatch<Action, State>) {
        let seq = batch.lastSeq
        // The records are released here, with no lock held (an action's `deinit` is the app's code).
        _ = consume batch
        state.withLock { _ in
            if seq > committedSeq.load(ordering: .relaxed) { committedSeq.store(seq, ordering: .releasing) }
        }
        committed.broadcast()
    }

    /// Puts back a batch that could not be written, before what was queued since, to be written again.
    package func putBack(_ batch: FeedBatch<Action, State>) {
        let released = state.withLock { state -> (seq: Int64, state: State)? in
            state.retry.insert(contentsOf: batch.chunks, at: 0)
            guard let snapshot = batch.snapshot, state.snapshot == nil else { return batch.snapshot }
            state.snapshot = snapshot
            return nil
        }
        withExtendedLifetime(released) {}
    }

    /// Whether nothing is queued.
    package var isDrained: Bool {
        state.withLock { state in
            state.snapshot == nil && state.retry.isEmpty && published.load(ordering: .acquiring) == state.readSeq
        }
    }

    /// Called by the consumer when it stops: every waiting thread may go.
    package func finish() {
        state.withLock { $0.finished = true }
        committed.broadcast()
    }
}
