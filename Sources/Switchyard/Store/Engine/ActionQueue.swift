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

    /// Puts `element` back in front of the queue.
    @inlinable
    mutating func prepend(_ element: Element) {
        if count == storage.count { grow() }
        head = head == 0 ? storage.count - 1 : head - 1
        storage[head] = element
        count += 1
    }

    /// Puts `element` at `offset` from the front of the queue (`0` puts it first), the elements from there on one
    /// place further back. Linear in `offset`: for the few actions given back to the front of the queue.
    mutating func insert(_ element: Element, at offset: Int) {
        precondition(offset >= 0 && offset <= count, "An offset within the queue, or its end.")
        prepend(element)
        // The new element is first: move it back, one place at a time, to `offset`.
        var index = head
        for _ in 0..<offset {
            let next = index + 1 == storage.count ? 0 : index + 1
            storage.swapAt(index, next)
            index = next
        }
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
