import Foundation
import LaunchCatalog
import Switchyard
import SwitchyardPersistence

/// P1: W1's counter store with its state persisted and every action journaled, batched within 10 ms (the default):
/// what the processing thread pays to hand each action to the writer.
package final class JournaledCounterWorkload: Workload, @unchecked Sendable {
    package static let name = "p1"
    private let persistence: StatePersistence<CounterAction, Counter>
    private let store: Store<CounterAction, Counter>

    package init() {
        persistence = try! StatePersistence(
            path: temporaryDatabasePath(), initialState: Counter(), reducer: .counter)
        store = Store(restoring: persistence)
    }

    package func run(_ count: Int) {
        let expected = store.state.count + count
        for _ in 0..<count {
            store.dispatch(.increment)
        }
        precondition(store.state.count == expected, "the store lost actions")
    }

    /// Returns once the writer has committed every action dispatched so far. P1p, the processing thread's time alone,
    /// dispatches bursts of actions with ``run(_:)``, fewer than the journal holds before the processing thread has
    /// to wait for the writer, measures only the burst, and calls this between bursts, outside the measurement.
    package func catchUp() {
        persistence.flush()
    }
}

/// W1p's pause between bursts: as long as P1p's writer takes to catch up with a burst of a thousand actions (about
/// 4.6 µs each), so that both benchmarks' threads sleep alike between bursts.
package func pauseLikeTheWritersCatchUp() {
    Thread.sleep(forTimeInterval: 0.005)
}

/// P1w: the journal writer's throughput: dispatches a batch of actions and waits until the writer has committed
/// them all (encoding, inserting, snapshots and compaction); the time reads per journaled action.
package final class JournalWriterWorkload: Workload, @unchecked Sendable {
    package static let name = "p1w"
    private let persistence: StatePersistence<CounterAction, Counter>
    private let store: Store<CounterAction, Counter>

    package init() {
        persistence = try! StatePersistence(
            path: temporaryDatabasePath(), initialState: Counter(), reducer: .counter)
        store = Store(restoring: persistence)
    }

    package func run(_ count: Int) {
        for _ in 0..<count {
            store.dispatch(.increment)
        }
        persistence.flush()
    }
}

/// P1e: W1's counter store with every action committed, and synced, before the next is processed.
package final class EveryActionCounterWorkload: Workload, @unchecked Sendable {
    package static let name = "p1e"
    private let store: Store<CounterAction, Counter>

    package init() {
        let persistence = try! StatePersistence(
            path: temporaryDatabasePath(), initialState: Counter(), reducer: .counter,
            options: PersistenceOptions(durability: .everyAction))
        store = Store(restoring: persistence)
    }

    package func run(_ count: Int) {
        for _ in 0..<count {
            store.dispatch(.increment)
        }
    }
}
