#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Keeps the entries a ``LoggerMiddleware`` writes, in memory, in the order they were written; for tests.
///
/// ```swift
/// let log = InMemoryLog()
/// let logger = LoggerMiddleware<AppAction, AppState>(sink: log.sink)
/// // … run actions through the logger …
/// #expect(log.entries.count == 2)
/// ```
///
/// It may be written to and read from any thread.
public final class InMemoryLog: @unchecked Sendable {
    // A pthread mutex rather than `Synchronization.Mutex`, so that ThreadSanitizer sees the lock on Linux.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var storage: [String] = []

    /// Creates an empty log.
    public init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// The entries written so far, oldest first.
    public var entries: [String] {
        withLock { storage }
    }

    /// All entries joined with newlines, as ``LogSink/standardOutput`` would print them.
    public var text: String {
        entries.map { $0 + "\n" }.joined()
    }

    /// The sink that appends every entry to this log.
    public var sink: LogSink {
        LogSink { entry in self.append(entry) }
    }

    /// Appends `entry` to the log.
    public func append(_ entry: String) {
        withLock { storage.append(entry) }
    }

    /// Forgets every entry.
    public func removeAll() {
        withLock { storage.removeAll() }
    }

    private func withLock<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
