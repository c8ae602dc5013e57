import Dispatch
import Foundation
import SwitchyardLocks
import Synchronization

/// A counter behind one of the locks compared here: the package's lock, as every store's engine uses it, or the
/// standard library's `Synchronization.Mutex`.
package protocol LockedCounter: AnyObject, Sendable {
    /// The lock's short name, as the workloads spell it (`lock`, `mutex`).
    static var name: String { get }
    init()
    /// Adds 1 while holding the lock.
    func increment()
    /// The count, read while holding the lock.
    var count: Int { get }
}

/// The package's lock (`LockedValue`, from the library's own source file, linked into this target).
package final class PackageLockCounter: LockedCounter {
    package static let name = "lock"
    private let value = LockedValue(0)

    package init() {}

    package func increment() {
        value.withLock { $0 += 1 }
    }

    package var count: Int { value.withLock { $0 } }
}

/// The standard library's `Mutex`.
package final class MutexCounter: LockedCounter {
    package static let name = "mutex"
    private let value = Mutex(0)

    package init() {}

    package func increment() {
        value.withLock { $0 += 1 }
    }

    package var count: Int { value.withLock { $0 } }
}

/// L1–L8: ``threadCount`` threads add 1 to one counter under its lock, the smallest critical section there is, so the
/// lock is all that is measured. One thread runs on the calling thread; several are started inside the run,
/// released together, and each adds its share. The time of a run divided by `count` is the aggregate cost of one
/// increment.
package class LockWorkload<Counter: LockedCounter>: Workload {
    /// `lock`, `lock2`, `mutex8` …
    package class var name: String { threadCount == 1 ? Counter.name : "\(Counter.name)\(threadCount)" }
    /// How many threads increment at once.
    package class var threadCount: Int { 1 }

    private let counter = Counter()

    package required init() {}

    package func run(_ count: Int) {
        let expected = counter.count + count
        let threads = Self.threadCount
        if threads == 1 {
            for _ in 0..<count { counter.increment() }
        } else {
            let start = DispatchSemaphore(value: 0)
            let finished = DispatchGroup()
            for thread in 0..<threads {
                // The first threads take the remainder, so that the shares add up to `count`.
                let share = count / threads + (thread < count % threads ? 1 : 0)
                let counter = self.counter
                finished.enter()
                Thread.detachNewThread {
                    start.wait()
                    for _ in 0..<share { counter.increment() }
                    finished.leave()
                }
            }
            for _ in 0..<threads { start.signal() }
            finished.wait()
        }
        precondition(counter.count == expected, "the lock lost increments")
    }
}

/// The package's lock, one thread.
package final class PackageLockWorkload: LockWorkload<PackageLockCounter> {}
/// The package's lock, two threads.
package final class PackageLock2Workload: LockWorkload<PackageLockCounter> {
    override package class var threadCount: Int { 2 }
}
/// The package's lock, four threads.
package final class PackageLock4Workload: LockWorkload<PackageLockCounter> {
    override package class var threadCount: Int { 4 }
}
/// The package's lock, eight threads.
package final class PackageLock8Workload: LockWorkload<PackageLockCounter> {
    override package class var threadCount: Int { 8 }
}
/// `Mutex`, one thread.
package final class MutexWorkload: LockWorkload<MutexCounter> {}
/// `Mutex`, two threads.
package final class Mutex2Workload: LockWorkload<MutexCounter> {
    override package class var threadCount: Int { 2 }
}
/// `Mutex`, four threads.
package final class Mutex4Workload: LockWorkload<MutexCounter> {
    override package class var threadCount: Int { 4 }
}
/// `Mutex`, eight threads.
package final class Mutex8Workload: LockWorkload<MutexCounter> {
    override package class var threadCount: Int { 8 }
}
