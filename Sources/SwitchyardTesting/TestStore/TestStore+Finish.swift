import IssueReporting
import Switchyard

extension TestStore {
    /// Waits for every running effect to finish, then reports what the test left unasserted.
    ///
    /// An effect still running after `timeout` is a failure in both exhaustivity modes (the test awaited its end);
    /// under ``Exhaustivity/on``, so is every received action not asserted. After `finish`, releasing the store
    /// reports nothing more unless the test takes further steps.
    ///
    /// - Parameters:
    ///   - timeout: how long to wait for the effects; the store's `timeout:` (given when it was created) by default.
    ///   - fileID: the caller's location, where failures are reported; leave the default.
    ///   - filePath: as `fileID`.
    ///   - line: as `fileID`.
    ///   - column: as `fileID`.
    nonisolated(nonsending)
        public func finish(
            timeout: Duration? = nil,
            fileID: StaticString = #fileID,
            filePath: StaticString = #filePath,
            line: UInt = #line,
            column: UInt = #column
        ) async
    {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let timeout = timeout ?? self.timeout
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            let generation = log.signal.generation
            if store.effects.runningEffects.isEmpty { break }
            guard await log.signal.wait(after: generation, until: deadline) else { break }
        }
        let running = store.effects.runningEffects
        if !running.isEmpty {
            location.report(
                "Expected every effect to finish within \(timeout), but \(running.count) still running:\n"
                    + running.map { "  \($0)" }.joined(separator: "\n")
            )
        }
        if exhaustivity == .on {
            reportUnassertedActions(at: location)
        }
        needsCompletionCheck = false
    }

    /// Reports the received actions not asserted and the effects still running.
    func reportLeftovers(at location: SourceLocation) {
        reportUnassertedActions(at: location)
        let running = store.effects.runningEffects
        if !running.isEmpty {
            location.report(
                "\(running.count) effect(s) still running when the test store was released:\n"
                    + running.map { "  \($0)" }.joined(separator: "\n")
                    + "\nAwait their end with `finish()`, or cancel them with an action."
            )
        }
    }

    private func reportUnassertedActions(at location: SourceLocation) {
        let unasserted = log.takeAllReceived()
        guard !unasserted.isEmpty else { return }
        location.report(
            "\(unasserted.count) received action(s) not asserted:\n"
                + unasserted.map { "  \($0.summary)" }.joined(separator: "\n")
        )
    }
}
