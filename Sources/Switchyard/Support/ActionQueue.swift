/// A growable first-in first-out ring buffer; not thread-safe (the store's engine keeps it under its lock, or as
/// the processing thread's own batch).
@usableFromInline
struct ActionQueue<Element> {
    @usableFromInline var storage: [Element?]
    @usableFromInline var head = 0
    @usableFromInline var count = 0

    /// The capacity a queue starts with and shrinks back to.
    @usableFromInline
    static var initialCapacity: Int { 16 }

    /// An empty queue; it allocates nothing until the first append.
    @usableFromInline
    init() {
        storage = []
    }

    @inlinable
    var isEmpty: Bool { count == 0 }

    /// How many elements fit before the storage grows.
    @inlinable
    var capacity: Int { storage.count }

    @inlinable
    mutating func append(_ element: Element) {
        if count == storage.count { grow() }
        var index = head + count
        if index >= storage.count { index -= storage.count }
        storage[index] = element
        count += 1
    }

    @inlinable
    mutating func popFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = storage[head].take()
        head += 1
        if head == storage.count { head = 0 }
        count -= 1
        return element
    }

    /// Moves the first `limit` elements (all of them when there are fewer) to the end of `other`, keeping order.
    /// When `other` is empty and every element moves, the two queues swap storage: nothing is copied.
    @inlinable
    mutating func moveFirst(_ limit: Int, to other: inout ActionQueue) {
        if other.isEmpty, limit >= count {
            swap(&self, &other)
            return
        }
        for _ in 0..<Swift.min(limit, count) {
            other.append(popFirst()!)
        }
    }

    /// Replaces large, empty storage with a small one and returns the old queue, for the caller to release after
    /// unlocking; `nil` when the queue is small or not empty.
    @inlinable
    mutating func shrinkIfEmpty(above threshold: Int) -> ActionQueue? {
        guard count == 0, storage.count > threshold else { return nil }
        var released = ActionQueue()
        swap(&self, &released)
        return released
    }

    /// Removes every element and returns them, for the caller to release after unlocking.
    @inlinable
    mutating func removeAll() -> ActionQueue {
        var released = ActionQueue()
        swap(&self, &released)
        return released
    }

    @inlinable
    mutating func grow() {
        var newStorage = [Element?](repeating: nil, count: Swift.max(Self.initialCapacity, storage.count * 2))
        for offset in 0..<count {
            var index = head + offset
            if index >= storage.count { index -= storage.count }
            newStorage[offset] = storage[index].take()
        }
        storage = newStorage
        head = 0
    }
}

extension ActionQueue: Sendable where Element: Sendable {}
