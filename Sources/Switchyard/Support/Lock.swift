import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// Unsafe code of this file, and the invariants it relies on:
// - On Apple platforms `Lock` is an `os_unfair_lock`: the system knows which thread holds it, so a waiting thread
//   of higher priority (the main thread) lends its priority to the holder instead of waiting behind a thread of
//   utility priority. It lives in memory allocated once, which never moves, as the lock requires.
// - On Linux `Lock` is a word changed only with atomic operations (0: free, 1: held, 2: held with sleepers): taking
//   it is one acquiring compare-and-exchange, releasing it one releasing exchange. A thread that finds it held
//   marks it and sleeps on `parking` until a release that saw the mark wakes the sleepers, which try again. Every
//   handover goes through those atomics, so ThreadSanitizer sees the order between one holder's accesses and the
//   next holder's and checks the data the lock protects. (A `pthread_mutex_t`, which it sees too, costs a library
//   call each way, a fifth of a store's dispatch.) Linux donates no priority to the holder of a lock of any kind.
// - Why not `Synchronization.Mutex` on Linux, measured with Swift 6.3.1 on 2 cores (the `L*` lock benchmarks and
//   `SwitchyardProfile lock|mutex` under callgrind re-run it): ThreadSanitizer does not see the hand-over of its
//   priority-inheriting futex, and reported a race on an `Int` that two threads incremented only under a `Mutex` in
//   every run, where it reports none with this lock (both report a real race), and 206 on the engine's state in the
//   store's concurrency tests with every `LockedValue` a `Mutex`. It reads the thread's id at each lock and unlock:
//   a locked increment takes 54 instructions against 32, a store's dispatch 392 against 353 (+11%, with every
//   `LockedValue` a `Mutex`). A contended hand-over goes through the kernel: with 4 and 8 threads incrementing one
//   counter, 72 ns and 18 µs per increment against 27 and 22 ns with this lock (medians of 3 runs on a loaded
//   machine), and a store fed by 8 threads took 6.2 µs per action against 0.2 µs.
// - `LockCondition` parks waiting threads on a `pthread_cond_t` with its own `pthread_mutex_t`, both heap-allocated
//   and alive as long as the condition. A thread waits for an epoch change that it read while holding the `Lock`
//   that protects the awaited state, so a broadcast made after that read is never lost.
// - `LockedValue` is `@unchecked Sendable` because its value is reachable only inside `withLock` and its waiting
//   variant, which hold the lock for the whole time the closure runs: the lock is what makes it `Sendable`.
// - Closures passed to these locks run under the lock: they must not call user code, and must not release anything
//   whose `deinit` could be user code (return it and let it go after the unlock instead).

