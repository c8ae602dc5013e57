import Foundation
import Switchyard

// The code of ExtendingTheStore.md, compiled. DocumentationTests checks that every Swift block of the article appears
// here verbatim (leading whitespace and blank lines aside); DocumentationBehaviorTests runs it.

enum ExtendingTheStoreSnippets {
    /// Adds up how many actions a store processed and how long its reducer took for them.
    final class ReducerTimer: @unchecked Sendable {
        private let lock = NSLock()
        private var actions = 0
        private var nanoseconds: UInt64 = 0

        func attach<Action, State>(to store: Store<Action, State>) -> StoreProbeRegistration<Action, State> {
            store.attach(
                StoreProbe(didReduce: { [self] reduced in
                    lock.withLock {
                        actions += 1
                        nanoseconds += reduced.reduceNanoseconds
                    }
                }))
        }

        var totals: (actions: Int, nanoseconds: UInt64) { lock.withLock { (actions, nanoseconds) } }
    }

    /// Holds every action dispatched while paused, and processes them in order when resumed.
    final class Pause<Action: Sendable, State: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var paused = false
        private var held: [HeldAction<Action>] = []
        private var registration: StoreProbeRegistration<Action, State>?

        init(_ store: Store<Action, State>) {
            registration = store.attach(
                StoreProbe(admit: { [weak self] dispatched, origin in
                    self?.admit(dispatched, origin) ?? .process
                }))
        }

        private func admit(_ dispatched: DispatchedAction<Action>, _ origin: ActionOrigin) -> ProbeAdmission {
            lock.withLock {
                guard paused else { return .process }
                held.append(HeldAction(dispatched, origin: origin))
                return .hold
            }
        }

        func pause() {
            lock.withLock { paused = true }
        }

        /// Gives the held actions back. They are taken inside the change, between two actions of the store, so that
        /// none dispatched meanwhile can be processed before them.
        func resume() async {
            _ = await registration?.commitOutOfBand { [self] _, change in
                let actions = lock.withLock {
                    paused = false
                    defer { held = [] }
                    return held
                }
                change.processFirst(actions)
            }
        }
    }
}

extension ExtendingTheStoreSnippets.Pause {
    /// How many actions the pause holds, for the tests that wait for a dispatch from another thread to be held.
    var heldCountForTests: Int { lock.withLock { held.count } }
}
