import Dispatch
import Foundation
import Switchyard
import SwitchyardTestSupport
import Testing

/// Actions a tool held and gives back stay actions of the thread that dispatched them: the thread that processes them
/// counts them against its fairness budget, under both scheduling policies.
@Suite struct StoreProbeFairnessTests {
    /// The budget of a thread that processes the actions of others before it hands the queue over.
    static let budget = 256
    static let heldCount = 1_000

    /// Where each action was reduced: how many in all, and how many on the thread being watched.
    final class Processed: Sendable {
        let total = Counter()
        let onWatchedThread = Counter()
        let watchedThread = Box<UInt>(0)
        /// How many actions were processed when the main queue first got back to other work.
        let inFirstMainTurn = Slot<Int>()

        func reduce(_ state: inout Int) {
            state += 1
            let total = total.increment()
            if currentThreadNumber() == watchedThread.value { onWatchedThread.increment() }
            if total == 1 {
                // Runs once the main queue's current turn is over.
                DispatchQueue.main.async { self.inFirstMainTurn.value = self.total.value }
            }
        }
    }

    /// A tool that holds every action while `isHolding`.
    final class HoldingTool: Sendable {
        let isHolding = Box(true)
        let held = Log<HeldAction<Int>>([])

        var probe: StoreProbe<Int, Int> {
            StoreProbe(admit: { dispatched, origin in
                guard self.isHolding.value else { return .process }
                self.held.modify { $0.append(HeldAction(dispatched, origin: origin)) }
                return .hold
            })
        }
    }

    /// Holds `heldCount` actions dispatched by a background thread, then gives them back from an out-of-band commit.
    static func holdThenGiveBack(
        scheduling: SchedulingPolicy
    ) async throws -> (processed: Processed, store: Store<Int, Int>) {
        let processed = Processed()
        let store = Store<Int, Int>(
            initialState: 0, reducer: Reducer { _, state in processed.reduce(&state) }, scheduling: scheduling)
        let tool = HoldingTool()
        let registration = store.attach(tool.probe)
        let finished = startThreads(1) { _ in
            for action in 0..<heldCount { store.dispatch(action) }
        }
        #expect(await eventually { finished.value == 1 && tool.held.value.count == heldCount })
        await waitUntilIdle(store)
        let accepted = Slot<Bool>()
        let committed = await registration.commitOutOfBand { _, change in
            processed.watchedThread.value = currentThreadNumber()
            tool.isHolding.value = false
            let held = tool.held.withLock { held in
                defer { held = [] }
                return held
            }
            accepted.value = change.processFirst(held)
        }
        #expect(accepted.value == true)
        #expect(committed)
        #expect(await eventually { processed.total.value == heldCount })
        await waitUntilIdle(store)
        return (processed, store)
    }

    @Test func heldActionsGivenBackCountAgainstTheBudgetOfTheThreadThatCommitsThem() async throws {
        let (processed, store) = try await Self.holdThenGiveBack(scheduling: .callerThread)
        #expect(store.state == Self.heldCount)
        // The thread that ran the commit processed at most its budget of the background thread's actions, and handed
        // the rest over; without owners, it processed all of them.
        #expect(processed.onWatchedThread.value <= Self.budget + 1)
    }

    @Test func heldActionsGivenBackOnTheMainQueueTakeAtMostOneBudgetPerTurn() async throws {
        let (processed, store) = try await Self.holdThenGiveBack(scheduling: .mainThread)
        #expect(store.state == Self.heldCount)
        #expect(await eventually { processed.inFirstMainTurn.value != nil })
        let firstTurn = try #require(processed.inFirstMainTurn.value)
        #expect(firstTurn <= Self.budget + 1)
    }
}
