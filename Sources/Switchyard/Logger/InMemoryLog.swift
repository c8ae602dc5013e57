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
package final class InMemoryLog: Sendable {
    private let storage = LockedValue<[String]>([])

    /// Creates an empty log.
    package init() {}

    /// The entries written so far, oldest first.
    package var entries: [String] {
        storage.withLock { $0 }
    }

    /// All entries joined with newlines, as ``LogSink/standardOutput`` would print them.
    package var text: String {
        entries.map { $0 + "\n" }.joined()
    }

    /// The sink that appends every entry to this log.
    package var sink: LogSink {
        LogSink { entry in self.append(entry) }
    }

    /// Appends `entry` to the log.
    package func append(_ entry: String) {
        storage.withLock { $0.append(entry) }
    }

    /// Forgets every entry.
    package func removeAll() {
        let removed = storage.withLock { storage in
            defer { storage = [] }
            return storage
        }
        _ = consume removed
    }

}
