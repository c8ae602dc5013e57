/// What ``LoggerMiddleware`` writes for one action, as fields and as the box it prints, so that a sink can send it
/// to a structured logging system as one record with metadata.
///
/// ```swift
/// let sink = LogSink.records { record in
///     analytics.log(record.action, file: record.source?.file ?? "", line: record.source?.line ?? 0)
/// }
/// ```
public struct LogRecord: Sendable, Equatable {
    /// The action, as `String(describing:)` prints it; for a plain text written to the sink, that text.
    public let action: String
    /// Where the action was dispatched from; `nil` for a plain text written to the sink.
    public let source: ActionSource?
    /// The state's change, as the box's `- old` and `+ new` lines; empty when the action changed nothing, `nil` when
    /// the logger does not compare states.
    public let stateChanges: [String]?
    /// The box that the standard output sink prints.
    public let text: String

    /// Creates a record: the logger makes them, a sink receives them.
    package init(action: String, source: ActionSource?, stateChanges: [String]?, text: String) {
        self.action = action
        self.source = source
        self.stateChanges = stateChanges
        self.text = text
    }
}
