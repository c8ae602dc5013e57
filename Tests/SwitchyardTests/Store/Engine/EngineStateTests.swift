import Testing

@testable import Switchyard

/// The store engine's state machine, driven without threads: every phase against every event, with small limits.
@Suite struct EngineStateTests {
    typealias Engine = EngineState<Int, Int>
    typealias Context = ProcessorContext<Int, Int>

    static let limits = EngineLimits(highWaterMark: 4, lowWaterMark: 2, fairnessBudget: 2, retainedQueueCapacity: 16)
    static let me: UInt = 1
    static let other: UInt = 2
    static let third: UInt = 3

    /// The processing role of `thread` in turn `turn` (`0` until it queues a follow-up of its own), processing an
    /// action of its own or not, at `stage`.
    static func processing(
        thread: UInt, turn: UInt32 = 0, ownsCurrent: Bool = true, budget: Int32, stage: Engine.Stage = .handling
    ) -> Engine.Phase {
        var processing = Engine.Processing(thread: thread, budget: budget, stage: stage)
        processing.turn = turn
        processing.current = ownsCurrent ? turn : Engine.Processing.othersAction
        return .processing(processing)
    }

    /// A machine, a processing thread's context, and the decisions it took. After each step it takes, the engine
    /// keeps its rules (``EngineState/brokenRules``): a step that leaves a wrong combination of its fields fails the
    /// test, and so does one that a test took on the engine itself, at the machine's next step.
    struct Machine {
        var engine: Engine
        var context = Context()
        var slot = NextAction<Int>()

        init(hasMiddleware: Bool = false, limits: EngineLimits = EngineStateTests.limits) {
            engine = Engine(hasMiddleware: hasMiddleware, limits: limits)
        }

        mutating func admit(
            _ action: Int,
            from thread: UInt,
            canProcessHere: Bool = true,
            isFollowUp: Bool = false
        ) -> Engine.Admission {
            checkRules()
            var released = Released()
            defer { checkRules() }
            return engine.admit(
                DispatchedAction(action),
                thread: thread,
                isFollowUp: isFollowUp,
                canProcessHere: canProcessHere,
                context: &context,
                released: &released
            )
        }

        mutating func next() -> Engine.Step {
            checkRules()
            var released = Released()
            defer { checkRules() }
            return engine.next(context: &context, action: &slot.action, released: &released)
        }

        mutating func commit() -> UInt64 {
            checkRules()
            var released = Released()
            defer { checkRules() }
            return engine.commit(context: &context, released: &released).commit
        }

        /// Fails the test when the engine breaks one of its rules.
        func checkRules(sourceLocation: SourceLocation = #_sourceLocation) {
            let broken = engine.brokenRules
            #expect(broken.isEmpty, "\(broken.joined(separator: "; "))", sourceLocation: sourceLocation)
        }

        /// The action the last `next()` gave, taken out of the slot.
        mutating func taken() -> QueuedAction<Int>? { slot.action.take() }

        /// Requests an out-of-band commit that adds `amount` to the state.
        mutating func request(
            adding amount: Int,
            from thread: UInt,
            canProcessHere: Bool = true
        ) -> Engine.Admission {
            checkRules()
            let commit = OutOfBandCommit<Int>(change: { state, _ in state += amount }, done: { _ in })
            defer { checkRules() }
            return engine.requestOutOfBand(commit, thread: thread, canProcessHere: canProcessHere)
        }

        /// What the out-of-band commit handed to the processing thread adds to the state; `nil` when none was.
        mutating func beginOutOfBand() -> Int? {
            checkRules()
            var released = Released()
            defer { checkRules() }
            guard let commit = engine.beginOutOfBand(context: &context, released: &released) else { return nil }
            var state = 0
            commit.change(&state, commit.id)
            return state
        }
    }

    // MARK: - Admission

    @Test func anIdleStoreGivesTheRoleToAThreadThatMayProcessAndClosesTheStateWhenNothingHandlesTheAction() {
        var machine = Machine()
        #expect(machine.admit(1, from: Self.me) == .process(isReducing: true))
        #expect(machine.engine.phase == Self.processing(thread: Self.me, budget: 2, stage: .reducing))
        #expect(machine.engine.isReducing)
    }

    @Test func anIdleStoreWithAMiddlewareLeavesTheStateOpenForItsHandle() {
        var machine = Machine(hasMiddleware: true)
        #expect(machine.admit(1, from: Self.me) == .process(isReducing: false))
        #expect(!machine.engine.isReducing)
    }

    @Test func anIdleStoreQueuesForTheSchedulerWhenThePolicyForbidsThisThread() {
        var machine = Machine()
        #expect(machine.admit(1, from: Self.me, canProcessHere: false) == .schedule)
        #expect(machine.engine.phase == .scheduled)
        #expect(machine.engine.queue.count == 1)
        // Queued behind the scheduled work, whatever the thread.
        #expect(machine.admit(2, from: Self.other, canProcessHere: true) == .queued)
        #expect(machine.engine.queue.count == 2)
    }

