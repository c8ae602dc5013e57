#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// Unsafe code of this file, and the invariants it relies on:
// - `Lock` owns a heap-allocated `pthread_mutex_t` (a mutex must not move once initialized) and, on demand, the
//   `pthread_cond_t`s that wait with it; they live exactly as long as the lock object.
// - `LockedValue` is `@unchecked Sendable` because its value is reachable only inside `withLock` and the waiting
//   variants, which hold the mutex for the whole time the closure runs: the mutex is what makes it `Sendable`.
// - Closures passed to these locks run under the mutex: they must not call user code, and must not release
//   anything whose `deinit` could be user code (return it and let it go after the unlock instead).
// In debug builds the mutex checks its use (`PTHREAD_MUTEX_ERRORCHECK`): relocking it on the same thread or
// unlocking it from another thread stops the program with a message instead of hanging.

/// A `pthread_mutex_t`-backed lock: unlike `Synchronization.Mutex` on Linux, ThreadSanitizer sees it, so the
/// `--sanitize=thread` run checks the data it protects.
@usableFromInline
final class Lock: @unchecked Sendable {
    @usableFromInline
    let mutex: UnsafeMutablePointer<pthread_mutex_t>

    @usableFromInline
    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        #if DEBUG
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
        #endif
        let result = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(result == 0, "pthread_mutex_init failed: \(result)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @inlinable
    func lock() {
        let result = pthread_mutex_lock(mutex)
        assert(result == 0, "Switchyard: a store lock was taken twice by one thread (\(result))")
    }

    @inlinable
    func unlock() {
        let result = pthread_mutex_unlock(mutex)
        assert(result == 0, "Switchyard: a store lock was released by a thread that did not hold it (\(result))")
    }

    @inlinable
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Waits on `condition`, releasing the lock meanwhile; the caller holds the lock before and after.
    @inlinable
    func wait(on condition: LockCondition) {
        let result = pthread_cond_wait(condition.condition, mutex)
        assert(result == 0, "Switchyard: waiting on a store condition failed (\(result))")
    }
}

/// A condition variable that threads wait on with a ``Lock`` held.
@usableFromInline
final class LockCondition: @unchecked Sendable {
    @usableFromInline
    let condition: UnsafeMutablePointer<pthread_cond_t>

    @usableFromInline
    init() {
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        let result = pthread_cond_init(condition, nil)
        precondition(result == 0, "pthread_cond_init failed: \(result)")
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
    }

    /// Wakes every thread waiting on this condition; callable with or without the lock.
    @inlinable
    func broadcast() {
        pthread_cond_broadcast(condition)
    }
}

/// A value that is reachable only while its lock is held.
///
/// ```swift
/// let decision = state.withLock { state in state.decide() }   // decide under the lock
/// decision.perform()                                          // act after unlocking
/// ```
///
/// Several values may share one lock (pass the same ``Lock`` to their initializers); ``withLock(_:_:waitingOn:while:_:)``
/// then reaches them together in one critical section.
@usableFromInline
final class LockedValue<Value>: @unchecked Sendable {
    @usableFromInline let lock: Lock
    /// Exclusivity is enforced by the lock, not by the runtime: every access is inside a `withLock`.
    @usableFromInline @exclusivity(unchecked) var value: Value

    @usableFromInline
    init(_ value: Value, lock: Lock = Lock()) {
        self.value = value
        self.lock = lock
    }

    /// Runs `body` with the value while holding the lock.
    @inlinable
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
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
            lock.wait(on: condition)
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
        while mustWait(&first.value, &second.value, wokeUp) {
            guard let condition else { break }
            first.lock.wait(on: condition)
            wokeUp = true
        }
        return try body(&first.value, &second.value)
    }
}

/// An identifier of the calling thread, cheap to read (no system call); never 0.
@inlinable
func currentThreadID() -> UInt {
    #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
    #else
        UInt(pthread_self())
    #endif
}
