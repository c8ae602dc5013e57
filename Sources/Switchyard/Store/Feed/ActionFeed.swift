import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// How a store hands its actions to a feed, and the invariants it relies on:
// - One producer, the store's processing thread, appends each processed action with `append`, after its pipeline
//   (reducer, commit, observers, IOs) and before the engine decides what comes next, so that the feed receives the
//   actions in processing order. It takes no lock to do so: it moves the action into the next slot of a chunk
//   (`FeedProducer`, which only the processing thread touches; the role passes between threads through the store's
//   lock), then publishes it by storing its sequence number in `published`. An action that the store was given
//   (`store.dispatch(action)`) is moved, its source's strings neither retained nor released; one that the store
//   borrowed (a `DispatchedAction` passed to it, a follow-up) is copied. The processing thread allocates nothing but
//   a chunk of 512 slots now and then, and runs no code of the consumer's. What must wait (a full feed, a commit that
//   the consumer's durability asks for) waits after the store's commit, so that readers of the state never wait for
//   the consumer.
// - One consumer, a thread of the tool's, takes what `published` shows with `nextBatch`, moving the records out of
//   their slots under the feed's lock, handles them with no lock held, and reports them committed with
//   `committed(_:)`. A chunk goes back to the pool only once the consumer has emptied it, under the lock, and the
//   producer takes a chunk from the pool under the lock: a slot is never written and read at once.
// - The consumer sleeps only after setting `Signal.consumerSleeping`, reading the condition's ticket and looking
//   at `published` once more; the producer stores `published`, then reads the signals, and wakes the consumer when
//   it saw the flag. Both are sequentially consistent, so one of the two sees the other: no wake-up is lost.
// - The store borrows the feed from the probe it belongs to, which the store keeps alive until its processing
//   thread's next decision.
// - What the lock protects is `ActionFeedState`, reachable only inside `state.withLock`; threads are woken and
//   states released after unlocking.

/// One processed action as a feed's consumer receives it.
@usableFromInline package struct FeedRecord<Action: Sendable>: Sendable {
    /// The action's number: one more than the action processed before it.
    @usableFromInline package var seq: Int64
    /// The action and where it was dispatched from.
    @usableFromInline package var dispatched: DispatchedAction<Action>
    /// When it was processed, in nanoseconds since 1970 (a clock a few milliseconds coarse): an integer, so that the
    /// processing thread does not divide.
    @usableFromInline package var nanoseconds: Int64

    @inlinable
    init(seq: Int64, dispatched: consuming DispatchedAction<Action>, nanoseconds: Int64) {
        self.seq = seq
        self.dispatched = dispatched
        self.nanoseconds = nanoseconds
    }

    // Inlinable, so that the journal's writer, generic over the action outside this module, reads them without
    // looking up `DispatchedAction<Action>`'s metadata: reading `source` that way cost the writer's thread 328
    // instructions per action (callgrind, `SwitchyardProfile p1wj`).

    /// When it was processed, in seconds since 1970.
    @inlinable package var time: Double { Double(nanoseconds) / 1e9 }

    /// The action.
    @inlinable package var action: Action { dispatched.action }
    /// Where it was dispatched from.
    @inlinable package var source: ActionSource { dispatched.dispatcher }

    // The source's parts, read where the record keeps them: a copy of the whole source, made by `source`, cost the
    // writer's thread about 120 instructions per action (callgrind, the gate's j2). Always inlined, so that the
    // record's layout is looked up once for all its fields.

    /// The line it was dispatched from.
    @inlinable @inline(__always) package var line: UInt { dispatched.dispatcher.line }
    /// The source's info, if any; asked for only when there is one.
    @inlinable @inline(__always) package var info: String? {
        dispatched.dispatcher.hasInfo ? dispatched.dispatcher.info : nil
    }
    /// The file and function it was dispatched from, as strings made by `strings` once per call site.
    @inlinable @inline(__always)
    package func fileAndFunction(in strings: inout ActionSource.Strings) -> (file: String, function: String) {
        strings.of(dispatched.dispatcher)
    }
}

