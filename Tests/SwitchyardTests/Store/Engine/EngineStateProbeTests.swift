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
            let last = machine.engine.next(context: &machine.context, action: &machine.slot.action, released: &atIdle)
            #expect(last == .idle(wakeProducers: false))
            handedBackAtIdle = atIdle.idleWaiterCount
            // Resumed by `finish()` when the engine handed it back; here otherwise, so that the test fails, not hangs.
            if handedBackAtCommit == 0 && handedBackAtIdle == 1 {
                atIdle.finish()
            } else {
                continuation.resume()
            }
        }
        #expect(handedBackAtCommit == 0)
        #expect(handedBackAtIdle == 1)
    }

    @Test func closingHandsTheIdleWaitersBack() async {
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
        #expect(handedBack == 1)
    }

    // MARK: - Actions put first by an out-of-band change

    static func queued(_ action: Int, owner: UInt) -> QueuedAction<Int> {
        QueuedAction(DispatchedAction(action), thread: owner, owner: owner, isFollowUp: false)
    }

    /// A machine whose processing thread `me` runs the change of an out-of-band commit; returns the commit's id.
    static func runningAChange(_ machine: inout Machine) throws -> UInt64 {
        #expect(machine.request(adding: 1, from: Self.me) == .process(isReducing: false))
        #expect(machine.next() == .outOfBand)
        var released = Released()
        let begun = machine.engine.beginOutOfBand(context: &machine.context, released: &released)
        let commit = try #require(begun)
        #expect(commit.id != 0)
        #expect(machine.engine.runningOutOfBand == commit.id)
        return commit.id
    }

    @Test func prependIsRefusedUnlessTheProcessingThreadRunsTheChangeOfThatCommit() throws {
        var idle = Machine()
        let ok11 = !idle.engine.prepend([Self.queued(9, owner: Self.other)], commit: 1, thread: Self.me)
        #expect(ok11)

        var processing = Machine()
        _ = processing.admit(1, from: Self.me)
        let ok12 = !processing.engine.prepend([Self.queued(9, owner: Self.other)], commit: 1, thread: Self.me)
        #expect(ok12)

        var machine = Machine()
        let id = try Self.runningAChange(&machine)
        let ok13 = !machine.engine.prepend([Self.queued(9, owner: Self.other)], commit: id, thread: Self.other)
        #expect(ok13)
        let ok14 = !machine.engine.prepend([Self.queued(9, owner: Self.other)], commit: id + 1, thread: Self.me)
        #expect(ok14)
        let ok15 = !machine.engine.prepend([Self.queued(9, owner: Self.other)], commit: 0, thread: Self.me)
        #expect(ok15)
        #expect(machine.engine.queue.isEmpty)
        let ok16 = machine.engine.prepend([Self.queued(7, owner: Self.other)], commit: id, thread: Self.me)
        #expect(ok16)
        // Once committed, the change is over: its id no longer works.
        var released = Released()
        _ = machine.engine.commitOutOfBand(context: &machine.context, released: &released)
        #expect(machine.engine.runningOutOfBand == 0)
        let ok17 = !machine.engine.prepend([Self.queued(8, owner: Self.other)], commit: id, thread: Self.me)
        #expect(ok17)
        #expect(machine.engine.queue.count == 1)
    }

    @Test func prependedActionsGoFirstAndKeepTheirOwnersAgainstTheBudget() throws {
        var machine = Machine()
        let id = try Self.runningAChange(&machine)
        _ = machine.admit(10, from: Self.other)
        let held = (1...4).map { Self.queued($0, owner: Self.other) }
        let ok18 = machine.engine.prepend(held, commit: id, thread: Self.me)
        #expect(ok18)
        var released = Released()
        _ = machine.engine.commitOutOfBand(context: &machine.context, released: &released)
        // The budget (2) counts `other`'s actions: two are processed here, then the queue is handed over.
        for expected in 1...2 {
            #expect(machine.next() == .process(isReducing: true, wakeProducers: false))
            let takenAction = machine.taken()
            let taken = try #require(takenAction)
            #expect(taken.dispatched.action == expected)
            #expect(taken.owner == Self.other)
            _ = machine.commit()
        }
        #expect(machine.next() == .handOff(wakeProducers: false))
        #expect(machine.engine.queue.count == 3)
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
        #expect(machine.engine.probes.map(\.id) == [first.id, second.id])
        #expect(machine.engine.probeUse.times)
        #expect(!machine.engine.probeUse.admits)
        let closed = machine.engine.close()
        #expect(closed.probes.map(\.id) == [first.id, second.id])
        let refused = machine.engine.addProbe(StoreProbe()).0
        #expect(refused == nil)
        #expect(machine.engine.probeUse.isEmpty)
    }
}
