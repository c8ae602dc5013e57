/// Where an ``ActionFeed`` keeps its records: a fixed number of slots, allocated once and reused, that the processing
/// thread fills one after the other and the consumer empties in the same order.
///
/// A chunk does not know which of its slots hold a record: the queue does (its producer's position and the
/// consumer's), and it moves every record out, or destroys it, before the chunk is reused or freed.
@usableFromInline
final class FeedChunk<Action: Sendable>: @unchecked Sendable {
    /// How many records a chunk holds.
    @inlinable static var capacity: Int { 512 }

    /// The slots.
    @usableFromInline let records: UnsafeMutablePointer<FeedRecord<Action>>

    @usableFromInline
    init() {
        records = .allocate(capacity: Self.capacity)
    }

    deinit {
        records.deallocate()
    }
}

/// What only the store's processing thread reads and writes: where the next record goes, and the counts that decide
/// snapshots. The processing role passes from one thread to the next through the store's engine lock, which orders
/// one processing thread's accesses before the next one's.
@usableFromInline
struct FeedProducer<Action: Sendable> {
    /// The slots of the chunk being filled.
    @usableFromInline var records: UnsafeMutablePointer<FeedRecord<Action>>
    /// The next free slot in it.
    @usableFromInline var index: Int
    /// The sequence number of the last record appended.
    @usableFromInline var seq: Int64
    /// Actions appended since the last snapshot.
    @usableFromInline var sinceSnapshot: Int

    @usableFromInline
    init(chunk: FeedChunk<Action>, seq: Int64) {
        records = chunk.records
        index = 0
        self.seq = seq
        sinceSnapshot = 0
    }
}

/// The state of a ``ActionFeed`` that its lock protects: the chunks in use, the consumer's position in them, the
/// snapshot, and what threads wait for.
@usableFromInline
struct ActionFeedState<Action: Sendable, State: Sendable> {
    @usableFromInline typealias Records = ContiguousArray<FeedRecord<Action>>

    /// How many empty chunks are kept for reuse.
    @usableFromInline static var pooledChunks: Int { 16 }

    /// The chunks that hold records or are being filled, oldest first: the consumer reads the first, the
    /// processing thread fills the last.
    @usableFromInline var chunks: [FeedChunk<Action>]
    /// Empty chunks, kept for reuse.
    @usableFromInline var pool: [FeedChunk<Action>] = []
    /// The consumer's next slot in the first chunk.
    @usableFromInline var readIndex = 0
    /// The sequence number of the last record the consumer took.
    @usableFromInline var readSeq: Int64
    /// Records the consumer took but could not write, to be taken again first.
    @usableFromInline var retry: [Records] = []
    /// The state to snapshot after the action `seq`, not taken by the consumer yet.
    @usableFromInline var snapshot: (seq: Int64, state: State)?
    /// Whether a thread waits for a commit: the consumer does not let its batch fill.
    @usableFromInline var urgent = false
    /// Whether the consumer has stopped.
    @usableFromInline var finished = false
    /// Who holds the feed: the last to let go closes it.
    @usableFromInline var holders = 1

    @usableFromInline
    init(chunk: FeedChunk<Action>, lastSeq: Int64) {
        chunks = [chunk]
        readSeq = lastSeq
    }

    /// A chunk for the processing thread to fill next, behind the others.
    @usableFromInline
    mutating func startChunk() -> FeedChunk<Action> {
        let chunk = pool.popLast() ?? FeedChunk()
        chunks.append(chunk)
        return chunk
    }

    /// Moves the records after `readSeq` through `lastSeq` out of the chunks, oldest first, after those put back;
    /// chunks emptied for good go back to the pool.
    @usableFromInline
    mutating func takeRecords(through lastSeq: Int64) -> [Records] {
        var taken: [Records] = []
        swap(&taken, &retry)
        var remaining = Int(lastSeq - readSeq)
        while remaining > 0 {
            if readIndex == FeedChunk<Action>.capacity {
                // Records after this chunk's exist, so the processing thread has moved on to the next chunk.
                let emptied = chunks.removeFirst()
                if pool.count < Self.pooledChunks { pool.append(emptied) }
                readIndex = 0
            }
            let chunk = chunks[0]
            let count = min(FeedChunk<Action>.capacity - readIndex, remaining)
            let start = chunk.records + readIndex
            taken.append(
                Records(unsafeUninitializedCapacity: count) { buffer, initialized in
                    buffer.baseAddress!.moveInitialize(from: start, count: count)
                    initialized = count
                })
            readIndex += count
            remaining -= count
        }
        readSeq = lastSeq
        return taken
    }
}
