// swift-log's module is re-exported: `import SwitchyardLogging` is enough to name `Logger` and its levels.
@_exported import Logging
import Switchyard

extension LogSink {
    /// A sink that writes each entry of ``Switchyard/LoggerMiddleware`` as one message of a swift-log `Logger`, at
    /// `level`.
    ///
    /// ```swift
    /// import Switchyard
    /// import SwitchyardLogging  // also gives swift-log's `Logger`
    ///
    /// let logger = LoggerMiddleware<AppAction, AppState>(sink: .logger(Logger(label: "app.actions"), level: .debug))
    /// ```
    ///
    /// - Parameters:
    ///   - logger: the swift-log logger to write to; its handler and metadata decide where the message goes.
    ///   - level: the level of every message; `.info` by default.
    public static func logger(_ logger: Logger, level: Logger.Level = .info) -> LogSink {
        LogSink { entry in
            logger.log(level: level, "\(entry)")
        }
    }
}
