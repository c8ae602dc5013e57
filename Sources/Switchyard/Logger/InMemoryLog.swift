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
public final class InMemoryLog: Sendable {
    private let storage = LockedValue<[String]>([])

    /// Creates an empty log.
    public init() {}

    /// The entries written so far, oldest first.
    public var entries: [String] {
        storage.withLock { $0 }
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
        storage.withLock { $0.append(entry) }
    }

    /// Forgets every entry.
    public func removeAll() {
        let removed = storage.withLock { storage in
            defer { storage = [] }
            return storage
        }
        _ = consume removed
    }

}
