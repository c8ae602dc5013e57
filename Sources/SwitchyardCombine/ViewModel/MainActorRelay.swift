import Switchyard
import Synchronization

/// Carries the states a store emits from its processing thread to a receiver on the main actor, never an older one
/// after a newer one.
///
/// A state emitted on the main thread (always, for a store with `SchedulingPolicy.mainThread`) reaches the
/// receiver synchronously, before the action's IOs run. A state emitted on another thread goes through the main
/// queue, in a mailbox that keeps only the latest: while the main queue is busy, a newer state replaces the one
/// waiting, so the receiver gets the latest state, the last one always, and one state at most waits for the main
/// thread. Each state is numbered when emitted, and the receiver gets only states newer than the last it got, so a
/// state queued from another thread never overwrites a newer one delivered synchronously meanwhile.
@MainActor
final class MainActorRelay<State: Sendable> {
    /// A state and its number.
    private struct Numbered: Sendable {
        let state: State
        let number: UInt64
    }

    /// The number of the last state emitted; the current state at subscription is number 0.
    private nonisolated let emitted = Atomic<UInt64>(0)
    private nonisolated let mailbox = MainActorMailbox<Numbered>()
    private var lastReceived: UInt64 = 0
    /// A state that arrived before the receiver was attached.
    private var pending: State?
    private var receiver: ((State) -> Void)?

    nonisolated init() {}

    /// Sends each state from now on to `receiver`, starting with one that arrived before.
    func attach(_ receiver: @escaping (State) -> Void) {
        self.receiver = receiver
        if let state = pending {
            pending = nil
            receiver(state)
        }
    }

    /// Called by the store on its processing thread with each state it emits.
    nonisolated func deliver(_ state: State) {
        // The store calls one observer for one state at a time, in order: the numbers follow the emission order.
        let number = emitted.add(1, ordering: .relaxed).newValue
        if MainThread.isCurrent {
            MainActor.assumeIsolated { receive(state, number: number) }
        } else {
            mailbox.post(Numbered(state: state, number: number)) { [self] latest in
                receive(latest.state, number: latest.number)
            }
        }
    }

    private func receive(_ state: State, number: UInt64) {
        guard number > lastReceived else { return }
        lastReceived = number
        if let receiver {
            receiver(state)
        } else {
            pending = state
        }
    }
}
