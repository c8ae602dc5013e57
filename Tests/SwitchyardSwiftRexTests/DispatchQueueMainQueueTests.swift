import Foundation
import SwitchyardTestSupport
import Testing

@testable import SwitchyardSwiftRex

/// SwiftRex's internal main-queue helpers, which tests written against SwiftRex reach with `@testable import`.
@Suite struct DispatchQueueMainQueueTests {
    /// What each block saw, in the order the blocks ran.
    final class Runs: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [String] = []
        func append(_ entry: String) { lock.withLock { seen.append(entry) } }
        var entries: [String] { lock.withLock { seen } }
    }

    @Test func theMainQueueIsRecognisedWithoutBeingMarked() async {
        #expect(!DispatchQueue.isMainQueue)
        let runs = Runs()
        DispatchQueue.main.async { runs.append("main: \(DispatchQueue.isMainQueue)") }
        DispatchQueue.global().async { runs.append("global: \(DispatchQueue.isMainQueue)") }
        #expect(await eventually { runs.entries.count == 2 })
        #expect(Set(runs.entries) == ["main: true", "global: false"])
    }

    @Test func asapRunsAtOnceOnTheMainQueueAndLaterFromElsewhere() async {
        let runs = Runs()
        DispatchQueue.main.async {
            DispatchQueue.setMainQueueID()
            DispatchQueue.asap { runs.append("inner on main: \(DispatchQueue.isMainQueue)") }
            runs.append("after the call")
        }
        #expect(await eventually { runs.entries.count == 2 })
        #expect(runs.entries == ["inner on main: true", "after the call"])

        let fromElsewhere = Runs()
        DispatchQueue.global().async {
            DispatchQueue.asap { fromElsewhere.append("inner on main: \(DispatchQueue.isMainQueue)") }
            fromElsewhere.append("after the call")
        }
        #expect(await eventually { fromElsewhere.entries.count == 2 })
        // Called from another thread, the block runs on the main queue: not at once, on the calling thread.
        #expect(Set(fromElsewhere.entries) == ["after the call", "inner on main: true"])
    }
}
