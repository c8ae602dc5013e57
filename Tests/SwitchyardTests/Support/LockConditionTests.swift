import Foundation
import SwitchyardTestSupport
import Testing

@testable import Switchyard

/// The condition a lock's waiting threads sleep on: its timed wait ends at its deadline or at a broadcast, whichever
/// comes first. Timings are asserted only in the direction a loaded machine cannot break: a timed-out wait lasted at
/// least about its timeout, a woken wait ended well before its (long) timeout.
@Suite struct LockConditionTests {
    @Test func aTimedWaitWithNoBroadcastTimesOutAfterItsTimeout() {
        let condition = LockCondition()
        let clock = ContinuousClock()
        let started = clock.now
        let woken = condition.wait(after: condition.ticket, timeout: .milliseconds(50))
        let elapsed = clock.now - started
        #expect(!woken)
        // A few milliseconds of slack for the two clocks' readings; an early return would be far shorter.
        #expect(elapsed >= .milliseconds(45))
    }

    @Test func aTimedWaitEndsAtABroadcastLongBeforeItsDeadline() async {
        let condition = LockCondition()
        let ticket = condition.ticket
        let result = LockedValue<(woken: Bool, elapsed: Duration)?>(nil)
        let waiter = Thread {
            let clock = ContinuousClock()
            let started = clock.now
            let woken = condition.wait(after: ticket, timeout: .seconds(120))
            let elapsed = clock.now - started
            result.withLock { $0 = (woken, elapsed) }
        }
        waiter.start()
        // Broadcast once the waiter has most likely gone to sleep; a broadcast before its wait is not lost either.
        try? await Task.sleep(for: .milliseconds(20))
        condition.broadcast()
        let finished = await eventually(timeout: .seconds(60)) { result.withLock { $0 != nil } }
        #expect(finished, "the waiter did not return within 60 s of the broadcast")
        let (woken, elapsed) = result.withLock { $0 } ?? (false, .seconds(120))
        #expect(woken)
        #expect(elapsed < .seconds(60))
    }

    @Test func aBroadcastBeforeTheWaitEndsItAtOnce() {
        let condition = LockCondition()
        let ticket = condition.ticket
        condition.broadcast()
        let clock = ContinuousClock()
        let started = clock.now
        #expect(condition.wait(after: ticket, timeout: .seconds(120)))
        #expect(clock.now - started < .seconds(60))
    }

    @Test func aTimeoutOfZeroOrLessReturnsAtOnce() {
        let condition = LockCondition()
        let clock = ContinuousClock()
        let started = clock.now
        #expect(!condition.wait(after: condition.ticket, timeout: .zero))
        #expect(!condition.wait(after: condition.ticket, timeout: .milliseconds(-1)))
        #expect(!condition.wait(after: condition.ticket, timeout: .seconds(-Int64(Int32.max))))
        #expect(clock.now - started < .seconds(60))
    }

    @Test func aTimeoutTooLongForATimespecWaitsForTheBroadcast() async {
        let condition = LockCondition()
        let ticket = condition.ticket
        let woken = LockedValue<Bool?>(nil)
        let waiter = Thread {
            let result = condition.wait(after: ticket, timeout: .seconds(Int64.max))
            woken.withLock { $0 = result }
        }
        waiter.start()
        try? await Task.sleep(for: .milliseconds(20))
        condition.broadcast()
        let finished = await eventually(timeout: .seconds(60)) { woken.withLock { $0 != nil } }
        #expect(finished, "the waiter did not return within 60 s of the broadcast")
        #expect(woken.withLock { $0 } == true)
    }

    @Test func anUntimedWaitEndsAtABroadcast() async {
        let condition = LockCondition()
        let ticket = condition.ticket
        let returned = LockedValue(false)
        let waiter = Thread {
            condition.wait(after: ticket)
            returned.withLock { $0 = true }
        }
        waiter.start()
        try? await Task.sleep(for: .milliseconds(20))
        condition.broadcast()
        let finished = await eventually(timeout: .seconds(60)) { returned.withLock { $0 } }
        #expect(finished, "the waiter did not return within 60 s of the broadcast")
    }
}
