import Synchronization

/// A list that any thread changes under a lock and that the processing thread reads from a snapshot, taken again
/// only when the list has changed: with no change, a refresh costs one atomic load and no lock.
///
/// The store keeps its observers and its runtime middlewares in one each.
@usableFromInline
final class SnapshotList<Element: AnyObject>: @unchecked Sendable {
    @usableFromInline let lock = Lock()
    @usableFromInline let version = Atomic<UInt64>(0)
    private var elements: [Element] = []  // guarded by lock
    // Processing thread only:
    @usableFromInline @exclusivity(unchecked) var snapshotVersion: UInt64 = 0
    /// The elements as of the last ``refresh()``; it keeps them alive for ``unretained``.
    @usableFromInline @exclusivity(unchecked) var snapshot: [Element] = []
    /// The elements of ``snapshot``, unretained: iterating them costs no retain and release of the array or of each
    /// element (atomic operations), as iterating ``snapshot`` would. Use them through
    /// `Unmanaged._withUnsafeGuaranteedRef(_:)`, on the processing thread, between two refreshes.
    @usableFromInline @exclusivity(unchecked) var unretained = UnsafeMutableBufferPointer<Unmanaged<Element>>(
        start: nil,
        count: 0
    )
    /// `snapshot.isEmpty`, kept apart so that the check per action touches no array.
    @usableFromInline @exclusivity(unchecked) var isEmpty = true

    @usableFromInline
    init() {}

    deinit {
        unretained.deallocate()
    }

    /// Changes the elements under the lock; the processing thread sees the change at its next ``refresh()``.
    /// `body` runs under the lock: it must not call user code.
    func update<Result>(_ body: (inout [Element]) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        let result = body(&elements)
        version.add(1, ordering: .releasing)
        return result
    }

    /// Reads the elements under the lock.
    func read<Result>(_ body: ([Element]) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(elements)
    }

    /// Takes a new ``snapshot`` if the elements changed since the last one (processing thread only).
    @inlinable
    func refresh() {
        if version.load(ordering: .acquiring) != snapshotVersion { takeSnapshot() }
    }

    @usableFromInline
    func takeSnapshot() {
        lock.lock()
        snapshot = elements
        isEmpty = snapshot.isEmpty
        unretained.deallocate()
        unretained = .allocate(capacity: snapshot.count)
        _ = unretained.initialize(from: snapshot.lazy.map { Unmanaged.passUnretained($0) })
        snapshotVersion = version.load(ordering: .relaxed)
        lock.unlock()
    }
}
