#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#elseif canImport(WinSDK)
    import WinSDK
#endif

// Unsafe code of this file, and the invariants it relies on:
// - The mutex is heap-allocated (it must not move), initialized once in `init` and destroyed in `deinit`.
// - `LockedState` is `@unchecked Sendable` because its state is reachable only inside `withLock`, which holds the
//   mutex for the whole time the closure runs. A `pthread_mutex_t` is what ThreadSanitizer sees, so the sanitized
//   test run checks the data it protects.
// - Closures passed to `withLock` must not call user code, nor release anything whose `deinit` could be user code:
//   they return what they decided, and the caller acts on it after unlocking.

/// A value reachable only under its own mutex.
final class LockedState<State>: @unchecked Sendable {
    #if os(Windows)
        private let mutex: UnsafeMutablePointer<SRWLOCK>
    #else
        private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #endif
    private var state: State

    init(_ state: State) {
        self.state = state
        mutex = .allocate(capacity: 1)
        #if os(Windows)
            InitializeSRWLock(mutex)
        #else
            mutex.initialize(to: pthread_mutex_t())
            let result = pthread_mutex_init(mutex, nil)
            precondition(result == 0, "SwitchyardCombine: pthread_mutex_init failed (\(result))")
        #endif
    }

    deinit {
        #if !os(Windows)
            pthread_mutex_destroy(mutex)
        #endif
        mutex.deallocate()
    }

    /// Runs `body` with the state while holding the mutex.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        #if os(Windows)
            AcquireSRWLockExclusive(mutex)
            defer { ReleaseSRWLockExclusive(mutex) }
        #else
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
        #endif
        return try body(&state)
    }
}
