import Foundation
import IssueReporting

/// Keeps the failures that the test tools report, instead of failing the test: a test of a failure asserts what
/// was reported, and `swift test` prints nothing for it.
final class CapturedIssues: IssueReporter, @unchecked Sendable {
    // Invariant: `issues` is read and written only inside `lock`.
    private let lock = NSLock()
    private var issues: [String] = []

    var messages: [String] {
        lock.lock()
        defer { lock.unlock() }
        return issues
    }

    func reportIssue(
        _ message: @autoclosure () -> String?,
        severity: IssueSeverity,
        fileID: StaticString,
        filePath: StaticString,
        line: UInt,
        column: UInt
    ) {
        let text = message() ?? ""
        lock.lock()
        issues.append(text)
        lock.unlock()
    }
}

/// Runs `body` with the failures it reports captured, and returns their messages.
func capturingIssues(_ body: () async -> Void) async -> [String] {
    let captured = CapturedIssues()
    await withIssueReporters([captured]) { await body() }
    return captured.messages
}
