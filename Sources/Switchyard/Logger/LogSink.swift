#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Where ``LoggerMiddleware`` writes its entries: a function that receives each entry, a multi-line string with no
/// trailing newline.
///
/// ```swift
/// LoggerMiddleware<AppAction, AppState>(sink: .standardOutput)
/// LoggerMiddleware<AppAction, AppState>(sink: LogSink { entry in myFile.append(entry) })
/// ```
///
/// A sink made with ``records(_:)`` receives each entry as a ``LogRecord`` instead: the action, its source and the
/// state's change as separate fields, for structured logging. The `SwitchyardLogging` module adds a sink that sends
/// one swift-log record per action, with metadata.
public struct LogSink: Sendable {
    /// Receives one entry as text; may be called from any thread.
    package let write: @Sendable (String) -> Void
    /// Receives one entry as a record; may be called from any thread. `LoggerMiddleware` calls this one.
    package let record: @Sendable (LogRecord) -> Void

    /// A sink that passes every entry to `write`, as the box ``LoggerMiddleware`` prints.
    @preconcurrency
    public init(_ write: @escaping @Sendable (String) -> Void) {
        self.write = write
        self.record = { record in write(record.text) }
    }

    /// A sink that passes every entry to `handler` as a ``LogRecord``; a text written as text arrives as a
    /// record with no source.
    ///
    /// ```swift
    /// LoggerMiddleware<AppAction, AppState>(sink: .records { record in print(record.action, record.source?.line ?? 0) })
    /// ```
    @preconcurrency
    public static func records(_ handler: @escaping @Sendable (LogRecord) -> Void) -> LogSink {
        LogSink(
            write: { text in handler(LogRecord(action: text, source: nil, stateChanges: nil, text: text)) },
            record: handler
        )
    }

    private init(write: @escaping @Sendable (String) -> Void, record: @escaping @Sendable (LogRecord) -> Void) {
        self.write = write
        self.record = record
    }

    /// Prints each entry on standard output, followed by a newline, and flushes it at once.
    public static var standardOutput: LogSink {
        LogSink { entry in
            print(entry)
            fflush(nil)
        }
    }
}
