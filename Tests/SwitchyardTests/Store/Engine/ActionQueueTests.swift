import Testing

@testable import Switchyard

/// The engine's ring buffer: the order it keeps wherever its head is in its storage.
@Suite struct ActionQueueTests {
    /// A queue of 16 slots holding `contents`, whose head is `head` slots into the storage: the elements wrap
    /// around its end when they do not fit after the head.
    static func queue(_ contents: [Int], head: Int) -> ActionQueue<Int> {
        var queue = ActionQueue<Int>()
        for filler in 0..<head { queue.append(-filler - 1) }
        for _ in 0..<head { _ = queue.popFirst() }
        for element in contents { queue.append(element) }
        return queue
    }

    static func drained(_ queue: inout ActionQueue<Int>) -> [Int] {
        var elements: [Int] = []
        while let element = queue.popFirst() { elements.append(element) }
        return elements
    }

    @Test(arguments: [0, 5, 13, 15])
    func anInsertedElementTakesItsOffsetAndTheRestMoveBackInOrder(head: Int) {
        for offset in 0...4 {
            var queue = Self.queue([1, 2, 3, 4], head: head)
            #expect(queue.capacity == 16)
            queue.insert(99, at: offset)
            var expected = [1, 2, 3, 4]
            expected.insert(99, at: offset)
            #expect(Self.drained(&queue) == expected, "head \(head), offset \(offset)")
        }
    }

    @Test func insertingIntoAFullQueueGrowsItFirst() {
        var queue = Self.queue(Array(0..<16), head: 7)
        #expect(queue.capacity == 16)
        queue.insert(99, at: 3)
        #expect(queue.capacity == 32)
        var expected = Array(0..<16)
        expected.insert(99, at: 3)
        #expect(Self.drained(&queue) == expected)
    }
}
