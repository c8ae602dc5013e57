#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

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
        let result = pthread_mutex_init(mutex, nil)
        precondition(result == 0, "pthread_mutex_init failed: \(result)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @inlinable
    func lock() {
        pthread_mutex_lock(mutex)
    }

    @inlinable
    func unlock() {
        pthread_mutex_unlock(mutex)
    }

    @inlinable
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// An identifier of the calling thread, cheap to read (no system call).
@inlinable
func currentThreadID() -> UInt {
    #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
    #else
        UInt(pthread_self())
    #endif
}
