import Foundation
import Switchyard
import Synchronization
import Testing

@testable import SwitchyardTesting

@Suite struct ImmediateClockTests {
    /// A sleep needs no thread of the pool's background priority: with all of them blocked, as a suite of parallel
    /// tests keeping two cores busy can keep them from running, an effect on a test store's executor still gets past
    /// its sleeps. swift-clocks' clock handed each sleep to twenty background-priority tasks, and this waited until
    /// the blocked threads were freed.
    @Test func aSleepEndsWhileThePoolsBackgroundThreadsAreBlocked() {
        // The pool runs as many threads of one priority at a time as the machine has cores.
        let width = ProcessInfo.processInfo.activeProcessorCount
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        for _ in 0..<width {
            Task.detached(priority: .background) {
                started.signal()
                _ = release.wait(timeout: .now() + .seconds(60))
            }
        }
        for _ in 0..<width { #expect(started.wait(timeout: .now() + .seconds(30)) == .success) }
        let clock = ImmediateClock()
        let slept = DispatchSemaphore(value: 0)
        Task(executorPreference: EffectExecutor()) {
            try? await clock.sleep(for: .seconds(60))
            try? await clock.sleep(for: .seconds(1))
            slept.signal()
        }
        let ended = slept.wait(timeout: .now() + .seconds(10)) == .success
        for _ in 0..<width { release.signal() }
        #expect(ended)
        #expect(clock.now == TestClock.Instant().advanced(by: .seconds(61)))
    }

    /// A cancelled task's sleep throws, and leaves the time where it was.
    @Test func aCancelledSleepThrowsAndLeavesTheTime() {
        let clock = ImmediateClock()
        let threwCancellation = Mutex<Bool?>(nil)
        let ended = DispatchSemaphore(value: 0)
        // On a test store's executor, as an effect runs: this thread waits for the task, which then needs no thread
        // of the pool, which the suite's other tests may all keep busy.
        Task(executorPreference: EffectExecutor()) {
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                try await clock.sleep(for: .seconds(5))
                threwCancellation.withLock { $0 = false }
            } catch {
                threwCancellation.withLock { $0 = error is CancellationError }
            }
            ended.signal()
        }
        #expect(ended.wait(timeout: .now() + .seconds(30)) == .success)
        #expect(threwCancellation.withLock { $0 } == true)
        #expect(clock.now == TestClock.Instant())
    }

    /// A sleep until a deadline already passed does not move the time back.
    @Test func aDeadlineInThePastLeavesTheTime() async throws {
        let clock = ImmediateClock()
        try await clock.sleep(for: .seconds(3))
        try await clock.sleep(until: TestClock.Instant().advanced(by: .seconds(1)))
        #expect(clock.now == TestClock.Instant().advanced(by: .seconds(3)))
    }
}
