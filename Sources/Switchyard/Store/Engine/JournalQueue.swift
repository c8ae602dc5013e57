#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// How a store hands its actions to a journal (SwitchyardPersistence's writer), and the invariants it relies on:
// - The store's processing thread appends each processed action, right after the reducer and before the commit, with
//   `append`: under the queue's lock, a sequence number and an append into a chunk of recycled capacity, so that the
//   processing thread allocates nothing (but a new chunk now and then) and runs no code of the journal's. What must
//   wait (a full queue, a commit that the durability asks for) waits after the store's commit, so that readers of
//   the state never wait for the file.
// - One consumer (the journal's writer thread) takes the records in batches with `nextBatch`, writes them with no
//   lock held, and reports them committed with `committed(_:)`, which takes the chunks back.
// - `JournalHook` borrows the queue from the raw address that the store's core keeps (`StoreCore.journalAddress`),
//   with no reference counted: the core retained the queue when it stored the address and releases it only in its
//   `deinit`, and the processing thread uses the hook only while it holds the core.
// - All mutable state is `JournalQueueState`, reachable only inside `state.withLock`; what the lock decides comes
//   back as a value, and threads are woken and states released after unlocking.

/// One processed action as the journal receives it.
@usableFromInline
package struct JournalRecord<Action: Sendable>: Sendable {
    /// The action's number: one more than the action processed before it.
    @usableFromInline package var seq: Int64
    /// The action.
    @usableFromInline package var action: Action
    /// Where it was dispatched from.
    @usableFromInline package var source: ActionSource
    /// When it was processed, in seconds since 1970 (a clock a few milliseconds coarse).
    @usableFromInline package var time: Double

    @inlinable
    init(seq: Int64, action: Action, source: ActionSource, time: Double) {
        self.seq = seq
        self.action = action
        self.source = source
        self.time = time
    }
}

/// What the consumer takes in one go: the records queued since the last batch, and a snapshot of the state to
/// write after them, if one is due.
package struct JournalBatch<Action: Sendable, State: Sendable>: Sendable {
    /// The records, in the order the store processed them, in chunks.
    package var chunks: [ContiguousArray<JournalRecord<Action>>]
    /// The state after the action `seq`, when a snapshot is due.
    package var snapshot: (seq: Int64, state: State)?
    /// Whether the journal is closing: the consumer writes what it has and what is left, then calls `finish()`.
    package var closing: Bool

    /// Whether there is nothing to write.
    package var isEmpty: Bool { chunks.isEmpty && snapshot == nil }

    /// The records, in the order the store processed them.
    package var records: FlattenSequence<[ContiguousArray<JournalRecord<Action>>]> { chunks.joined() }

    /// The sequence number of the last record or of the snapshot, whichever is later; 0 for neither.
    package var lastSeq: Int64 { max(chunks.last?.last?.seq ?? 0, snapshot?.seq ?? 0) }
}

/// What `append` decided, for the store to act on after its commit.
@usableFromInline
struct JournalTicket: Sendable {
    /// The record's sequence number; 0 when the journal is closed and the action was not queued.
    @usableFromInline let seq: Int64
    /// Whether the store must hand its state after this action for a snapshot (``JournalQueue/setSnapshot(_:state:)``).
    @usableFromInline let snapshotDue: Bool
    /// Whether the consumer sleeps waiting for records and must be woken.
    @usableFromInline let wakeConsumer: Bool
    /// Whether the processing thread must wait after the commit (``JournalQueue/wait(for:)``): for room, the queue
    /// being full, or for this record's commit.
    @usableFromInline let mustWait: Bool

    @inlinable
    init(seq: Int64, snapshotDue: Bool, wakeConsumer: Bool, mustWait: Bool) {
        self.seq = seq
        self.snapshotDue = snapshotDue
        self.wakeConsumer = wakeConsumer
        self.mustWait = mustWait
    }

    @inlinable
    static var closed: JournalTicket { JournalTicket(seq: 0, snapshotDue: false, wakeConsumer: false, mustWait: false) }
}

