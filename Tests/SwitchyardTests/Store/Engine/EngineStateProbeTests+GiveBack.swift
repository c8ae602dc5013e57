import SwitchyardTestSupport
import Testing

@testable import Switchyard

extension EngineStateProbeTests {
    // MARK: - Actions put first by an out-of-band change

    /// An action that a tool holds, dispatched by `thread`: the engine records the hold, as the pipeline does.
    static func held(_ action: Int, from thread: UInt, in machine: inout Machine) -> HeldAction<Int> {
        var origin = ActionOrigin(thread: thread, isFollowUp: false)
        origin.hold = UInt64(1_000 + action)
        machine.engine.recordHold(origin.hold)
        return HeldAction(DispatchedAction(action), origin: origin)
    }

    /// A machine whose processing thread `me` runs the change of an out-of-band commit; returns the commit's id.
    static func runningAChange(_ machine: inout Machine) throws -> UInt64 {
        #expect(machine.request(adding: 1, from: Self.me) == .process(isReducing: false))
        #expect(machine.next() == .outOfBand)
        var released = Released()
        let begun = machine.engine.beginOutOfBand(context: &machine.context, released: &released)
        let commit = try #require(begun)
        #expect(commit.id != 0)
        #expect(machine.engine.runningChange == commit.id)
        return commit.id
    }

    /// Commits the change in progress and returns the actions the queue then holds, in order.
    static func commitAndDrain(_ machine: inout Machine) -> [Int] {
        var released = Released()
        _ = machine.engine.commitOutOfBand(context: &machine.context, released: &released)
        var actions: [Int] = []
        while case .process = machine.next(), let taken = machine.taken() {
            actions.append(taken.dispatched.action)
            _ = machine.commit()
        }
        return actions
    }

    @Test func giveBackIsRefusedUnlessTheProcessingThreadRunsTheChangeOfThatCommit() throws {
        var idle = Machine()
        let held9 = Self.held(9, from: Self.other, in: &idle)
        #expect(idle.engine.giveBack([held9], commit: 1, thread: Self.me) == nil)

        var processing = Machine()
        _ = processing.admit(1, from: Self.me)
        let held = Self.held(9, from: Self.other, in: &processing)
        #expect(processing.engine.giveBack([held], commit: 1, thread: Self.me) == nil)

        var machine = Machine()
        let id = try Self.runningAChange(&machine)
        let nine = Self.held(9, from: Self.other, in: &machine)
        #expect(machine.engine.giveBack([nine], commit: id, thread: Self.other) == nil)
        #expect(machine.engine.giveBack([nine], commit: id + 1, thread: Self.me) == nil)
        #expect(machine.engine.giveBack([nine], commit: 0, thread: Self.me) == nil)
        // Refused calls take nothing: the action is still held, and can be given back.
        #expect(machine.engine.holds.contains(nine.origin.hold))
        let seven = Self.held(7, from: Self.other, in: &machine)
        #expect(machine.engine.giveBack([seven], commit: id, thread: Self.me) == 0)
        // Once committed, the change is over: its id no longer works.
        var released = Released()
        _ = machine.engine.commitOutOfBand(context: &machine.context, released: &released)
        #expect(machine.engine.runningChange == nil)
        #expect(machine.engine.giveBack([nine], commit: id, thread: Self.me) == nil)
        #expect(machine.engine.queue.count == 1)
    }

    /// Limits with a budget that does not end the drains of these tests.
    static let roomy = EngineLimits(highWaterMark: 64, lowWaterMark: 32, fairnessBudget: 64, retainedQueueCapacity: 16)

    @Test func aHeldActionIsTakenBackOnceAndASecondGiveBackIsRefused() throws {
        var machine = Machine(limits: Self.roomy)
        let id = try Self.runningAChange(&machine)
        let batch = (1...3).map { Self.held($0, from: Self.other, in: &machine) }
        #expect(machine.engine.giveBack(batch, commit: id, thread: Self.me) == 0)
        // The same batch again, in the same change: every action is refused.
        #expect(machine.engine.giveBack(batch, commit: id, thread: Self.me) == 3)
        #expect(Self.commitAndDrain(&machine) == [1, 2, 3])
        // And in a later change.
        var later = Machine(limits: Self.roomy)
        let again = (1...3).map { Self.held($0, from: Self.other, in: &later) }
        let laterID = try Self.runningAChange(&later)
        #expect(later.engine.giveBack(again, commit: laterID, thread: Self.me) == 0)
        _ = Self.commitAndDrain(&later)
        let secondID = try Self.runningAChange(&later)
        #expect(later.engine.giveBack(again, commit: secondID, thread: Self.me) == 3)
        #expect(Self.commitAndDrain(&later).isEmpty)
        // An origin the engine never offered to a tool is not held either.
        let never = HeldAction(DispatchedAction(4), origin: ActionOrigin(thread: Self.other, isFollowUp: false))
        let thirdID = try Self.runningAChange(&later)
        #expect(later.engine.giveBack([never], commit: thirdID, thread: Self.me) == 1)
    }

