import Testing

@testable import Switchyard

// The out-of-band commits and the registrations of the engine's table tests.
extension EngineStateTests {
    // MARK: - Out-of-band commits

    @Test func anOutOfBandCommitOnAnIdleStoreGivesTheRoleToAThreadThatMayProcessAndRunsAtItsFirstDecision() throws {
        var machine = Machine()
        #expect(machine.request(adding: 10, from: Self.me) == .process(isReducing: false))
        #expect(machine.engine.phase == Self.processing(thread: Self.me, budget: 2))
        #expect(!machine.engine.isReducing)
        #expect(machine.next() == .outOfBand)
        #expect(machine.beginOutOfBand() == 10)
        // The state is closed for the change, as for a reducer: other threads wait before they read it.
        let change = try #require(machine.engine.runningChange)
        #expect(machine.engine.phase == Self.processing(thread: Self.me, budget: 2, stage: .changing(change)))
        #expect(machine.engine.isReducing)
        let readerWaits = machine.engine.readerMustWait(wokeUp: false)
        #expect(readerWaits)
        #expect(machine.commit() == 1)
        #expect(!machine.engine.isReducing)
        #expect(machine.engine.runningChange == nil)
        #expect(machine.engine.phase == Self.processing(thread: Self.me, budget: 2))
        #expect(machine.engine.outOfBand == nil)
        #expect(machine.next() == .idle(wakeProducers: false))
    }

    @Test func anOutOfBandCommitOnAnIdleStoreGoesToTheSchedulerWhenThePolicyForbidsThisThread() {
        var machine = Machine()
        #expect(machine.request(adding: 10, from: Self.other, canProcessHere: false) == .schedule)
        #expect(machine.engine.phase == .scheduled)
        // Scheduled: a second request waits for the same turn.
        #expect(machine.request(adding: 20, from: Self.third, canProcessHere: false) == .queued)
        var released = Released()
        let began = machine.engine.beginScheduled(
            thread: Self.me, budget: 2, context: &machine.context, released: &released)
        #expect(began)
        for expected in [10, 20] {
            #expect(machine.next() == .outOfBand)
            #expect(machine.beginOutOfBand() == expected)
            _ = machine.commit()
        }
        #expect(machine.next() == .idle(wakeProducers: false))
    }

    @Test func aPendingOutOfBandCommitRunsAtTheProcessingThreadsNextDecisionBeforeTheQueuedActions() {
        var machine = Machine()
        _ = machine.admit(1, from: Self.me)
        _ = machine.admit(2, from: Self.other)
        #expect(machine.request(adding: 10, from: Self.other) == .queued)
        #expect(machine.request(adding: 20, from: Self.third) == .queued)
        #expect(machine.engine.outOfBand?.count == 2)
        _ = machine.commit()
        // Between two actions: the commits go first, in the order requested, each closing the state.
        for expected in [10, 20] {
            #expect(machine.next() == .outOfBand)
            #expect(machine.taken() == nil)
            #expect(machine.beginOutOfBand() == expected)
            #expect(machine.engine.isReducing)
            _ = machine.commit()
        }
        #expect(machine.engine.outOfBand == nil)
        #expect(machine.next() == .process(isReducing: true, wakeProducers: false))
        #expect(machine.taken()?.dispatched.action == 2)
        _ = machine.commit()
        #expect(machine.next() == .idle(wakeProducers: false))
    }

    @Test func theDispatchingThreadsDecisionDoesNotEndTheStoreWhileAnOutOfBandCommitWaits() {
        var machine = Machine()
        _ = machine.admit(1, from: Self.me)
        #expect(machine.request(adding: 10, from: Self.other) == .queued)
        _ = machine.commit()
        var released = Released()
        // The queue is empty but a commit waits: the decision goes to the run loop, which runs the commit.
        let decision = machine.engine.endIfIdle(context: &machine.context, released: &released)
        #expect(decision == nil)
        #expect(machine.engine.phase == Self.processing(thread: Self.me, budget: 2))
        #expect(machine.next() == .outOfBand)
        #expect(machine.beginOutOfBand() == 10)
        _ = machine.commit()
        let idle = machine.engine.endIfIdle(context: &machine.context, released: &released)
        #expect(idle == .idle(wakeProducers: false))
    }