/// What the consumer takes in one go: the records queued since the last batch, and a snapshot of the state to
/// write after them, if one is due.
package struct FeedBatch<Action: Sendable, State: Sendable>: Sendable {
    /// The records, in the order the store processed them, in chunks.
    package var chunks: [ContiguousArray<FeedRecord<Action>>]
    /// The state after the action `seq`, when a snapshot is due.
    package var snapshot: (seq: Int64, state: State)?
    /// Whether the feed is closing: the consumer writes what it has and what is left, then calls `finish()`.
    package var closing: Bool

    /// Whether there is nothing to write.
    package var isEmpty: Bool { chunks.isEmpty && snapshot == nil }

    /// The records, in the order the store processed them.
    package var records: FlattenSequence<[ContiguousArray<FeedRecord<Action>>]> { chunks.joined() }

    /// The sequence number of the last record or of the snapshot, whichever is later; 0 for neither.
    package var lastSeq: Int64 { max(chunks.last?.last?.seq ?? 0, snapshot?.seq ?? 0) }
}

/// What `append` decided, for the store to act on after its commit.
@usableFromInline
struct FeedTicket: Sendable {
    /// The record's sequence number; 0 when the feed is closed and the action was not queued.
    @usableFromInline let seq: Int64
    /// Whether the store must hand its state after this action for a snapshot (``ActionFeed/setSnapshot(_:state:)``).
    @usableFromInline let snapshotDue: Bool
    /// Whether the consumer sleeps waiting for records and must be woken.
    @usableFromInline let wakeConsumer: Bool
    /// Whether the processing thread must wait after the commit (``ActionFeed/wait(for:)``): for room, the queue
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
    static var closed: FeedTicket { FeedTicket(seq: 0, snapshotDue: false, wakeConsumer: false, mustWait: false) }
}