    @Test func aBusyStoreQueuesAndAClosedOneRejects() {
        var machine = Machine()
        _ = machine.admit(1, from: Self.me)
        #expect(machine.admit(2, from: Self.other) == .queued)
        #expect(machine.admit(3, from: Self.me) == .queued)
        _ = machine.engine.close()
        #expect(machine.admit(4, from: Self.other) == .rejected)
        #expect(machine.engine.queue.isEmpty)
    }

    @Test func whatTheProcessingThreadDispatchesBelongsToTheOwnerOfTheActionItProcesses() {
        var machine = Machine()
        _ = machine.admit(1, from: Self.me)
        _ = machine.admit(2, from: Self.other)
        _ = machine.commit()
        // `me` takes `other`'s action; what it dispatches meanwhile is `other`'s too.
        #expect(machine.next() == .process(isReducing: true, wakeProducers: false))
        // Another thread's action belongs to no turn.
        #expect(machine.taken()?.owner == 0)
        _ = machine.commit()
        _ = machine.admit(3, from: Self.me, isFollowUp: true)
        _ = machine.admit(4, from: Self.third)
        #expect(machine.engine.queue.count == 2)
        #expect(machine.next() == .process(isReducing: true, wakeProducers: false))
        let followUp = machine.taken()
        #expect(followUp?.owner == 0)
        #expect(followUp?.thread == Self.me)
        #expect(followUp?.isFollowUp == true)
    }

    // MARK: - Between actions

    @Test func anEmptyQueueReturnsTheStoreToIdle() {
        var machine = Machine()
        _ = machine.admit(1, from: Self.me)
        _ = machine.commit()
        #expect(machine.next() == .idle(wakeProducers: false))
        #expect(machine.engine.phase == .idle)
    }

    @Test func theThreadsOwnActionsCostNoBudgetAndOthersSpendItUntilTheQueueIsHandedOver() {
        var machine = Machine()
        _ = machine.admit(1, from: Self.me)
        _ = machine.admit(2, from: Self.me)
        for action in 3...6 { _ = machine.admit(action, from: Self.other) }
        _ = machine.commit()
        // Its own action: no budget spent.
        #expect(machine.next() == .process(isReducing: true, wakeProducers: false))
        #expect(machine.taken()?.dispatched.action == 2)
        _ = machine.commit()
        // Two of the others' actions: the whole budget.
        for expected in 3...4 {
            #expect(machine.next() == .process(isReducing: true, wakeProducers: false))
            #expect(machine.taken()?.dispatched.action == expected)
            _ = machine.commit()
        }
        #expect(machine.engine.phase == Self.processing(thread: Self.me, turn: 1, ownsCurrent: false, budget: 0))
        // The budget is spent: the queue goes to the scheduler, with the next action still first.
        #expect(machine.next() == .handOff(wakeProducers: false))
        #expect(machine.engine.phase == .scheduled)
        #expect(machine.engine.queue.count == 2)
        #expect(machine.taken() == nil)
        var context = Context()
        var released = Released()
        let result1 = machine.engine.beginScheduled(
            thread: Self.third, budget: .max, context: &context, released: &released)
        #expect(result1)
        #expect(machine.next() == .process(isReducing: true, wakeProducers: false))
        #expect(machine.taken()?.dispatched.action == 5)
    }

    @Test func anActionOfAnEarlierTurnCountsAgainstALaterTurnOnTheSameThreadId() {
        // A thread's id is reused by a thread started after it ends: what a turn processes free is what its own
        // dispatch caused, not what an earlier turn with the same thread id left behind.
        var machine = Machine()
        _ = machine.admit(1, from: Self.me)
        for action in 3...5 { _ = machine.admit(action, from: Self.other) }
        _ = machine.admit(2, from: Self.me, isFollowUp: true)
        _ = machine.commit()
        for expected in 3...4 {
            #expect(machine.next() == .process(isReducing: true, wakeProducers: false))
            #expect(machine.taken()?.dispatched.action == expected)
            _ = machine.commit()
        }
        #expect(machine.next() == .handOff(wakeProducers: false))
        var released = Released()
        let began = machine.engine.beginScheduled(
            thread: Self.me, budget: 1, context: &machine.context, released: &released)
        #expect(began)
        #expect(machine.next() == .process(isReducing: true, wakeProducers: false))
        #expect(machine.taken()?.dispatched.action == 5)
        _ = machine.commit()
        // Action 2 was turn 1's follow-up; turn 2 counts it, and its budget is spent.
        #expect(machine.next() == .handOff(wakeProducers: false))
        #expect(machine.engine.queue.count == 1)
    }

    @Test func theStoresOwnExecutorHasNoBudget() {
        var machine = Machine()
        for action in 1...6 { _ = machine.admit(action, from: Self.other, canProcessHere: false) }
        var released = Released()
        let result2 = machine.engine.beginScheduled(
            thread: Self.me, budget: .max, context: &machine.context, released: &released)
        #expect(result2)
        for expected in 1...6 {
            #expect(machine.next() == .process(isReducing: true, wakeProducers: false))
            #expect(machine.taken()?.dispatched.action == expected)
            _ = machine.commit()
        }
        #expect(machine.next() == .idle(wakeProducers: false))
    }

