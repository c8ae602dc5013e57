/// One entry of ``LoggerMiddleware``: an action, its source and, optionally, the state change it caused, drawn as
/// a box.
///
/// ```
/// ┌─▶ lifecycle(AppLifecycleMiddleware.AppLifecycleAction.didBecomeActive)
/// │ source: AppLifecycleMiddleware/AppLifecycleMiddleware.swift:36
/// │ function: handle(action:from:state:)
/// │ info: <nil>
/// └────────────────────
/// ```
struct LogEntry {
    /// The action, as `String(describing:)` prints it.
    let action: String
    /// Who dispatched the action.
    let source: ActionSource
    /// The state change, when the logger shows it.
    let stateDiff: StateDiff?

    /// The entry's lines joined with newlines, with no trailing newline.
    var text: String {
        var lines: [String] = []
        let actionLines = action.split(separator: "\n", omittingEmptySubsequences: false)
        lines.append("┌─▶ " + (actionLines.first.map(String.init) ?? ""))
        lines += actionLines.dropFirst().map { "│ " + $0 }
        lines.append("│ source: \(source.file):\(source.line)")
        lines.append("│ function: \(source.function)")
        lines += Self.labelled("info", source.info ?? "<nil>")
        if let stateDiff {
            if stateDiff.lines.isEmpty {
                lines.append("│ state: unchanged")
            } else {
                lines.append("│ state:")
                for line in stateDiff.lines {
                    switch line {
                    case .removed(let text): lines.append("│ - " + text)
                    case .added(let text): lines.append("│ + " + text)
                    }
                }
            }
        }
        lines.append("└" + String(repeating: "─", count: 20))
        return lines.joined(separator: "\n")
    }

    /// `│ label: first line`, then the other lines aligned under the first.
    private static func labelled(_ label: String, _ value: String) -> [String] {
        let valueLines = value.split(separator: "\n", omittingEmptySubsequences: false)
        let indent = String(repeating: " ", count: label.count + 2)
        return valueLines.enumerated().map { index, line in
            index == 0 ? "│ \(label): \(line)" : "│ \(indent)\(line)"
        }
    }
}