/// The queue between a store and its journal: the store's processing thread appends each processed action, the
/// journal's writer takes them in batches. Bounded: past ``maxQueued`` records, the processing thread waits for the
/// writer. Stops when ``close()`` is called or when every holder (the persistence, and the store it is attached to)
/// has let go of it.
@usableFromInline
package final class JournalQueue<Action: Sendable, State: Sendable>: Sendable {
    @usableFromInline let state: LockedValue<JournalQueueState<Action, State>>
    /// The processing thread, waiting for room or for a commit, and `flush()` and `close()` wait on this.
    @usableFromInline let committed = LockCondition()
    /// The consumer waits on this for records, and for a batch to fill.
    @usableFromInline let consumerWakes = LockCondition()
    /// A snapshot is due after this many actions since the last.
    @usableFromInline let snapshotEvery: Int
    /// Whether the processing thread waits for each action's commit.
    @usableFromInline let waitsForEachCommit: Bool
    /// The most records queued; past it, the processing thread waits for the consumer.
    @usableFromInline let maxQueued: Int

    /// A queue whose last committed action is `lastSeq`; a snapshot is due every `snapshotEvery` actions, and with
    /// `waitsForEachCommit` the processing thread waits for each action's commit before the next.
    package init(lastSeq: Int64, snapshotEvery: Int, waitsForEachCommit: Bool, maxQueued: Int = 65_536) {
        precondition(snapshotEvery > 0 && maxQueued > 0)
        state = LockedValue(JournalQueueState(lastSeq: lastSeq))
        self.snapshotEvery = snapshotEvery
        self.waitsForEachCommit = waitsForEachCommit
        self.maxQueued = maxQueued
    }

    // MARK: The store's processing thread

    /// Queues `action`, just reduced, dispatched from `source`; returns what the store does after its commit.
    ///
    /// The action and its source come apart: a `DispatchedAction` captured whole was copied through its value
    /// witnesses, 116 instructions per action, against 91 for the source alone.
    @inlinable
    func append(_ action: Action, source: ActionSource) -> JournalTicket {
        let time = coarseWallClock()
        let snapshotEvery = snapshotEvery
        let maxQueued = maxQueued
        let waitsForEachCommit = waitsForEachCommit
        return state.withLock { state in
            // Closed: what the store processes from now on is not journaled.
            if state.closing { return .closed }
            state.lastSeq &+= 1
            state.append(JournalRecord(seq: state.lastSeq, action: action, source: source, time: time))
            state.sinceSnapshot &+= 1
            let snapshotDue = state.sinceSnapshot >= snapshotEvery || state.snapshotRequested
            if snapshotDue {
                state.sinceSnapshot = 0
                state.snapshotRequested = false
            }
            let wakeConsumer = state.consumerSleeping
            state.consumerSleeping = false
            return JournalTicket(
                seq: state.lastSeq,
                snapshotDue: snapshotDue,
                wakeConsumer: wakeConsumer,
                mustWait: waitsForEachCommit || state.count >= maxQueued
            )
        }
    }

    /// Hands the state after the action `seq` for a snapshot, as `append` asked.
    @inlinable @inline(never)
    func setSnapshot(_ seq: Int64, state snapshot: State) {
        let replaced = state.withLock { state in
            defer { state.snapshot = (seq, snapshot) }
            return state.snapshot
        }
        // A snapshot the consumer had not taken yet is released here, after the unlock.
        withExtendedLifetime(replaced) {}
    }

    /// Hands a state that no action produced (a debugging tool travelling in time): it is snapshotted after the last
    /// queued action, so that restoring it replays the actions processed from now on onto this state.
    @usableFromInline
    func stateReplaced(_ newState: State) {
        let (replaced, wake) = state.withLock { state -> ((seq: Int64, state: State)?, Bool) in
            if state.closing { return (nil, false) }
            defer {
                state.snapshot = (state.lastSeq, newState)
                state.sinceSnapshot = 0
                state.consumerSleeping = false
            }
            return (state.snapshot, state.consumerSleeping)
        }
        withExtendedLifetime(replaced) {}
        if wake { consumerWakes.broadcast() }
    }

    /// After the store's commit: wakes the consumer, and waits (for room, or for the record's commit) as `append`
    /// decided.
    @inlinable
    func complete(_ ticket: JournalTicket) {
        if ticket.wakeConsumer { consumerWakes.broadcast() }
        if ticket.mustWait { wait(for: ticket) }
    }

    /// Waits until the queue has room again and, when each commit is awaited, until the record `ticket` is committed.
    @usableFromInline @inline(never)
    func wait(for ticket: JournalTicket) {
        let waitsForEachCommit = waitsForEachCommit
        let maxQueued = maxQueued
        urgeConsumer { $0.urgent = true }
        waitUntil { state in
            state.count < maxQueued && (!waitsForEachCommit || state.committedSeq >= ticket.seq)
        }
    }

    // MARK: Anyone

    /// Returns once every action queued before the call is committed, or the journal has finished.
    package func flush() {
        let target = urgeConsumer { state in
            state.urgent = true
            return state.lastSeq
        }
        waitUntil { $0.committedSeq >= target }
    }

    /// Stops the journal: the actions processed from now on are not queued; returns once the consumer has written
    /// what was queued and finished.
    package func close() {
        urgeConsumer { $0.closing = true }
        waitUntil { _ in false }
    }

    /// Changes the state so that the consumer does not wait (`urgent`, `closing`), and wakes it, asleep or letting a
    /// batch fill.
    @usableFromInline
    func urgeConsumer<Result>(_ change: (inout JournalQueueState<Action, State>) -> Result) -> Result {
        let result = state.withLock { state in
            state.consumerSleeping = false
            return change(&state)
        }
        consumerWakes.broadcast()
        return result
    }

    /// Waits until `isDone` says so of the state, or the consumer has finished.
    @usableFromInline
    func waitUntil(_ isDone: (JournalQueueState<Action, State>) -> Bool) {
        state.withLock(waitingOn: committed) { state, _ in
            !state.finished && !isDone(state)
        } _: { _ in
        }
    }

    /// Adds a holder: the queue stays open until each holder has called ``removeHolder()``.
    package func addHolder() {
        state.withLock { $0.holders += 1 }
    }

    /// Lets go of the queue: the last holder to do so closes it (and waits until the consumer has finished).
    package func removeHolder() {
        let last = state.withLock { state in
            state.holders -= 1
            return state.holders == 0
        }
        if last { close() }
    }

    // MARK: The consumer

    /// Waits for records, a snapshot, or the close; then, with `fillFor`, lets the batch fill for at most that long
    /// (a flush, a close or a waiting processing thread cuts it short); and takes the batch. `requestSnapshot` asks the
    /// next action for a snapshot (as the snapshot interval does).
    package func nextBatch(fillFor maxDelay: Duration?, requestSnapshot: Bool) -> JournalBatch<Action, State> {
        if requestSnapshot { state.withLock { $0.snapshotRequested = true } }
        // The ticket is read under the lock: a producer that queues after it broadcasts after it, so no wake-up is
        // lost.
        while true {
            let ticket = state.withLock { state -> UInt64? in
                if state.count > 0 || state.snapshot != nil || state.closing { return nil }
                state.consumerSleeping = true
                return consumerWakes.ticket
            }
            guard let ticket else { break }
            consumerWakes.wait(after: ticket)
        }
        if let maxDelay {
            let ticket = state.withLock { state in state.urgent || state.closing ? nil : consumerWakes.ticket }
            if let ticket { consumerWakes.wait(after: ticket, timeout: maxDelay) }
        }
        return state.withLock { state in
            state.urgent = false
            state.consumerSleeping = false
            return JournalBatch(
                chunks: state.takeRecords(), snapshot: state.snapshot.take(), closing: state.closing)
        }
    }

    /// Reports `batch` committed, and takes back its chunks for reuse.
    package func committed(_ batch: consuming JournalBatch<Action, State>) {
        let seq = batch.lastSeq
        var chunks = batch.chunks
        // The records are released here, with no lock held (an action's `deinit` is the app's code).
        for index in chunks.indices { chunks[index].removeAll(keepingCapacity: true) }
        let released = state.withLock { state in
            state.committedSeq = max(state.committedSeq, seq)
            return state.recycle(chunks)
        }
        withExtendedLifetime(released) {}
        committed.broadcast()
    }

    /// Puts back a batch that could not be written, before what was queued since, to be written again.
    package func putBack(_ batch: JournalBatch<Action, State>) {
        let released = state.withLock { state -> (seq: Int64, state: State)? in
            state.putBack(batch.chunks)
            guard let snapshot = batch.snapshot, state.snapshot == nil else { return batch.snapshot }
            state.snapshot = snapshot
            return nil
        }
        withExtendedLifetime(released) {}
    }

    /// Whether nothing is queued.
    package var isDrained: Bool {
        state.withLock { $0.count == 0 && $0.snapshot == nil }
    }

    /// Called by the consumer when it stops: every waiting thread may go.
    package func finish() {
        state.withLock { $0.finished = true }
        committed.broadcast()
    }
}

