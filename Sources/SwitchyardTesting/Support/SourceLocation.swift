import Foundation
import IssueReporting

/// Where a test step was written: the place IssueReporting attributes its failures to.
struct SourceLocation: Sendable {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    /// Reports a test failure at this location (Swift Testing's `Issue.record`, or `XCTFail`).
    func report(_ message: String) {
        reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

extension Duration {
    /// This duration in seconds, for Foundation's dates.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