/// A queue from a store to a thread of a tool's: the store's processing thread appends each processed action, without
/// a lock and, for an action the store was given, without copying it; the tool's thread takes them in batches.
/// Attach it with `StoreProbe(feed:storeDidEnd:)`; the package's journal, which writes every action to a file, is
/// built on it. Package-only: a tool outside the package keeps actions with `StoreProbe.didProcess`.
///
/// ```swift
/// let feed = ActionFeed<AppAction, AppState>(snapshotEvery: 1_000)
/// store.attach(StoreProbe(feed: feed, storeDidEnd: { feed.removeHolder() }))
/// Thread {
///     while true {
///         let batch = feed.nextBatch(fillFor: .milliseconds(50), requestSnapshot: false)
///         for record in batch.records { write(record) }
///         let closing = batch.closing
///         feed.committed(batch)
///         if closing && feed.isDrained { break }
///     }
///     feed.finish()
/// }.start()
/// ```
///
/// Bounded: with `maxQueued` records appended and not committed yet, the processing thread waits for the consumer.
/// Closed by ``close()``, or when every holder has let go of it (``removeHolder()``); the one who creates the feed
/// holds it.
///
/// `@unchecked Sendable`: besides what its lock and atomics protect, the feed holds the processing thread's position
/// (`producer`), which only the thread that holds the store's processing role touches.
@usableFromInline package final class ActionFeed<Action: Sendable, State: Sendable>: @unchecked Sendable {
    /// The flags of ``signals``.
    @usableFromInline enum Signal {
        /// The feed is closing: nothing is appended any more.
        @inlinable static var closing: UInt8 { 1 }
        /// The consumer asks for a snapshot after the next action.
        @inlinable static var snapshotRequested: UInt8 { 2 }
        /// The consumer sleeps until a record, a snapshot or the close wakes it.
        @inlinable static var consumerSleeping: UInt8 { 4 }
    }

    @usableFromInline let state: LockedValue<ActionFeedState<Action, State>>
    /// The processing thread's side (see `FeedProducer`); allocated with the queue, freed in its `deinit`.
    @usableFromInline let producer: UnsafeMutablePointer<FeedProducer<Action>>
    /// The sequence number of the last record appended: the records through it are in their slots.
    @usableFromInline let published: Atomic<Int64>
    /// The sequence number of the last record committed.
    @usableFromInline let committedSeq: Atomic<Int64>
    /// What the consumer and the closing tell the processing thread, and whether the consumer sleeps.
    @usableFromInline let signals = Atomic<UInt8>(0)
    /// The processing thread, waiting for room or for a commit, and `flush()` and `close()` wait on this.
    @usableFromInline let committed = LockCondition()
    /// The consumer waits on this for records, and for a batch to fill.
    @usableFromInline let consumerWakes = LockCondition()
    /// A snapshot is due after this many actions since the last.
    @usableFromInline let snapshotEvery: Int
    /// Whether the processing thread waits for each action's commit.
    @usableFromInline let waitsForEachCommit: Bool
    /// The most records appended and not committed; past it, the processing thread waits for the consumer.
    @usableFromInline let maxQueued: Int64

    /// A queue whose last committed action is `lastSeq`; a snapshot is due every `snapshotEvery` actions, and with
    /// `waitsForEachCommit` the processing thread waits for each action's commit before the next.
    package init(lastSeq: Int64 = 0, snapshotEvery: Int, waitsForEachCommit: Bool = false, maxQueued: Int = 65_536) {
        precondition(snapshotEvery > 0 && maxQueued > 0)
        let chunk = FeedChunk<Action>()
        state = LockedValue(ActionFeedState(chunk: chunk, lastSeq: lastSeq))
        producer = .allocate(capacity: 1)
        producer.initialize(to: FeedProducer(chunk: chunk, seq: lastSeq))
        published = Atomic(lastSeq)
        committedSeq = Atomic(lastSeq)
        self.snapshotEvery = snapshotEvery
        self.waitsForEachCommit = waitsForEachCommit
        self.maxQueued = Int64(maxQueued)
    }

    deinit {
        let lastSeq = published.load(ordering: .acquiring)
        // Records nobody took (the feed closed while the processing thread appended) are released after the
        // unlock: an action's `deinit` is the app's code.
        let leftover = state.withLock { $0.takeRecords(through: lastSeq) }
        withExtendedLifetime(leftover) {}
        producer.deinitialize(count: 1)
        producer.deallocate()
    }

    // MARK: The store's processing thread

    /// Queues `dispatched`, whose pipeline has just run; returns what the processing thread does next (``complete(_:)``).
    @inlinable @inline(__always)
    func append(_ dispatched: consuming DispatchedAction<Action>) -> FeedTicket {
        // Closed: what the store processes from now on is not queued.
        if signals.load(ordering: .relaxed) & Signal.closing != 0 { return .closed }
        let nanoseconds = coarseWallClock()
        if producer.pointee.index == FeedChunk<Action>.capacity { startChunk() }
        let seq = producer.pointee.seq &+ 1
        (producer.pointee.records + producer.pointee.index).initialize(
            to: FeedRecord(seq: seq, dispatched: dispatched, nanoseconds: nanoseconds))
        producer.pointee.index &+= 1
        producer.pointee.seq = seq
        published.store(seq, ordering: .sequentiallyConsistent)
        let signals = signals.load(ordering: .sequentiallyConsistent)
        producer.pointee.sinceSnapshot &+= 1
        let snapshotDue =
            producer.pointee.sinceSnapshot >= snapshotEvery || signals & Signal.snapshotRequested != 0
        if snapshotDue { snapshotTaken(requested: signals & Signal.snapshotRequested != 0) }
        return FeedTicket(
            seq: seq,
            snapshotDue: snapshotDue,
            wakeConsumer: signals & Signal.consumerSleeping != 0,
            mustWait: waitsForEachCommit || seq &- committedSeq.load(ordering: .relaxed) >= maxQueued
        )
    }

    /// Moves the processing thread to a new chunk, the one it filled being full. Out of line: once per chunk.
    @usableFromInline @inline(never)
    func startChunk() {
        let chunk = state.withLock { $0.startChunk() }
        producer.pointee.records = chunk.records
        producer.pointee.index = 0
    }

    /// Starts counting towards the next snapshot, and clears the consumer's request for one.
    @usableFromInline @inline(never)
    func snapshotTaken(requested: Bool) {
        producer.pointee.sinceSnapshot = 0
        if requested { signals.bitwiseAnd(~Signal.snapshotRequested, ordering: .relaxed) }
    }

    /// Hands the state after the action `seq` for a snapshot, as `append` asked.
    @inlinable @inline(never)
    func setSnapshot(_ seq: Int64, state snapshot: State) {
        replaceSnapshot(seq, with: snapshot)
    }

    /// Makes `snapshot` the state after the action `seq`, replacing one the consumer had not taken yet (released
    /// after the unlock), and wakes the consumer.
    @usableFromInline
    func replaceSnapshot(_ seq: Int64, with snapshot: State) {
        let replaced = state.withLock { state in
            defer { state.snapshot = (seq, snapshot) }
            return state.snapshot
        }
        withExtendedLifetime(replaced) {}
        wakeConsumer()
    }

    /// Hands a state that no action produced (an out-of-band commit), on the processing thread: it is the snapshot
    /// after the last queued action, so that a consumer that restores it replays the actions processed from now on
    /// onto this state.
    @usableFromInline
    func stateReplaced(_ newState: State) {
        if signals.load(ordering: .relaxed) & Signal.closing != 0 { return }
        producer.pointee.sinceSnapshot = 0
        replaceSnapshot(producer.pointee.seq, with: newState)
    }

    /// After `append`, before the engine's next decision: wakes the consumer, and waits (for room, or for the
    /// record's commit) as `append` decided.
    @inlinable
    func complete(_ ticket: FeedTicket) {
        if ticket.wakeConsumer { wakeConsumer() }
        if ticket.mustWait { wait(for: ticket) }
    }

    /// Wakes the consumer if it sleeps.
    @usableFromInline @inline(never)
    func wakeConsumer() {
        let before = signals.bitwiseAnd(~Signal.consumerSleeping, ordering: .sequentiallyConsistent).oldValue
        if before & Signal.consumerSleeping != 0 { consumerWakes.broadcast() }
    }

    /// Waits until the queue has room again and, when each commit is awaited, until the record `ticket` is committed.
    @usableFromInline @inline(never)
    func wait(for ticket: FeedTicket) {
        let waitsForEachCommit = waitsForEachCommit
        let maxQueued = maxQueued
        urgeConsumer { $0.urgent = true }
        waitUntil { committedSeq in
            ticket.seq - committedSeq < maxQueued && (!waitsForEachCommit || committedSeq >= ticket.seq)
        }
    }

    // MARK: Anyone

    /// Returns once every action queued before the call is committed, or the consumer has finished.
    package func flush() {
        let target = urgeCommit()
        waitUntil { $0 >= target }
    }

    /// Asks the consumer to take what is queued without letting its batch fill, and returns at once the sequence
    /// number of the last action queued: what ``flush()`` waits for, for a consumer that tracks on its own when
    /// the actions are written (it may report them committed before it has written them).
    package func urgeCommit() -> Int64 {
        let target = published.load(ordering: .acquiring)
        urgeConsumer { $0.urgent = true }
        return target
    }

    /// Stops the feed: the actions processed from now on are not queued; returns once the consumer has written
    /// what was queued and finished.
    package func close() {
        stopAppending()
        waitUntil { _ in false }
    }

    /// Stops the feed as ``close()`` does, without waiting for the consumer: the actions processed from now on are
    /// not queued, and the consumer's next batch says it is closing. The consumer may call it itself (to stop
    /// after a failure), where ``close()`` would wait for it forever.
    package func stopAppending() {
        signals.bitwiseOr(Signal.closing, ordering: .sequentiallyConsistent)
        urgeConsumer { $0.urgent = true }
    }

    /// Changes the state so that the consumer does not let its batch fill, and wakes it, asleep or letting a batch
    /// fill.
    @usableFromInline
    func urgeConsumer(_ change: (inout ActionFeedState<Action, State>) -> Void) {
        state.withLock { change(&$0) }
        signals.bitwiseAnd(~Signal.consumerSleeping, ordering: .sequentiallyConsistent)
        consumerWakes.broadcast()
    }

    /// Waits until `isDone` says so of the last committed sequence number, or the consumer has finished.
    @usableFromInline
    func waitUntil(_ isDone: (_ committedSeq: Int64) -> Bool) {
        state.withLock(waitingOn: committed) { state, _ in
            !state.finished && !isDone(committedSeq.load(ordering: .acquiring))
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
}

/// Nanoseconds since 1970, from a clock that costs a few nanoseconds to read (a few milliseconds coarse on Linux).
@inlinable
func coarseWallClock() -> Int64 {
    var time = timespec()
    #if canImport(Darwin)
        clock_gettime(CLOCK_REALTIME, &time)
    #else
        clock_gettime(CLOCK_REALTIME_COARSE, &time)
    #endif
    return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
}
