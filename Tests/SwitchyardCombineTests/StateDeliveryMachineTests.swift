import Testing

@testable import SwitchyardCombine

/// The decisions of one subscription, without a store or threads.
@Suite struct StateDeliveryMachineTests {
    /// Sends until the machine says to stop; what it sent, and whether it finished.
    private static func drain(_ machine: inout StateDeliveryMachine<Int>) -> (sent: [Int], finished: Bool) {
        var sent: [Int] = []
        while true {
            switch machine.nextToSend() {
            case .value(let value): sent.append(value)
            case .finish: return (sent, true)
            case .stop: return (sent, false)
            }
        }
    }

    @Test func statesOfferedBeforeTheCurrentOneIsKnownGoAfterIt() {
        var machine = StateDeliveryMachine<Int>()
        #expect(!machine.request(.unlimited).startsSending)
        #expect(!machine.offer(6).startsSending)
        #expect(!machine.offer(7).startsSending)
        #expect(machine.start(current: 5).startsSending)
        #expect(Self.drain(&machine).sent == [5, 6, 7])
    }

    @Test func onlyOneSenderAtATime() {
        var machine = StateDeliveryMachine<Int>()
        _ = machine.request(.unlimited)
        #expect(machine.start(current: 0).startsSending)
        #expect(!machine.offer(1).startsSending)
        #expect(Self.drain(&machine).sent == [0, 1])
        #expect(machine.offer(2).startsSending)
    }

    @Test func finishesOnceTheOwedStatesAreSent() {
        var machine = StateDeliveryMachine<Int>()
        _ = machine.request(.unlimited)
        _ = machine.start(current: 0)
        _ = machine.offer(1)
        _ = machine.storeDidEnd()
        let result = Self.drain(&machine)
        #expect(result.sent == [0, 1])
        #expect(result.finished)
        #expect(machine.isTerminated)
        #expect(!machine.offer(2).startsSending)
    }

    @Test func aStateHeldBackForLackOfDemandIsDroppedAtTheEnd() {
        var machine = StateDeliveryMachine<Int>()
        _ = machine.start(current: 0)
        #expect(machine.storeDidEnd().startsSending)
        guard case .finish(let released) = machine.nextToSend() else {
            Issue.record("expected the completion")
            return
        }
        #expect(released.heldBack == 0)
    }

    @Test func cancelHandsBackWhatItDiscards() {
        var machine = StateDeliveryMachine<Int>()
        _ = machine.request(.max(1))
        _ = machine.offer(1)
        _ = machine.start(current: 0)
        let discarded = machine.cancel()
        #expect(discarded.queue == [0])
        #expect(discarded.heldBack == 1)
        #expect(!machine.request(.unlimited).startsSending)
        #expect(Self.drain(&machine).sent.isEmpty)
    }

    @Test func aHeldBackStateThatANewerOneReplacesIsHandedBackToRelease() {
        var machine = StateDeliveryMachine<Int>()
        _ = machine.start(current: 0)
        let replaced = machine.offer(1)
        #expect(!replaced.startsSending)
        #expect(replaced.released.heldBack == 0)
        #expect(machine.offer(2).released.heldBack == 1)
        #expect(machine.request(.max(1)).startsSending)
        #expect(Self.drain(&machine).sent == [2])
    }

    @Test func statesHeldBackAndReplacedAtTheStartAreHandedBackToRelease() {
        var machine = StateDeliveryMachine<Int>()
        _ = machine.offer(1)
        _ = machine.offer(2)
        let started = machine.start(current: 0)
        #expect(!started.startsSending)
        #expect(started.released.early == [0, 1])
        #expect(started.released.heldBack == nil)
        #expect(machine.request(.max(1)).startsSending)
        #expect(Self.drain(&machine).sent == [2])
    }

    @Test func aStateHandedToTheSenderIsNoLongerKeptByTheMachine() {
        var machine = StateDeliveryMachine<Witness>()
        weak var weakFirst: Witness?
        _ = machine.request(.unlimited)
        do {
            let first = Witness()
            weakFirst = first
            #expect(machine.start(current: first).startsSending)
        }
        _ = machine.offer(Witness())
        do {
            guard case .value(let sent) = machine.nextToSend() else {
                Issue.record("expected the first state")
                return
            }
            #expect(sent === weakFirst)
        }
        // The sender let go of its copy; the second state is still owed.
        #expect(weakFirst == nil)
        guard case .value = machine.nextToSend() else {
            Issue.record("expected the second state")
            return
        }
    }
}
