import SwitchyardTestSupport
import Testing

@testable import Switchyard

/// The engine's state machine for what its processing thread borrows and lets go of, for idle waiters, for actions
/// put at the front of the queue by an out-of-band change, and for probes: driven without threads.
@Suite struct EngineStateProbeTests {
    typealias Machine = EngineStateTests.Machine
    typealias Engine = EngineStateTests.Engine
    static let me = EngineStateTests.me
    static let other = EngineStateTests.other

    // MARK: - What Released carries

    @Test func aSnapshotReplacedWhileAThreadProcessesIsHandedBackAtThatThreadsNextDecisionOnly() throws {
        var machine = Machine()
        let added = machine.engine.addObserver(deliver: { _ in }, storeDidEnd: nil)
        let observer = try #require(added)
        #expect(machine.admit(1, from: Self.me) == .process(isReducing: true))
        let borrowed = try #require(machine.context.registrations).takeUnretainedValue()
        // Removed while `me` may be using the snapshot: kept, not handed back.
        let (removed, stale) = machine.engine.removeObserver(id: observer.id)
        #expect(removed === observer)
        #expect(stale == nil)
        #expect(machine.engine.retired.count == 1)
        #expect(machine.engine.retired.first === borrowed)
        // The commit refreshes `me`'s context, but the action in progress may still borrow the snapshot (its
        // probes' timing hooks do): it is kept.
        var released = Released()
        _ = machine.engine.commit(context: &machine.context, released: &released)
        #expect(released.objects.isEmpty)
        #expect(machine.engine.retired.count == 1)
        #expect(machine.context.registrations == nil)
        // `me`'s next decision between two actions hands the snapshot back, once; the retired snapshots are let go of
        // together.
        var later = Released()
        let ok1 =
            machine.engine.next(context: &machine.context, action: &machine.slot.action, released: &later)
            == .idle(wakeProducers: false)
        #expect(ok1)
        #expect(later.objects.count == 1)
        let retired = later.objects.first as? [Registrations<Int, Int>]
        #expect(retired?.count == 1)
        #expect(retired?.first === borrowed)
        #expect(machine.engine.retired.isEmpty)
        var afterwards = Released()
        _ = machine.engine.next(context: &machine.context, action: &machine.slot.action, released: &afterwards)
        #expect(afterwards.objects.isEmpty)
    }

    @Test func aSnapshotReplacedWhileTheStoreIsIdleIsHandedBackAtOnce() throws {
        var machine = Machine()
        let added = machine.engine.addObserver(deliver: { _ in }, storeDidEnd: nil)
        let observer = try #require(added)
        _ = machine.admit(1, from: Self.me)
        _ = machine.commit()
        #expect(machine.next() == .idle(wakeProducers: false))
        let (_, stale) = machine.engine.removeObserver(id: observer.id)
        #expect(stale != nil)
        #expect(machine.engine.retired.isEmpty)
    }

    @Test func closingHandsBackTheCurrentSnapshotOnlyWhenNoThreadProcesses() throws {
        var idle = Machine()
        _ = idle.engine.addObserver(deliver: { _ in }, storeDidEnd: nil)
        _ = idle.admit(1, from: Self.me)
        _ = idle.commit()
        _ = idle.next()
        let ok2 = idle.engine.close().registrations != nil
        #expect(ok2)

        var busy = Machine()
        _ = busy.engine.addObserver(deliver: { _ in }, storeDidEnd: nil)
        _ = busy.admit(1, from: Self.me)
        let ok3 = busy.engine.close().registrations == nil
        #expect(ok3)
        // The processing thread lets go of it when it stops.
        var released = Released()
        let ok4 = busy.engine.next(context: &busy.context, action: &busy.slot.action, released: &released) == .stop
        #expect(ok4)
        #expect(released.objects.count == 1)
        #expect(busy.context.registrations == nil)
    }

    // MARK: - Idle waiters

    @Test func nobodyWaitsForAnIdleOrAClosedStore() async {
        await withCheckedContinuation { continuation in
            var idle = Machine()
            let waitsOnIdle = idle.engine.waitForIdle(continuation)
            #expect(!waitsOnIdle)
            var closed = Machine()
            _ = closed.engine.close()
            let waitsOnClosed = closed.engine.waitForIdle(continuation)
            #expect(!waitsOnClosed)
            continuation.resume()
        }
    }

    @Test func idleWaitersAreHandedBackByTheDecisionThatLeavesTheStoreIdleAndNotBefore() async {
        let handing = Task {
            var handedBackAtCommit = -1
            var handedBackAtIdle = -1
            await withCheckedContinuation { continuation in
                var machine = Machine()
                _ = machine.admit(1, from: Self.me)
                _ = machine.admit(2, from: Self.other)
                let waits = machine.engine.waitForIdle(continuation)
                #expect(waits)
                var atCommit = Released()
                _ = machine.engine.commit(context: &machine.context, released: &atCommit)
                handedBackAtCommit = atCommit.idleWaiterCount
                // Action 2 is still queued: the store is not idle yet.
                var atSecond = Released()
                let second = machine.engine.next(
                    context: &machine.context, action: &machine.slot.action, released: &atSecond)
                #expect(second == .process(isReducing: true, wakeProducers: false))
                handedBackAtCommit += atSecond.idleWaiterCount
                _ = machine.commit()
                var atIdle = Released()
                let last = machine.engine.next(
                    context: &machine.context, action: &machine.slot.action, released: &atIdle)
                #expect(last == .idle(wakeProducers: false))
                handedBackAtIdle = atIdle.idleWaiterCount
                // Resumed by `finish()` when the engine handed it back; here otherwise, so that the test fails, not
                // hangs.
                if handedBackAtCommit == 0 && handedBackAtIdle == 1 {
                    atIdle.finish()
                } else {
                    continuation.resume()
                }
            }
            return (handedBackAtCommit, handedBackAtIdle)
        }
        let (handedBackAtCommit, handedBackAtIdle) = await value(of: handing) ?? (-1, -1)
        #expect(handedBackAtCommit == 0)
        #expect(handedBackAtIdle == 1)
    }