/// The one lock of the package: a store's engine, the effect tables, the logger, the test tools, the Combine
/// publishers and the inspector use it.
@usableFromInline
package final class Lock: @unchecked Sendable {
    #if canImport(Darwin)
        @usableFromInline let word: os_unfair_lock_t
    #else
        @usableFromInline let word = Atomic<UInt32>(0)
        /// Where threads that find the lock held sleep until a release that saw them.
        @usableFromInline let parking = LockCondition()
    #endif

    @usableFromInline
    package init() {
        #if canImport(Darwin)
            word = .allocate(capacity: 1)
            word.initialize(to: os_unfair_lock())
        #endif
    }

    deinit {
        #if canImport(Darwin)
            word.deinitialize(count: 1)
            word.deallocate()
        #endif
    }

    /// Takes the lock, waiting while another thread holds it.
    @inlinable
    package func lock() {
        #if canImport(Darwin)
            os_unfair_lock_lock(word)
        #else
            if !word.compareExchange(
                expected: 0,
                desired: 1,
                successOrdering: .acquiring,
                failureOrdering: .relaxed
            ).exchanged {
                lockContended()
            }
        #endif
    }

    /// Releases the lock; the calling thread must hold it.
    @inlinable
    package func unlock() {
        #if canImport(Darwin)
            os_unfair_lock_unlock(word)
        #else
            if word.exchange(0, ordering: .sequentiallyConsistent) == 2 { wake() }
        #endif
    }

    #if !canImport(Darwin)
        /// Tries again a few times, yielding the processor in between (a store's critical sections are a few dozen
        /// instructions, so the holder is usually done by then); then marks the lock as awaited and sleeps until it
        /// is free, and takes it (still marked awaited, so that its release wakes the next waiter, if any). Measured
        /// with 2 to 8 threads dispatching into one store on 2 cores: 93–102 ns per action with the tries, 157–172
        /// ns when every contended thread sleeps at once.
        @usableFromInline
        func lockContended() {
            for _ in 0..<Lock.spins {
                if word.load(ordering: .relaxed) == 0,
                    word.compareExchange(
                        expected: 0,
                        desired: 1,
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
                if word.exchange(2, ordering: .sequentiallyConsistent) == 0 { return }
                parking.wait(after: ticket)
            }
        }

        /// How many times a thread that finds the lock held tries again before it sleeps.
        @usableFromInline
        static var spins: Int { 64 }

        @usableFromInline
        func wake() {
            parking.broadcast()
        }
    #endif

    /// Runs `body` while holding the lock.
    @inlinable
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
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
///
/// Every pthread call is checked: one that fails means a broken invariant (a condition used after it was destroyed,
/// a mutex unlocked by a thread that does not hold it), so it stops the process with the call's error code rather
/// than go on with a lock that no longer protects anything. Only a timed wait's `ETIMEDOUT` is expected.
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
        pthreadCheck(pthread_mutex_init(mutex, nil), "pthread_mutex_init")
        #if canImport(Darwin)
            // Darwin's timed wait takes a relative timeout (see `wait(after:timeout:)`): no clock to choose.
            pthreadCheck(pthread_cond_init(condition, nil), "pthread_cond_init")
        #else
            // A timed wait's deadline is on the monotonic clock, which a change of the wall clock (an NTP step, a
            // user setting the date) does not move: with the default CLOCK_REALTIME a step back would stretch a
            // 10 ms wait by the size of the step, and a step forward would end it at once.
            var attributes = pthread_condattr_t()
            pthreadCheck(pthread_condattr_init(&attributes), "pthread_condattr_init")
            pthreadCheck(pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC), "pthread_condattr_setclock")
            pthreadCheck(pthread_cond_init(condition, &attributes), "pthread_cond_init")
            pthreadCheck(pthread_condattr_destroy(&attributes), "pthread_condattr_destroy")
        #endif
    }

    deinit {
        pthreadCheck(pthread_cond_destroy(condition), "pthread_cond_destroy")
        pthreadCheck(pthread_mutex_destroy(mutex), "pthread_mutex_destroy")
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
        pthreadCheck(pthread_mutex_lock(mutex), "pthread_mutex_lock")
        while epoch.load(ordering: .sequentiallyConsistent) == ticket {
            pthreadCheck(pthread_cond_wait(condition, mutex), "pthread_cond_wait")
        }
        pthreadCheck(pthread_mutex_unlock(mutex), "pthread_mutex_unlock")
    }

    /// Sleeps until a broadcast made after `ticket` was read, or until `timeout` has passed; `false` on timeout.
    ///
    /// The timeout is measured on a monotonic clock, so changing the wall clock neither shortens nor stretches it. A
    /// timeout of zero or less returns at once; one longer than ten years waits ten years.
    @usableFromInline
    @discardableResult
    func wait(after ticket: UInt64, timeout: Duration) -> Bool {
        let timeout = min(max(timeout, .zero), LockCondition.longestTimeout)
        #if canImport(Darwin)
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: timeout)
        #else
            let deadline = monotonicDeadline(after: timeout)
        #endif
        pthreadCheck(pthread_mutex_lock(mutex), "pthread_mutex_lock")
        defer { pthreadCheck(pthread_mutex_unlock(mutex), "pthread_mutex_unlock") }
        while epoch.load(ordering: .sequentiallyConsistent) == ticket {
            #if canImport(Darwin)
                // Darwin's conditions wait on an absolute wall-clock time only; the relative wait does not depend on
                // the wall clock. After an early wake-up the remaining time is measured again.
                let remaining = clock.now.duration(to: deadline)
                if remaining <= .zero { return false }
                var relative = timespec(remaining)
                let result = pthread_cond_timedwait_relative_np(condition, mutex, &relative)
            #else
                var absolute = deadline
                let result = pthread_cond_timedwait(condition, mutex, &absolute)
            #endif
            if result == ETIMEDOUT {
                return epoch.load(ordering: .sequentiallyConsistent) != ticket
            }
            pthreadCheck(result, "pthread_cond_timedwait")
        }
        return true
    }

    /// The longest timed wait, ten years: a deadline much further away would overflow the seconds of a `timespec`
    /// where they are 32 bits.
    static var longestTimeout: Duration { .seconds(10 * 365 * 24 * 60 * 60) }

    /// Wakes every waiting thread; call it after the awaited state changed, with or without the lock.
    @usableFromInline
    func broadcast() {
        pthreadCheck(pthread_mutex_lock(mutex), "pthread_mutex_lock")
        epoch.add(1, ordering: .sequentiallyConsistent)
        pthreadCheck(pthread_cond_broadcast(condition), "pthread_cond_broadcast")
        pthreadCheck(pthread_mutex_unlock(mutex), "pthread_mutex_unlock")
    }
}

/// Stops the process when a pthread call failed: `result` is its return value, 0 on success.
private func pthreadCheck(_ result: Int32, _ call: StaticString) {
    precondition(result == 0, "Switchyard: \(call) failed with error \(result)")
}

#if canImport(Darwin)
    extension timespec {
        /// `duration`, which is not negative, as seconds and nanoseconds.
        fileprivate init(_ duration: Duration) {
            let (seconds, attoseconds) = duration.components
            self.init(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        }
    }
#else
    /// The time `timeout` (not negative, at most ``LockCondition/longestTimeout``) from now on CLOCK_MONOTONIC, the
    /// clock of ``LockCondition``'s timed waits.
    private func monotonicDeadline(after timeout: Duration) -> timespec {
        var now = timespec()
        precondition(clock_gettime(CLOCK_MONOTONIC, &now) == 0, "Switchyard: clock_gettime failed (\(errno))")
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = Int(now.tv_nsec) + Int(attoseconds / 1_000_000_000)
        var deadline = timespec()
        deadline.tv_sec = now.tv_sec + Int(seconds) + nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        return deadline
    }
#endif

/// A value that is reachable only while its lock is held.
///
/// ```swift
/// let decision = state.withLock { state in state.decide() }   // decide under the lock
/// decision.perform()                                          // act after unlocking
/// ```
@usableFromInline
package final class LockedValue<Value>: @unchecked Sendable {
    @usableFromInline let lock = Lock()
    /// Exclusivity is enforced by the lock, not by the runtime: every access is inside a `withLock`.
    @usableFromInline @exclusivity(unchecked) var value: Value

    @usableFromInline
    package init(_ value: Value) {
        self.value = value
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
