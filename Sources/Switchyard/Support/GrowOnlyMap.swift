import Synchronization

// The invariants this file relies on: an entry, once linked, is never changed, unlinked or freed while the map lives,
// and each link (a bucket's head, a node's next) is set at most once, by `AtomicLazyReference.storeIfNil`, which
// publishes the node with a release and is read with an acquire. A reader therefore sees either no node or a whole
// one, and needs no lock; two writers that race to link at the same place both see one winner, and the loser carries
// on from the winner's node, so an entry is linked at most once per key.

/// A map that only grows and whose reads take no lock: a fixed array of buckets, each a chain of immutable nodes
/// linked once and never unlinked. For small tables of names made once (a lookup is a few loads), not for data
/// that changes.
package final class GrowOnlyMap<Key: Equatable & Sendable, Value: Sendable>: Sendable {
    /// A link of a chain: the bucket's head (no entry) or an entry.
    package final class Node: Sendable {
        let entry: (key: Key, value: Value)?
        let next = AtomicLazyReference<Node>()

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

    /// The value of `key`, whose hash is `hash`; `nil` when none was added.
    @inline(__always)
    package func value(for key: Key, hash: Int) -> Value? {
        var node = buckets[hash & mask].next.load()
        while let current = node {
            if let entry = current.entry, entry.key == key { return entry.value }
            node = current.next.load()
        }
        return nil
    }

    /// Adds `value` for `key`, whose hash is `hash`, unless the key has a value already; returns the key's value in
    /// the map.
    @discardableResult
    package func add(_ value: Value, for key: Key, hash: Int) -> Value {
        var link = buckets[hash & mask]
        var node: Node?
        while true {
            if let entry = link.entry, entry.key == key { return entry.value }
            if let next = link.next.load() {
                link = next
                continue
            }
            let made = node ?? Node(entry: (key, value))
            node = made
            let linked = link.next.storeIfNil(made)
            if linked === made { return value }
            link = linked
        }
    }
}