    @Test func closingHandsThePendingOutOfBandCommitsBackAndRefusesNewOnes() {
        var machine = Machine()
        _ = machine.admit(1, from: Self.me)
        _ = machine.request(adding: 10, from: Self.other)
        _ = machine.request(adding: 20, from: Self.third)
        _ = machine.commit()
        let closed = machine.engine.close()
        #expect(closed.outOfBand?.count == 2)
        #expect(machine.engine.outOfBand == nil)
        // Told to run one just before the store closed, the processing thread finds none and keeps the state open;
        // it stops at its next decision.
        #expect(machine.beginOutOfBand() == nil)
        #expect(!machine.engine.isReducing)
        #expect(machine.next() == .stop)
        #expect(machine.request(adding: 30, from: Self.other) == .rejected)
        #expect(machine.engine.outOfBand == nil)
    }

    // MARK: - Registrations

    @Test func theProcessingThreadSeesRegistrationsFromItsNextDecisionAndTheirStateClosesNoMore() {
        var machine = Machine()
        let observer = machine.engine.addObserver(deliver: { _ in }, storeDidEnd: nil)
        #expect(observer?.startAfter == 0)
        // An observer does not handle actions: the state still closes in the admission.
        #expect(machine.admit(1, from: Self.me) == .process(isReducing: true))
        #expect(machine.context.hasObservers)
        #expect(!machine.context.hasRuntime)
        let entry = RuntimeEntry<Int, Int>(
            registration: RuntimeMiddlewareRegistration(id: 0) {},
            identity: nil,
            handle: { _, _ in .pure() }
        )
        guard case .reserved(let id) = machine.engine.reserveRuntime(identity: nil) else {
            Issue.record("no reservation")
            return
        }
        _ = id
        _ = machine.commit()
        _ = machine.admit(2, from: Self.me)
        // Registered with the reserved id: a middleware that handles actions leaves the state open from now on.
        let reserved = RuntimeEntry<Int, Int>(
            registration: RuntimeMiddlewareRegistration(id: id) {},
            identity: nil,
            handle: entry.handle
        )
        let result20 = machine.engine.activate(reserved)
        #expect(result20)
        #expect(machine.next() == .process(isReducing: false, wakeProducers: false))
        #expect(machine.context.hasRuntime)
        // Removed while a thread processes: the snapshot that thread may be using is kept until its next decision
        // between two actions (not the commit, within the action), which hands it back for release.
        let (removed, stale) = machine.engine.removeRuntime(id: id)
        #expect(removed === reserved)
        #expect(stale == nil)
        #expect(machine.engine.retired.count == 1)
        var released = Released()
        _ = machine.engine.commit(context: &machine.context, released: &released)
        #expect(machine.engine.retired.count == 1)
        #expect(released.objects.isEmpty)
        #expect(machine.next() == .idle(wakeProducers: false))
        #expect(machine.engine.retired.isEmpty)
        #expect(!machine.context.hasRuntime)
        // Removed while the store is idle: handed back at once.
        let observerID = machine.engine.registered.observers.first?.id ?? 0
        let (removedObserver, idleStale) = machine.engine.removeObserver(id: observerID)
        #expect(removedObserver != nil)
        #expect(idleStale == nil || machine.engine.retired.isEmpty)
    }

    @Test func aDuplicateInstanceAndAClosedStoreAreRefused() {
        var machine = Machine()
        final class Instance {}
        let instance = Instance()
        let identity = ObjectIdentifier(instance)
        guard case .reserved(let id) = machine.engine.reserveRuntime(identity: identity) else {
            Issue.record("no reservation")
            return
        }
        let result21 = machine.engine.reserveRuntime(identity: identity)
        #expect(result21 == .duplicate(id: id))
        _ = machine.engine.close()
        let result22 = machine.engine.reserveRuntime(identity: nil)
        #expect(result22 == .closed)
        let result23 = machine.engine.addObserver(deliver: { _ in }, storeDidEnd: nil)
        #expect(result23 == nil)
    }
}
