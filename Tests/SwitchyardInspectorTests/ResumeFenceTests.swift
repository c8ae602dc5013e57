import Foundation
import SwitchyardInspector
import SwitchyardTestSupport
import Testing

@Suite struct ResumeFenceTests {
    /// The fence is passed by event loops and sessions at once: every pass counts, and under ThreadSanitizer none is
    /// reported as a race.
    @Test func threadsPassingTheFenceAtOnceAreEachCounted() {
        let before = ResumeFence.passCount
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<20_000 { ResumeFence.pass() }
        }
        // Other tests' connections may pass it meanwhile: at least these passes.
        #expect(ResumeFence.passCount - before >= 80_000)
    }
}
