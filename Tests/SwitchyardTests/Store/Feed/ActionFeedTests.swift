import Foundation
import SwitchyardTestSupport
import Testing

@testable import Switchyard

/// The queue between a store and its journal, driven without a store: what the processing thread is told, the
/// chunks, the bound.
@Suite struct ActionFeedTests {
    func append(_ queue: ActionFeed<Int, Int>, _ action: Int) -> FeedTicket {
        queue.append(
            DispatchedAction(
                action, dispatcher: ActionSource(file: "F.swift", function: "f()", line: UInt(action), info: nil)))
    }

    @Test func recordsComeOutInOrderAcrossChunksAndTheirChunksAreReused() {
        let queue = ActionFeed<Int, Int>(lastSeq: 10, snapshotEvery: 10_000, waitsForEachCommit: false)
        for action in 1...1_200 { _ = append(queue, action) }
        let batch = queue.nextBatch(fillFor: nil, requestSnapshot: false)
        #expect(batch.chunks.count == 3)
        #expect(batch.records.map(\.seq) == Array(11...1_210))
        #expect(batch.records.map(\.action) == Array(1...1_200))
        #expect(batch.records.map(\.source.line) == (1...1_200).map { UInt($0) })
        #expect(batch.lastSeq == 1_210)
        queue.committed(batch)
        #expect(queue.isDrained)
        // The two chunks emptied for good wait in the pool; the third is still being filled.
        #expect(queue.state.withLock { ($0.chunks.count, $0.pool.count) } == (1, 2))
        for action in 1_201...2_400 { _ = append(queue, action) }
        // The rest of the third chunk, then the two from the pool: nothing allocated.
        #expect(queue.state.withLock { ($0.chunks.count, $0.pool.count) } == (3, 0))
        let second = queue.nextBatch(fillFor: nil, requestSnapshot: false)
        #expect(second.records.map(\.action) == Array(1_201...2_400))
        #expect(second.records.map(\.seq) == Array(1_211...2_410))
        queue.committed(second)
        #expect(queue.isDrained)
    }

    @Test func aSnapshotIsAskedForEveryNActionsAndWhenRequested() {
        let queue = ActionFeed<Int, Int>(lastSeq: 0, snapshotEvery: 3, waitsForEachCommit: false)
        #expect((1...7).map { append(queue, $0).snapshotDue } == [false, false, true, false, false, true, false])
        _ = queue.nextBatch(fillFor: nil, requestSnapshot: true)
        #expect(append(queue, 8).snapshotDue)
    }

    @Test func pastItsBoundTheProcessingThreadWaitsUntilTheWriterHasCommitted() async {
        let queue = ActionFeed<Int, Int>(lastSeq: 0, snapshotEvery: 10_000, waitsForEachCommit: false, maxQueued: 4)
        #expect((1...3).map { append(queue, $0).mustWait } == [false, false, false])
        let ticket = append(queue, 4)
        #expect(ticket.mustWait)
        let returned = LockedValue(false)
        let waiter = Thread {
            queue.complete(ticket)
            returned.withLock { $0 = true }
        }
        waiter.start()
        try? await Task.sleep(for: .milliseconds(50))
        #expect(returned.withLock { $0 } == false)
        let batch = queue.nextBatch(fillFor: .seconds(10), requestSnapshot: false)
        #expect(batch.records.map(\.action) == [1, 2, 3, 4])
        queue.committed(batch)
        for _ in 0..<1_000 where !returned.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(10)) }
        #expect(returned.withLock { $0 })
    }

    @Test func afterCloseNothingIsQueued() {
        let queue = ActionFeed<Int, Int>(lastSeq: 0, snapshotEvery: 10_000, waitsForEachCommit: false)
        let consumer = Thread {
            while true {
                let batch = queue.nextBatch(fillFor: nil, requestSnapshot: false)
                queue.committed(batch)
                if batch.closing && queue.isDrained { break }
            }
            queue.finish()
        }
        consumer.start()
        _ = append(queue, 1)
        queue.close()
        #expect(append(queue, 2).seq == 0)
        #expect(queue.isDrained)
    }

    /// The store's processing role passes from thread to thread through its engine's lock; here eight threads take
    /// turns under a lock of their own, appending while the consumer takes batches, puts some back and commits the
    /// rest, with a bound small enough that the producers wait for it.
    @Test func producersTakingTurnsAndAConsumerAtOnceLoseAndReorderNothing() async {
        let queue = ActionFeed<Int, Int>(lastSeq: 0, snapshotEvery: 97, waitsForEachCommit: false, maxQueued: 1_000)
        let processingRole = LockedValue(0)
        let threads = 8
        let turns = 50
        let perTurn = 300
        let total = threads * turns * perTurn
        let written = LockedValue<[Int]>([])
        let snapshots = LockedValue<[Int64]>([])
        let consumer = Thread {
            var batchNumber = 0
            while true {
                let batch = queue.nextBatch(fillFor: nil, requestSnapshot: false)
                batchNumber += 1
                if batchNumber % 7 == 0 && !batch.isEmpty {
                    // A write that failed: the batch comes back first in the next one.
                    queue.putBack(batch)
                    continue
                }
                written.withLock { $0.append(contentsOf: batch.records.map(\.action)) }
                if let snapshot = batch.snapshot { snapshots.withLock { $0.append(snapshot.seq) } }
                queue.committed(batch)
                if batch.closing && queue.isDrained { break }
            }
            queue.finish()
        }
        consumer.start()
        let appending = Task {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<threads {
                    group.addTask {
                        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                            Thread {
                                for _ in 0..<turns {
                                    processingRole.withLock { next in
                                        for _ in 0..<perTurn {
                                            next += 1
                                            let ticket = self.append(queue, next)
                                            if ticket.snapshotDue { queue.setSnapshot(ticket.seq, state: next) }
                                            queue.complete(ticket)
                                        }
                                    }
                                }
                                done.resume()
                            }.start()
                        }
                    }
                }
            }
        }
        guard await value(of: appending) != nil else {
            Issue.record("The appending threads did not finish within \(defaultWaitTimeout)")
            return
        }
        queue.flush()
        #expect(written.withLock { $0 } == Array(1...total))
        queue.close()
        let seqs = snapshots.withLock { $0 }
        #expect(!seqs.isEmpty)
        #expect(seqs.allSatisfy { $0 % 97 == 0 })
        #expect(queue.isDrained)
    }

    /// Records that no consumer took are released with the queue: nothing it held leaks.
    @Test func recordsNobodyTookAreReleasedWithTheQueue() {
        final class Tracked: Sendable {
            let released: LockedValue<Int>
            init(_ released: LockedValue<Int>) { self.released = released }
            deinit { released.withLock { $0 += 1 } }
        }
        let released = LockedValue(0)
        do {
            let queue = ActionFeed<Tracked, Int>(lastSeq: 0, snapshotEvery: 10_000, waitsForEachCommit: false)
            for line in 1...600 {
                let source = ActionSource(file: "F.swift", function: "f()", line: UInt(line), info: nil)
                _ = queue.append(DispatchedAction(Tracked(released), dispatcher: source))
            }
            #expect(released.withLock { $0 } == 0)
        }
        #expect(released.withLock { $0 } == 600)
    }
}
