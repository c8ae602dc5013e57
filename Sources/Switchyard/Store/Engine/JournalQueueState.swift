/// The state of a ``JournalQueue``, reachable only under its lock.
///
/// Records are kept in chunks of ``chunkSize``, filled one after the other and recycled once written: the queue grows
/// by a chunk, never by copying what it holds, so that appending costs the same at any length.
@usableFromInline
struct JournalQueueState<Action: Sendable, State: Sendable> {
    @usableFromInline typealias Chunk = ContiguousArray<JournalRecord<Action>>

    /// How many records a chunk holds.
    @inlinable static var chunkSize: Int { 512 }
    /// How many empty chunks are kept for reuse.
    @usableFromInline static var pooledChunks: Int { 16 }

    /// The chunk being filled.
    @usableFromInline var current: Chunk
    /// The chunks filled before it, oldest first, not taken by the consumer yet.
    @usableFromInline var full: [Chunk] = []
    /// Empty chunks, with their capacity, for reuse.
    @usableFromInline var pool: [Chunk] = []
    /// How many records are queued, in `full` and `current`.
    @usableFromInline var count = 0
    /// The state to snapshot after the action `seq`, not taken by the consumer yet.
    @usableFromInline var snapshot: (seq: Int64, state: State)?
    /// The sequence number of the last queued action.
    @usableFromInline var lastSeq: Int64
    /// The sequence number of the last committed action.
    @usableFromInline var committedSeq: Int64
    /// Actions queued since the last snapshot.
    @usableFromInline var sinceSnapshot = 0
    /// Whether the next action's state is snapshotted, whatever `sinceSnapshot`.
    @usableFromInline var snapshotRequested = false
    /// Whether the consumer sleeps waiting for records.
    @usableFromInline var consumerSleeping = false
    /// Whether a thread waits for a commit: the consumer does not let its batch fill.
    @usableFromInline var urgent = false
    /// Whether the journal is closing: nothing is queued any more.
    @usableFromInline var closing = false
    /// Whether the consumer has stopped.
    @usableFromInline var finished = false
    /// The persistence and the store attached to it: the last to let go closes the queue.
    @usableFromInline var holders = 1

    @usableFromInline
    init(lastSeq: Int64) {
        self.lastSeq = lastSeq
        self.committedSeq = lastSeq
        current = Self.makeChunk()
    }

    @usableFromInline
    static func makeChunk() -> Chunk {
        var chunk = Chunk()
        chunk.reserveCapacity(chunkSize)
        return chunk
    }

    /// Queues `record`.
    @inlinable
    mutating func append(_ record: consuming JournalRecord<Action>) {
        if current.count == Self.chunkSize { startChunk() }
        current.append(record)
        count &+= 1
    }

    /// Moves the full current chunk behind the others and starts an empty one. Out of line: once per chunk.
    @usableFromInline @inline(never)
    mutating func startChunk() {
        full.append(current)
        current = pool.popLast() ?? Self.makeChunk()
    }

    /// Takes every queued record, oldest first.
    @usableFromInline
    mutating func takeRecords() -> [Chunk] {
        var taken: [Chunk] = []
        swap(&taken, &full)
        if !current.isEmpty {
            taken.append(current)
            current = pool.popLast() ?? Self.makeChunk()
        }
        count = 0
        return taken
    }

    /// Puts `chunks`, which the consumer could not write, back before what was queued since.
    @usableFromInline
    mutating func putBack(_ chunks: [Chunk]) {
        guard !chunks.isEmpty else { return }
        full.insert(contentsOf: chunks, at: 0)
        count += chunks.reduce(0) { $0 + $1.count }
    }

    /// Keeps `chunks`, emptied by the caller, for reuse, up to the pool's size; returns those it does not keep.
    @usableFromInline
    mutating func recycle(_ chunks: [Chunk]) -> [Chunk] {
        var rest: [Chunk] = []
        for chunk in chunks {
            if pool.count < Self.pooledChunks && chunk.isEmpty && chunk.capacity >= Self.chunkSize {
                pool.append(chunk)
            } else {
                rest.append(chunk)
            }
        }
        return rest
    }
}