    @Test func closingHandsTheIdleWaitersBack() async {
        let handing = Task {
            var handedBack = -1
            await withCheckedContinuation { continuation in
                var machine = Machine()
                _ = machine.admit(1, from: Self.me)
                let waits = machine.engine.waitForIdle(continuation)
                #expect(waits)
                let closed = machine.engine.close()
                handedBack = closed.idleWaiters?.count ?? 0
                if handedBack == 1 {
                    closed.idleWaiters?.first?.resume()
                } else {
                    continuation.resume()
                }
            }
            return handedBack
        }
        let handedBack = await value(of: handing) ?? -1
        #expect(handedBack == 1)
    }

    // MARK: - idle() at a fixed point

    @Test func theCommitCountIsReadOnlyWhileIdleAndAnyLaterCommitOrWorkMeansNotSettled() {
        var machine = Machine()
        #expect(machine.engine.idleCommits == 0)
        _ = machine.admit(1, from: Self.me)
        // Processing: no count to read, and not idle since anything.
        #expect(machine.engine.idleCommits == nil)
        #expect(!machine.engine.isIdle(since: 0))
        _ = machine.commit()
        #expect(machine.engine.idleCommits == nil)
        #expect(machine.next() == .idle(wakeProducers: false))
        let settled = machine.engine.idleCommits
        #expect(settled == 1)
        #expect(machine.engine.isIdle(since: 1))
        // A commit after the count was read (an observer on the main actor dispatched): not settled.
        _ = machine.admit(2, from: Self.me)
        _ = machine.commit()
        _ = machine.next()
        #expect(!machine.engine.isIdle(since: 1))
        // An out-of-band commit that waits: not idle either.
        _ = machine.request(adding: 1, from: Self.me, canProcessHere: false)
        #expect(machine.engine.idleCommits == nil)
        // A closed store is idle for good.
        _ = machine.engine.close()
        #expect(machine.engine.isIdle(since: 0))
    }

    // MARK: - didDetach

    @Test func aProbeAttachedAndDetachedWithinAnActionOfAStoreWithNoOtherRegistrationIsToldItWasDetached() throws {
        var machine = Machine()
        // `me` processes with nothing registered: no snapshot.
        #expect(machine.admit(1, from: Self.me) == .process(isReducing: true))
        let calls = Counter()
        let added = machine.engine.addProbe(StoreProbe(didDetach: { calls.increment() })).0
        let probe = try #require(added)
        let removed = machine.engine.removeProbe(id: probe.id).0
        #expect(removed?.id == probe.id)
        let hook = try #require(removed?.probe.didDetach)
        // Processing: the hook waits for `me`'s next decision.
        #expect(machine.engine.callWhenDetached(hook) == nil)
        // The commit refreshes `me`'s context within the action: the hook must still wait for the decision.
        _ = machine.commit()
        var released = Released()
        let decision = machine.engine.next(context: &machine.context, action: &machine.slot.action, released: &released)
        #expect(decision == .idle(wakeProducers: false))
        released.finish()
        #expect(calls.value == 1)
        #expect(machine.engine.detachHooks == nil)
        // Detaching twice is harmless.
        #expect(machine.engine.removeProbe(id: probe.id).0 == nil)
    }

    // MARK: - Probes

    @Test func aProbeThatHoldsOrTimesLeavesTheStateOpenForItAndOneThatKeepsDoesNot() throws {
        var machine = Machine()
        let (admitting, _) = machine.engine.addProbe(StoreProbe(admit: { _, _ in .process }))
        let admittingID = try #require(admitting?.id)
        #expect(machine.admit(1, from: Self.me) == .process(isReducing: false))
        #expect(machine.context.probeUse.admits)
        #expect(machine.context.probeUse.seesBeforeHandle)
        _ = machine.commit()
        _ = machine.next()
        _ = machine.engine.removeProbe(id: admittingID)

        let feed = ActionFeed<Int, Int>(snapshotEvery: 100)
        let (keeping, _) = machine.engine.addProbe(StoreProbe(feed: feed))
        #expect(keeping != nil)
        #expect(machine.admit(2, from: Self.me) == .process(isReducing: true))
        #expect(machine.context.probeUse.keeps)
        #expect(!machine.context.probeUse.seesBeforeHandle)
        #expect(machine.context.view.soleFeed?.takeUnretainedValue() === feed)
    }

    @Test func probesRunInTheOrderTheyWereAttachedAndAClosedEngineRefusesMore() throws {
        var machine = Machine()
        let firstAdded = machine.engine.addProbe(StoreProbe(didReduce: { _ in })).0
        let first = try #require(firstAdded)
        let secondAdded = machine.engine.addProbe(StoreProbe(didRunEffects: { _ in })).0
        let second = try #require(secondAdded)
        #expect(machine.engine.registered.probes.map(\.id) == [first.id, second.id])
        #expect(machine.engine.registered.probeUse.times)
        #expect(!machine.engine.registered.probeUse.admits)
        let closed = machine.engine.close()
        #expect(closed.probes.map(\.id) == [first.id, second.id])
        let refused = machine.engine.addProbe(StoreProbe()).0
        #expect(refused == nil)
        #expect(machine.engine.registered.probeUse.isEmpty)
    }
}
