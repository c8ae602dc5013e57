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
/// ``InMemoryLog`` keeps entries in memory (for tests); the `SwitchyardLogging` module adds a sink that writes to a
/// swift-log `Logger`.
public struct LogSink: Sendable {
    /// Receives one entry; may be called from any thread.
    public let write: @Sendable (String) -> Void

    /// A sink that passes every entry to `write`.
    @preconcurrency
    public init(_ write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// Prints each entry on standard output, followed by a newline, and flushes it at once.
    public static var standardOutput: LogSink {
        LogSink { entry in
            print(entry)
            fflush(nil)
        }
    }
}
