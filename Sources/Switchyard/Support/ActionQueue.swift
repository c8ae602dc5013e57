/// A growable first-in first-out ring buffer; not thread-safe (the store guards it with a lock).
@usableFromInline
struct ActionQueue<Element> {
    @usableFromInline var storage: [Element?]
    @usableFromInline var head = 0
    @usableFromInline var count = 0

    @usableFromInline
    init(initialCapacity: Int = 16) {
        storage = Array(repeating: nil, count: Swift.max(1, initialCapacity))
    }

    @inlinable
    var isEmpty: Bool { count == 0 }

    @inlinable
    mutating func append(_ element: Element) {
        if count == storage.count { grow() }
        storage[(head + count) % storage.count] = element
        count += 1
    }

    @inlinable
    mutating func popFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = storage[head]
        storage[head] = nil
        head = (head + 1) % storage.count
        count -= 1
        return element
    }

    @usableFromInline
    mutating func grow() {
        var newStorage = [Element?](repeating: nil, count: storage.count * 2)
        for offset in 0..<count {
            newStorage[offset] = storage[(head + offset) % storage.count]
        }
        storage = newStorage
        head = 0
    }
}
