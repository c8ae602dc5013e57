import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// Unsafe code of this file, and the invariants it relies on:
// - `Lock` is an atomic state: taken with one acquiring compare-and-exchange, released with one exchange. Every
//   access that it protects happens between the two, so they order one holder's accesses before the next
//   holder's; ThreadSanitizer sees those atomics and checks the data they protect. (A `pthread_mutex_t` does the
//   same work through a library call each way: measured on the store's dispatch path, a third of a dispatch's
//   instructions.) A thread that finds it taken spins briefly, then parks on a `LockCondition`; the release that
//   finds parked threads wakes them.
// - `LockCondition` parks waiting threads on a `pthread_cond_t` with its own `pthread_mutex_t`, both heap-allocated
//   (they must not move) and alive as long as the condition. A thread waits for an epoch change that it read while
//   holding the store's `Lock`, so a broadcast made after that read is never lost.
// - `LockedValue` is `@unchecked Sendable` because its value is reachable only inside `withLock` and its waiting
//   variants, which hold the lock for the whole time the closure runs: the lock is what makes it `Sendable`.
// - Closures passed to these locks run under the lock: they must not call user code, and must not release
//   anything whose `deinit` could be user code (return it and let it go after the unlock instead).
// In debug builds the lock records its owner: taking it twice on one thread, or releasing it from a thread that
// does not hold it, stops the program with a message instead of hanging.

