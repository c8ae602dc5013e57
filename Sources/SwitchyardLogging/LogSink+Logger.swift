// swift-log's module is re-exported: `import SwitchyardLogging` is enough to name `Logger` and its levels.
@_exported import Logging
import Switchyard

extension LogSink {
    /// A sink that sends each entry of ``Switchyard/LoggerMiddleware`` as one record of a swift-log `Logger`, at
    /// `level`: the message is the action, and the metadata holds `action`, `file`, `line`, `function`, `info` (when
    /// the source has one) and `state` (the changed lines, when the logger compares states).
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
        LogSink.records { record in
            var metadata: Logger.Metadata = ["action": .string(record.action)]
            if let source = record.source {
                metadata["file"] = .string(source.file)
                metadata["line"] = .string("\(source.line)")
                metadata["function"] = .string(source.function)
                if let info = source.info { metadata["info"] = .string(info) }
            }
            if let changes = record.stateChanges { metadata["state"] = .array(changes.map { .string($0) }) }
            logger.log(level: level, "\(record.action)", metadata: metadata)
        }
    }
}