/// The pipeline's side of a store's journal, for one action: queues it after the reducer, before the commit, and
/// after the commit wakes the writer or waits as the journal decided, so that readers of the state never wait for the
/// file.
///
/// The journal is borrowed from its address in the store's core (see `StoreCore.journalAddress`), which holds a
/// reference to it for as long as the core lives: the processing thread holds the core, so no reference is counted.
@usableFromInline
struct JournalHook<Action: Sendable, State: Sendable> {
    /// The journal's address; 0 for none.
    @usableFromInline let address: UInt
    /// What the journal decided for the action; `.closed` before it is recorded.
    @usableFromInline var ticket = JournalTicket.closed

    @inlinable
    init(address: UInt) {
        self.address = address
    }

    /// The journal at `address`, borrowed.
    @inlinable
    static func journal(at address: UInt) -> Unmanaged<JournalQueue<Action, State>> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: address)!)
    }

    /// Queues `dispatched`, just reduced, with `state()` for a snapshot when one is due.
    @inlinable
    mutating func record(_ dispatched: DispatchedAction<Action>, _ state: @autoclosure () -> State) {
        guard address != 0 else { return }
        ticket = Self.journal(at: address)._withUnsafeGuaranteedRef { journal in
            let ticket = journal.append(dispatched.action, source: dispatched.dispatcher)
            if ticket.snapshotDue { journal.setSnapshot(ticket.seq, state: state()) }
            return ticket
        }
    }

    /// After the commit.
    @inlinable
    func complete() {
        guard ticket.wakeConsumer || ticket.mustWait else { return }
        Self.journal(at: address)._withUnsafeGuaranteedRef { $0.complete(ticket) }
    }
}

/// Seconds since 1970, from a clock that costs a few nanoseconds to read (a few milliseconds coarse on Linux).
@inlinable
func coarseWallClock() -> Double {
    var time = timespec()
    #if canImport(Darwin)
        clock_gettime(CLOCK_REALTIME, &time)
    #else
        clock_gettime(CLOCK_REALTIME_COARSE, &time)
    #endif
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