/// The lock of the store's engine and of the small tables of the library.
///
/// Three states: free, taken, and taken with threads parked. Taking a free lock is one compare-and-exchange;
/// releasing it is one exchange, which also tells whether a parked thread must be woken. A thread that finds it
/// taken spins briefly, then parks on ``parking`` until a release, so waiting threads do not steal the processors.
@usableFromInline
package final class Lock: Sendable {
    @usableFromInline let state = Atomic<UInt8>(Lock.free)
    @usableFromInline let parking = LockCondition()
    #if DEBUG
        @usableFromInline let owner = Atomic<UInt>(0)
    #endif

    @usableFromInline static var free: UInt8 { 0 }
    @usableFromInline static var taken: UInt8 { 1 }
    @usableFromInline static var takenWithParkedThreads: UInt8 { 2 }

    @usableFromInline
    package init() {}

    @inlinable
    func lock() {
        #if DEBUG
            precondition(
                owner.load(ordering: .relaxed) != currentThreadID(),
                "Switchyard: a lock was taken twice by one thread"
            )
        #endif
        if !state.compareExchange(
            expected: Lock.free,
            desired: Lock.taken,
            successOrdering: .acquiring,
            failureOrdering: .relaxed
        ).exchanged {
            lockContended()
        }
        #if DEBUG
            owner.store(currentThreadID(), ordering: .relaxed)
        #endif
    }

    @usableFromInline
    func lockContended() {
        for _ in 0..<64 {
            if state.load(ordering: .relaxed) == Lock.free,
                state.compareExchange(
                    expected: Lock.free,
                    desired: Lock.taken,
                    successOrdering: .acquiring,
                    failureOrdering: .relaxed
                ).exchanged
            {
                return
            }
            sched_yield()
        }
        while true {
            // The ticket is read before the exchange: a release after it changes the epoch, so the wait returns.
            let ticket = parking.ticket
            if state.exchange(Lock.takenWithParkedThreads, ordering: .sequentiallyConsistent) == Lock.free { return }
            parking.wait(after: ticket)
        }
    }

    @inlinable
    func unlock() {
        #if DEBUG
            precondition(
                owner.load(ordering: .relaxed) == currentThreadID(),
                "Switchyard: a lock was released by a thread that does not hold it"
            )
            owner.store(0, ordering: .relaxed)
        #endif
        if state.exchange(Lock.free, ordering: .sequentiallyConsistent) == Lock.takenWithParkedThreads {
            parking.broadcast()
        }
    }

    @inlinable
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Releases the lock, waits until `condition` is broadcast after `ticket` (read under the lock with
    /// ``LockCondition/ticket``), and takes the lock again.
    @inlinable
    func wait(on condition: LockCondition, ticket: UInt64) {
        unlock()
        condition.wait(after: ticket)
        lock()
    }
}

/// Threads that wait, with a ``Lock`` released, until a state that the lock protects changes.
@usableFromInline
final class LockCondition: @unchecked Sendable {
    @usableFromInline let epoch = Atomic<UInt64>(0)
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline let condition: UnsafeMutablePointer<pthread_cond_t>

    @usableFromInline
    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        let results = (pthread_mutex_init(mutex, nil), pthread_cond_init(condition, nil))
        precondition(results == (0, 0), "Switchyard: cannot create a condition (\(results))")
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deinitialize(count: 1)
        condition.deallocate()
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// The current epoch; read it while holding the lock that protects the awaited state.
    @inlinable
    var ticket: UInt64 { epoch.load(ordering: .sequentiallyConsistent) }

    /// Sleeps until a broadcast made after `ticket` was read.
    @usableFromInline
    func wait(after ticket: UInt64) {
        pthread_mutex_lock(mutex)
        while epoch.load(ordering: .sequentiallyConsistent) == ticket {
            pthread_cond_wait(condition, mutex)
        }
        pthread_mutex_unlock(mutex)
    }

    /// Wakes every waiting thread; call it after the awaited state changed, with or without the lock.
    @usableFromInline
    func broadcast() {
        pthread_mutex_lock(mutex)
        epoch.add(1, ordering: .sequentiallyConsistent)
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }
}

/// A value that is reachable only while its lock is held.
///
/// ```swift
/// let decision = state.withLock { state in state.decide() }   // decide under the lock
/// decision.perform()                                          // act after unlocking
/// ```
///
/// Several values may share one lock (pass the same ``Lock`` to their initializers); the static
/// ``withLock(_:_:waitingOn:while:_:)`` then reaches them together in one critical section.
@usableFromInline
package final class LockedValue<Value>: @unchecked Sendable {
    @usableFromInline let lock: Lock
    /// Exclusivity is enforced by the lock, not by the runtime: every access is inside a `withLock`.
    @usableFromInline @exclusivity(unchecked) var value: Value

    @usableFromInline
    package init(_ value: Value, lock: Lock = Lock()) {
        self.value = value
        self.lock = lock
    }

    /// Runs `body` with the value while holding the lock.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// Holds the lock, waits on `condition` for as long as `mustWait` says so, then runs `body` with the value.
    ///
    /// `mustWait` may change the value (for example to count waiting threads); it is called again after each
    /// wake-up, with `true` as its second argument.
    @inlinable
    func withLock<Result>(
        waitingOn condition: LockCondition,
        while mustWait: (inout Value, _ wokeUp: Bool) -> Bool,
        _ body: (inout Value) throws -> Result
    ) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        var wokeUp = false
        while mustWait(&value, wokeUp) {
            lock.wait(on: condition, ticket: condition.ticket)
            wokeUp = true
        }
        return try body(&value)
    }

    /// Runs `body` with two values that share one lock, in one critical section; waits on `condition` first for as
    /// long as `mustWait` says so.
    @inlinable
    static func withLock<Other, Result>(
        _ first: LockedValue<Value>,
        _ second: LockedValue<Other>,
        waitingOn condition: LockCondition? = nil,
        while mustWait: (inout Value, inout Other, _ wokeUp: Bool) -> Bool = { _, _, _ in false },
        _ body: (inout Value, inout Other) throws -> Result
    ) rethrows -> Result {
        assert(first.lock === second.lock, "Switchyard: the two values do not share a lock")
        first.lock.lock()
        defer { first.lock.unlock() }
        var wokeUp = false
        while let condition, mustWait(&first.value, &second.value, wokeUp) {
            first.lock.wait(on: condition, ticket: condition.ticket)
            wokeUp = true
        }
        return try body(&first.value, &second.value)
    }
}

/// An identifier of the calling thread, cheap to read (no system call); never 0. It is `pthread_self()`, the
/// number a store reports for the thread that dispatched an action.
@inlinable
package func currentThreadID() -> UInt {
    #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
    #else
        UInt(pthread_self())
    #endif
}
