import Foundation
import SwitchyardTestSupport
import Testing

@testable import SwitchyardInspector

@Suite struct FrameFenceTests {
    /// The fence is passed by event loops and sessions at once: every pass counts, and under ThreadSanitizer none is
    /// reported as a race.
    @Test func threadsPassingTheFenceAtOnceAreEachCounted() {
        let before = FrameFence.passCount
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<20_000 { FrameFence.pass() }
        }
        // Other tests' connections may pass it meanwhile: at least these passes.
        #expect(FrameFence.passCount - before >= 80_000)
    }
}
