import IssueReporting
import Switchyard

extension TestStore {
    /// Waits for the next action that a middleware dispatched, asserts that it is `expectedAction`, and asserts
    /// how it changed the state.
    ///
    /// ```swift
    /// await store.send(.search("swift")) { $0.query = "swift" }
    /// await clock.advance(by: .milliseconds(300))
    /// await store.receive(.results(["Swift"])) { $0.results = ["Swift"] }
    /// ```
    ///
    /// Under ``Exhaustivity/off``, received actions that are not `expectedAction` are skipped.
    ///
    /// - Parameters:
    ///   - expectedAction: the action expected next.
    ///   - timeout: how long to wait for it; the store's `timeout:` (given when it was created) by default.
    ///   - updateStateToExpectedResult: mutates the state before the action into the expected state after it.
    ///   - fileID: the caller's location, where failures are reported; leave the default.
    ///   - filePath: as `fileID`.
    ///   - line: as `fileID`.
    ///   - column: as `fileID`.
    nonisolated(nonsending)
        public func receive(
            _ expectedAction: Action,
            timeout: Duration? = nil,
            assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
            fileID: StaticString = #fileID,
            filePath: StaticString = #filePath,
            line: UInt = #line,
            column: UInt = #column
        ) async where Action: Equatable
    {
        await receive(
            described: "\(expectedAction)",
            matching: { $0 == expectedAction },
            timeout: timeout,
            updateStateToExpectedResult,
            at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// Waits for the next action that a middleware dispatched, asserts that `isMatching` accepts it, and asserts
    /// how it changed the state; for actions that are not `Equatable` or carry values the test cannot predict.
    ///
    /// ```swift
    /// await store.receive(where: { if case .failed = $0 { true } else { false } })
    /// ```
    ///
    /// The parameters are those of ``receive(_:timeout:assert:fileID:filePath:line:column:)``.
    nonisolated(nonsending)
        public func receive(
            where isMatching: (Action) -> Bool,
            timeout: Duration? = nil,
            assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
            fileID: StaticString = #fileID,
            filePath: StaticString = #filePath,
            line: UInt = #line,
            column: UInt = #column
        ) async
    {
        await receive(
            described: "an action matching the predicate",
            matching: isMatching,
            timeout: timeout,
            updateStateToExpectedResult,
            at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// Waits for the next action that a middleware dispatched, asserts that it is of the same case as `example`
    /// whatever its payload, and asserts how it changed the state: for an action whose payload the test cannot
    /// predict (a date, an identifier) or that is not `Equatable`, without writing a predicate.
    ///
    /// ```swift
    /// await store.receive(sameCaseAs: .loaded([])) { $0.isLoading = false }
    /// ```
    ///
    /// Cases are told apart by name (`actionCaseName(_:)`): a nested enum by its outer case only, so
    /// `sameCaseAs: .child(.reset)` accepts `.child(.tap(1))`, and any two actions that are not enums, of one type,
    /// are of the same case. Use ``receive(where:timeout:assert:fileID:filePath:line:column:)`` to look deeper.
    ///
    /// The parameters are those of ``receive(_:timeout:assert:fileID:filePath:line:column:)``.
    nonisolated(nonsending)
        public func receive(
            sameCaseAs example: Action,
            timeout: Duration? = nil,
            assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
            fileID: StaticString = #fileID,
            filePath: StaticString = #filePath,
            line: UInt = #line,
            column: UInt = #column
        ) async
    {
        let name = actionCaseName(example)
        await receive(
            described: "an action of the case `\(name)`",
            matching: { actionCaseName($0) == name },
            timeout: timeout,
            updateStateToExpectedResult,
            at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    nonisolated(nonsending)
        private func receive(
            described expected: String,
            matching isMatching: (Action) -> Bool,
            timeout: Duration?,
            _ updateStateToExpectedResult: ((inout State) throws -> Void)?,
            at location: SourceLocation
        ) async
    {
        needsCompletionCheck = true
        let timeout = timeout ?? self.timeout
        let deadline = ContinuousClock.now.advanced(by: timeout)
        /// Takes the received actions up to the expected one: `true` when the expectation is settled (met, or
        /// reported as an unexpected action).
        func takeUntilMatch() -> Bool {
            while let step = log.takeReceived() {
                if isMatching(step.action) {
                    assertState(of: step, updateStateToExpectedResult, at: location)
                    return true
                }
                if exhaustivity == .on {
                    location.report(
                        "Received an unexpected action:\n  expected: \(expected)\n  received: \(step.summary)")
                    return true
                }
            }
            return false
        }
        while true {
            let generation = log.signal.generation
            if takeUntilMatch() {
                await effectExecutor.waitUntilIdle(until: deadline)
                return
            }
            // Only effects dispatch to a test store between steps: with none running, the action cannot come any
            // more, and waiting out the timeout would only delay the failure. (An effect that has just ended
            // dispatched before it ended, so its actions are in the log by now.)
            if store.effects.runningEffects.isEmpty {
                if takeUntilMatch() {
                    await effectExecutor.waitUntilIdle(until: deadline)
                    return
                }
                location.report("Expected to receive \(expected), but no effect is running that could dispatch it.")
                return
            }
            guard await log.signal.wait(after: generation, until: deadline) else { break }
        }
        let running = store.effects.runningEffects
        location.report(
            "Expected to receive \(expected), but no such action arrived within \(timeout)."
                + (running.isEmpty
                    ? " No effect is running."
                    : "\nEffects still running:\n" + running.map { "  \($0)" }.joined(separator: "\n"))
        )
    }
}