    @Test func closingWhileAThreadProcessesStopsItAtItsNextDecision() {
        var machine = Machine()
        _ = machine.admit(1, from: Self.me)
        _ = machine.admit(2, from: Self.other)
        let closed = machine.engine.close()
        #expect(closed.queue.count == 1)
        _ = machine.commit()
        #expect(machine.next() == .stop)
        var released = Released()
        let result3 = machine.engine.endIfIdle(context: &machine.context, released: &released)
        #expect(result3 == .stop)
        #expect(machine.engine.phase == .closed)
    }

    @Test func theDispatchingThreadsDecisionEndsOnlyAnIdleStore() {
        var machine = Machine()
        _ = machine.admit(1, from: Self.me)
        _ = machine.commit()
        var released = Released()
        let result4 = machine.engine.endIfIdle(context: &machine.context, released: &released)
        #expect(result4 == .idle(wakeProducers: false))
        _ = machine.admit(2, from: Self.me)
        _ = machine.admit(3, from: Self.other)
        _ = machine.commit()
        let result5 = machine.engine.endIfIdle(context: &machine.context, released: &released)
        #expect(result5 == nil)
        #expect(machine.engine.phase != .idle)
    }

    // MARK: - High and low water marks

    @Test func producersWaitAtTheHighWaterMarkUnlessTheyDrainTheQueue() {
        var machine = Machine()
        _ = machine.admit(0, from: Self.me)
        for action in 1...4 { _ = machine.admit(action, from: Self.other) }
        #expect(machine.engine.queue.count == 4)
        // Another thread waits; the processing thread never does.
        let result6 = machine.engine.producerMustWait(thread: Self.other, drainsScheduledWork: false, wokeUp: false)
        #expect(result6)
        #expect(machine.engine.waitingProducers == 1)
        let result7 = machine.engine.producerMustWait(thread: Self.me, drainsScheduledWork: false, wokeUp: false)
        #expect(!result7)
        // Woken below the mark, it goes on and is no longer counted.
        _ = machine.commit()
        #expect(machine.next() == .process(isReducing: true, wakeProducers: false))
        _ = machine.commit()
        // Two left: the low-water mark wakes the waiting producer.
        #expect(machine.next() == .process(isReducing: true, wakeProducers: true))
        let result8 = machine.engine.producerMustWait(thread: Self.other, drainsScheduledWork: false, wokeUp: true)
        #expect(!result8)
        #expect(machine.engine.waitingProducers == 0)
    }

    @Test func theThreadThatRunsTheScheduledWorkNeverWaitsForRoomOnlyItCanMake() {
        var machine = Machine()
        for action in 1...4 { _ = machine.admit(action, from: Self.other, canProcessHere: false) }
        #expect(machine.engine.phase == .scheduled)
        // The main thread of a store that processes on the main queue: the scheduled turn is its own.
        let result9 = machine.engine.producerMustWait(thread: Self.me, drainsScheduledWork: true, wokeUp: false)
        #expect(!result9)
        #expect(machine.admit(5, from: Self.me, canProcessHere: true) == .queued)
        #expect(machine.engine.queue.count == 5)
        // Any other thread waits for that turn.
        let result10 = machine.engine.producerMustWait(thread: Self.other, drainsScheduledWork: false, wokeUp: false)
        #expect(result10)
    }

    @Test func nobodyWaitsOnAnIdleOrClosedStore() {
        var machine = Machine()
        let result11 = machine.engine.producerMustWait(thread: Self.other, drainsScheduledWork: false, wokeUp: false)
        #expect(!result11)
        _ = machine.engine.close()
        let result12 = machine.engine.producerMustWait(thread: Self.other, drainsScheduledWork: false, wokeUp: false)
        #expect(!result12)
    }

    // MARK: - Reading and commits

    @Test func readersWaitOnlyWhileTheReducerRunsAndEachCommitIsNumbered() {
        var machine = Machine(hasMiddleware: true)
        let result13 = machine.engine.readerMustWait(wokeUp: false)
        #expect(!result13)
        _ = machine.admit(1, from: Self.me)
        let result14 = machine.engine.readerMustWait(wokeUp: false)
        #expect(!result14)
        var released = Released()
        machine.engine.beginReduce(context: &machine.context, released: &released)
        let result15 = machine.engine.readerMustWait(wokeUp: false)
        #expect(result15)
        #expect(machine.engine.waitingReaders == 1)
        var context = machine.context
        let (commit, wakeReaders) = machine.engine.commit(context: &context, released: &released)
        #expect(commit == 1)
        #expect(wakeReaders)
        let result16 = machine.engine.readerMustWait(wokeUp: true)
        #expect(!result16)
        #expect(machine.engine.waitingReaders == 0)
    }
}
