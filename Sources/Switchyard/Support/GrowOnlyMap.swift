import Synchronization

// Unsafe code of this file, and the invariants it relies on: each node is retained once by the map when it is
// linked (`Unmanaged.passRetained`) and released only by the map's `deinit`, when no reader can hold the map; an entry,
// once linked, is never changed or unlinked. Each link (a bucket's head, a node's next) goes from `nil` to a node at
// most once, by a compare-and-exchange that publishes the node (releasing), and is read acquiring: a reader sees
// either no node or a whole one, and needs no lock nor a retain of its own. Two writers that race to link at the same
// place both see one winner; the loser carries on from the winner's node, so an entry is linked at most once per key.
// Why not `AtomicLazyReference`: its `load()` is not specialized for the caller's type, and looked its types' metadata
// up on each call: naming an action took 2,143 instructions with it, against about 60 with `Atomic` (callgrind,
// Swift 6.3.1, x86_64, a case without payload named 10,000 times).

/// A map that only grows and whose reads take no lock: a fixed array of buckets, each a chain of immutable nodes
/// linked once and never unlinked. For small tables of names made once (a lookup is a few loads), not for data
/// that changes.
package final class GrowOnlyMap<Key: Equatable & Sendable, Value: Sendable>: Sendable {
    /// A link of a chain: the bucket's head (no entry) or an entry.
    final class Node: Sendable {
        let entry: (key: Key, value: Value)?
        let next = Atomic<Unmanaged<Node>?>(nil)

        init(entry: (key: Key, value: Value)?) {
            self.entry = entry
        }
    }

    private let buckets: [Node]
    private let mask: Int

    /// A map of `bucketCount` buckets, rounded up to a power of two.
    package init(bucketCount: Int) {
        var count = 1
        while count < bucketCount { count <<= 1 }
        buckets = (0..<count).map { _ in Node(entry: nil) }
        mask = count - 1
    }

    deinit {
        for bucket in buckets {
            var link = bucket.next.load(ordering: .acquiring)
            while let node = link {
                link = node.takeUnretainedValue().next.load(ordering: .acquiring)
                node.release()
            }
        }
    }

    /// The value of `key`, whose hash is `hash`; `nil` when none was added.
    @inline(__always)
    package func value(for key: Key, hash: Int) -> Value? {
        var link = buckets[hash & mask].next.load(ordering: .acquiring)
        while let node = link {
            let found = node._withUnsafeGuaranteedRef { node -> Value? in
                guard let entry = node.entry, entry.key == key else { return nil }
                return entry.value
            }
            if let found { return found }
            link = node._withUnsafeGuaranteedRef { $0.next.load(ordering: .acquiring) }
        }
        return nil
    }

    /// Adds `value` for `key`, whose hash is `hash`, unless the key has a value already; returns the key's value in
    /// the map.
    @discardableResult
    package func add(_ value: Value, for key: Key, hash: Int) -> Value {
        var link = buckets[hash & mask]
        var made: Unmanaged<Node>?
        while true {
            if let entry = link.entry, entry.key == key {
                made?.release()
                return entry.value
            }
            if let next = link.next.load(ordering: .acquiring) {
                link = next.takeUnretainedValue()
                continue
            }
            let node = made ?? Unmanaged.passRetained(Node(entry: (key, value)))
            made = node
            let (linked, current) = link.next.compareExchange(
                expected: nil, desired: node, successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
            if linked { return value }
            // Another writer linked first: carry on from its node.
            if let current { link = current.takeUnretainedValue() }
        }
    }
}
