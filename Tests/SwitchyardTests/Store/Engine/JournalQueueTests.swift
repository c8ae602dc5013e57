import Foundation
import Testing

@testable import Switchyard

/// The queue between a store and its journal, driven without a store: what the processing thread is told, the
/// chunks, the bound.
@Suite struct JournalQueueTests {
    func append(_ queue: JournalQueue<Int, Int>, _ action: Int) -> JournalTicket {
        queue.append(action, source: ActionSource(file: "F.swift", function: "f()", line: UInt(action), info: nil))
    }

    @Test func recordsComeOutInOrderAcrossChunksAndTheirChunksAreReused() {
        let queue = JournalQueue<Int, Int>(lastSeq: 10, snapshotEvery: 10_000, waitsForEachCommit: false)
        for action in 1...1_200 { _ = append(queue, action) }
        let batch = queue.nextBatch(fillFor: nil, requestSnapshot: false)
        #expect(batch.chunks.count == 3)
        #expect(batch.records.map(\.seq) == Array(11...1_210))
        #expect(batch.records.map(\.action) == Array(1...1_200))
        #expect(batch.records.map(\.source.line) == (1...1_200).map { UInt($0) })
        #expect(batch.lastSeq == 1_210)
        queue.committed(batch)
        #expect(queue.isDrained)
        #expect(queue.state.withLock { $0.pool.count } == 3)
    }

    @Test func aSnapshotIsAskedForEveryNActionsAndWhenRequested() {
        let queue = JournalQueue<Int, Int>(lastSeq: 0, snapshotEvery: 3, waitsForEachCommit: false)
        #expect((1...7).map { append(queue, $0).snapshotDue } == [false, false, true, false, false, true, false])
        _ = queue.nextBatch(fillFor: nil, requestSnapshot: true)
        #expect(append(queue, 8).snapshotDue)
    }

    @Test func pastItsBoundTheProcessingThreadWaitsUntilTheWriterHasCommitted() async {
        let queue = JournalQueue<Int, Int>(lastSeq: 0, snapshotEvery: 10_000, waitsForEachCommit: false, maxQueued: 4)
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
        let queue = JournalQueue<Int, Int>(lastSeq: 0, snapshotEvery: 10_000, waitsForEachCommit: false)
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
}
