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

    private static func startsSending(_ action: StateDeliveryMachine<Int>.Action) -> Bool {
        if case .startSending = action { return true }
        return false
    }

    @Test func statesOfferedBeforeTheCurrentOneIsKnownGoAfterIt() {
        var machine = StateDeliveryMachine<Int>()
        #expect(!Self.startsSending(machine.request(.unlimited)))
        #expect(!Self.startsSending(machine.offer(6)))
        #expect(!Self.startsSending(machine.offer(7)))
        #expect(Self.startsSending(machine.start(current: 5)))
        #expect(Self.drain(&machine).sent == [5, 6, 7])
    }

    @Test func onlyOneSenderAtATime() {
        var machine = StateDeliveryMachine<Int>()
        _ = machine.request(.unlimited)
        #expect(Self.startsSending(machine.start(current: 0)))
        #expect(!Self.startsSending(machine.offer(1)))
        #expect(Self.drain(&machine).sent == [0, 1])
        #expect(Self.startsSending(machine.offer(2)))
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
        #expect(!Self.startsSending(machine.offer(2)))
    }

    @Test func aStateHeldBackForLackOfDemandIsDroppedAtTheEnd() {
        var machine = StateDeliveryMachine<Int>()
        _ = machine.start(current: 0)
        #expect(Self.startsSending(machine.storeDidEnd()))
        guard case .finish(let dropped) = machine.nextToSend() else {
            Issue.record("expected the completion")
            return
        }
        #expect(dropped == 0)
    }

    @Test func cancelHandsBackWhatItDiscards() {
        var machine = StateDeliveryMachine<Int>()
        _ = machine.request(.max(1))
        _ = machine.offer(1)
        _ = machine.start(current: 0)
        let discarded = machine.cancel()
        #expect(discarded.queue == [0])
        #expect(discarded.heldBack == 1)
        #expect(!Self.startsSending(machine.request(.unlimited)))
        #expect(Self.drain(&machine).sent.isEmpty)
    }
}
