import Dispatch
import Foundation
import Switchyard
import SwitchyardTestSupport
import Synchronization
import Testing

@testable import SwitchyardInspector

/// The actions an inspector held while it showed the past are processed, on the return to the present, as actions of
/// the thread that dispatched them: the thread that processes them counts them against its fairness budget, so one
/// main-queue turn, or one thread's dispatch, never processes them all.
@Suite struct InspectorFairnessTests {
    static let budget = 256
    static let heldCount = 1_000

    /// The threads that reduced the actions, in order, and how many were reduced when the main queue first got back
    /// to other work after the return. Guarded by an `NSLock`, which ThreadSanitizer sees (it does not see
    /// `Synchronization.Mutex` on Linux, and reports the reads of the waiting task as races).
    final class Reduced: @unchecked Sendable {
        private let lock = NSLock()
        private var reducers: [UInt] = []
        private var countAfterFirstMainTurn: Int?
        let isCounting = Atomic<Bool>(false)

        func reduce(_ state: inout Int) {
            state += 1
            guard isCounting.load(ordering: .sequentiallyConsistent) else { return }
            let count = lock.withLock {
                reducers.append(UInt(bitPattern: Int(bitPattern: pthread_self())))
                return reducers.count
            }
            if count == 1 {
                // Runs once the main queue's current turn is over.
                DispatchQueue.main.async { self.lock.withLock { self.countAfterFirstMainTurn = self.reducers.count } }
            }
        }

        /// How many actions were reduced after the return.
        var count: Int { lock.withLock { reducers.count } }

        /// How many actions had been reduced when the main queue first got back to other work; `nil` before.
        var inFirstMainTurn: Int? { lock.withLock { countAfterFirstMainTurn } }

        /// How many actions the first thread that reduced after the return processed before another thread did.
        var firstRun: Int {
            lock.withLock {
                guard let first = reducers.first else { return 0 }
                return reducers.prefix { $0 == first }.count
            }
        }
    }

    /// Jumps to the first action, lets a background thread dispatch `heldCount` actions (held), returns to the present.
    static func travelWhileAThreadDispatches(scheduling: SchedulingPolicy) async throws -> (Reduced, Store<Int, Int>) {
        let reduced = Reduced()
        let store = Store<Int, Int>(
            initialState: 0, reducer: Reducer { _, state in reduced.reduce(&state) }, scheduling: scheduling)
        let inspector = StoreInspector(inspecting: store)
        store.dispatch(1)
        store.dispatch(2)
        await waitUntilIdle(store)
        #expect(await inspector.jump(to: 1))
        let finished = Atomic<Bool>(false)
        Thread {
            for action in 0..<heldCount { store.dispatch(action) }
            finished.store(true, ordering: .sequentiallyConsistent)
        }.start()
        #expect(await eventually { finished.load(ordering: .sequentiallyConsistent) })
        await waitUntilIdle(store)
        #expect(inspector.held.count == heldCount)
        reduced.isCounting.store(true, ordering: .sequentiallyConsistent)
        await inspector.returnToPresent()
        #expect(await eventually { reduced.count == heldCount })
        await waitUntilIdle(store)
        #expect(store.state == 2 + heldCount)
        return (reduced, store)
    }

    @Test func returningToThePresentOnTheCallersThreadProcessesAtMostABudgetOfTheHeldActionsThere() async throws {
        let (reduced, _) = try await Self.travelWhileAThreadDispatches(scheduling: .callerThread)
        #expect(reduced.firstRun <= Self.budget + 1)
    }

    @Test func returningToThePresentOnTheMainQueueProcessesAtMostABudgetOfTheHeldActionsPerTurn() async throws {
        let (reduced, _) = try await Self.travelWhileAThreadDispatches(scheduling: .mainThread)
        #expect(await eventually { reduced.inFirstMainTurn != nil })
        let firstTurn = try #require(reduced.inFirstMainTurn)
        #expect(firstTurn <= Self.budget + 1)
    }
}