    /// A closed store takes nothing back: what tools held when it closed is forgotten, and a later hold is not
    /// recorded.
    @Test func aClosedStoreHoldsNothingForItsTools() {
        var machine = Machine(limits: Self.roomy)
        _ = Self.held(1, from: Self.other, in: &machine)
        #expect(machine.engine.holds.count == 1)
        _ = machine.engine.close()
        #expect(machine.engine.holds.isEmpty)
        machine.engine.recordHold(99)
        #expect(machine.engine.holds.isEmpty)
        machine.checkRules()
    }

    @Test func twoGiveBacksInOneChangeAreProcessedInTheOrderTheyWereMade() throws {
        var machine = Machine(limits: Self.roomy)
        let id = try Self.runningAChange(&machine)
        _ = machine.admit(10, from: Self.other)
        let first = (1...2).map { Self.held($0, from: Self.other, in: &machine) }
        let second = (3...4).map { Self.held($0, from: Self.other, in: &machine) }
        #expect(machine.engine.giveBack(first, commit: id, thread: Self.me) == 0)
        #expect(machine.engine.giveBack(second, commit: id, thread: Self.me) == 0)
        // Both go before the action queued meanwhile, the first call's first.
        #expect(Self.commitAndDrain(&machine) == [1, 2, 3, 4, 10])
    }

    @Test func theActionsThatALaterChangeGivesBackGoBeforeThoseThatAnEarlierOneGaveBack() throws {
        var machine = Machine(limits: Self.roomy)
        let firstID = try Self.runningAChange(&machine)
        // A second commit waits meanwhile; the first change gives two actions back.
        #expect(machine.request(adding: 5, from: Self.other) == .queued)
        let early = (1...2).map { Self.held($0, from: Self.other, in: &machine) }
        #expect(machine.engine.giveBack(early, commit: firstID, thread: Self.me) == 0)
        var released = Released()
        _ = machine.engine.commitOutOfBand(context: &machine.context, released: &released)
        // The waiting commit runs before any queued action, those given back included.
        #expect(machine.engine.phase == EngineStateTests.processing(thread: Self.me, budget: 64))
        #expect(machine.next() == .outOfBand)
        let begun = machine.engine.beginOutOfBand(context: &machine.context, released: &released)
        let second = try #require(begun)
        let changing = EngineStateTests.processing(thread: Self.me, budget: 64, stage: .changing(second.id))
        #expect(machine.engine.phase == changing)
        // The first change's id no longer gives back; the second's does, to the very front.
        let late = [Self.held(3, from: Self.other, in: &machine)]
        #expect(machine.engine.giveBack(late, commit: firstID, thread: Self.me) == nil)
        #expect(machine.engine.giveBack(late, commit: second.id, thread: Self.me) == 0)
        #expect(Self.commitAndDrain(&machine) == [3, 1, 2])
    }

    @Test func heldActionsGivenBackCountAgainstTheBudgetEvenOnTheThreadIdThatDispatchedThem() throws {
        // `me` dispatched them; a later thread may have the same id. A held action belongs to no dispatch any more.
        var machine = Machine()
        let id = try Self.runningAChange(&machine)
        _ = machine.admit(10, from: Self.other)
        let held = (1...4).map { Self.held($0, from: Self.me, in: &machine) }
        #expect(machine.engine.giveBack(held, commit: id, thread: Self.me) == 0)
        var released = Released()
        _ = machine.engine.commitOutOfBand(context: &machine.context, released: &released)
        // The budget (2) counts them: two are processed here, then the queue is handed over.
        for expected in 1...2 {
            #expect(machine.next() == .process(isReducing: true, wakeProducers: false))
            let takenAction = machine.taken()
            let taken = try #require(takenAction)
            #expect(taken.dispatched.action == expected)
            #expect(taken.owner == 0)
            #expect(taken.thread == Self.me)
            _ = machine.commit()
        }
        #expect(machine.next() == .handOff(wakeProducers: false))
        #expect(machine.engine.queue.count == 3)
    }
}
