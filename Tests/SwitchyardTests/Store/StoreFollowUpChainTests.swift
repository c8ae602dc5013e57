import Foundation
import SwitchyardTestSupport
import Synchronization
import Testing

@testable import Switchyard

/// Chains of follow-ups (each action's IO dispatches the next) and the threads that run them: they count against the
/// budget of a thread that processes them for another, they stop when the store is freed, and a store that
/// processes on the main queue never makes the main thread wait for room that only it can make.
@Suite struct StoreFollowUpChainTests {
    enum Action: Sendable, Equatable {
        case block
        case capture
        case chain(Int)
        case tap
    }

    struct Tally: Sendable, Equatable {
        var chain = 0
        var taps = 0
    }

    /// A middleware whose IO for `.chain(n)` dispatches `.chain(n + 1)` while `n + 1 < length`, and whose IO for
    /// `.capture` keeps the store's output handler in `output`.
    static func chainMiddleware(
        length: Int,
        output: Slot<AnyActionHandler<Action>>? = nil
    ) -> AnyMiddleware<Action, Action, Tally> {
        AnyMiddleware { action, _, _ in
            switch action {
            case .chain(let step) where step + 1 < length:
                return IO { output in output.dispatch(.chain(step + 1)) }
            case .capture:
                return IO { handler in output?.value = handler }
            default:
                return .pure()
            }
        }
    }

    static func reducer(countingOn processedBy: Log<UInt>? = nil) -> Reducer<Action, Tally> {
        Reducer { action, state in
            switch action {
            case .chain:
                state.chain += 1
                processedBy?.append(currentThreadNumber())
            case .tap: state.taps += 1
            case .block, .capture: break
            }
        }
    }

    /// A thread that processes another thread's action counts that action's follow-ups against its budget: it
    /// returns after at most 256 of them and the rest of the chain runs elsewhere, none lost.
    @Test func aThreadProcessingAnotherThreadsChainReturnsAfterItsBudget() async {
        let length = 5_000
        let blocked = Counter()
        let release = DispatchSemaphore(value: 0)
        let processedBy = Log<UInt>()
        let store = Store(
            initialState: Tally(),
            reducer: Self.reducer(countingOn: processedBy),
            middleware: blockingMiddleware(on: .block, blocked: blocked, release: release)
                <> Self.chainMiddleware(length: length)
        )
        let callerThread = Atomic<UInt>(0)
        let callerReturned = startThreads(1) { _ in
            callerThread.store(currentThreadNumber(), ordering: .relaxed)
            store.dispatch(.block)
        }
        await waitUntil { blocked.value == 1 }
        // Another thread's action, queued behind the caller's: its chain is that thread's.
        let starter = startThreads(1) { _ in store.dispatch(.chain(0)) }
        await waitUntil { starter.value == 1 }
        release.signal()
        await waitUntil { callerReturned.value == 1 }
        await waitUntil { store.state.chain == length }
        let caller = callerThread.load(ordering: .relaxed)
        let byCaller = processedBy.values.filter { $0 == caller }.count
        #expect(byCaller <= Int(EngineLimits.standard.fairnessBudget))
        #expect(byCaller > 0)
        #expect(store.state.chain == length)
    }

    /// Once the store is freed, a thread running a chain of follow-ups (here one that never ends) stops after the
    /// action in progress.
    @Test func aFreedStoreProcessesNothingMoreWhicheverThreadHoldsAChain() async {
        let output = Slot<AnyActionHandler<Action>>()
        let reduced = Counter()
        var store: Store<Action, Tally>? = Store(
            initialState: Tally(),
            reducer: Reducer { action, state in
                if case .chain = action {
                    state.chain += 1
                    reduced.increment()
                }
            },
            middleware: Self.chainMiddleware(length: .max, output: output)
        )
        weak let freed = store
        store?.dispatch(.capture)
        guard let handler = output.value else {
            Issue.record("the output handler was not captured")
            return
        }
        // The chain starts on a thread that holds only the output handler, not the store.
        let runner = startThreads(1) { _ in handler.dispatch(.chain(0)) }
        await waitUntil { reduced.value > 1_000 }
        store = nil
        #expect(freed == nil)
        // The runner's dispatch returns: it stopped processing.
        await waitUntil(timeout: .seconds(30)) { runner.value == 1 }
        let afterReturn = reduced.value
        try? await Task.sleep(for: .milliseconds(50))
        #expect(reduced.value == afterReturn)
    }

    /// With the main-thread policy, a dispatch on the main thread while a turn is pending and the queue is at its
    /// high-water mark queues its action past the mark instead of waiting for a turn that only it can run.
    @Test func theMainThreadNeverWaitsForRoomOnlyItCanMake() async {
        let store = Store(
            initialState: Tally(),
            reducer: Self.reducer(),
            scheduling: .mainThread
        )
        let mark = EngineLimits.standard.highWaterMark
        let tapReturned = Atomic<Bool>(false)
        let mainIsBusy = DispatchSemaphore(value: 0)
        DispatchQueue.main.async {
            mainIsBusy.signal()
            // The main thread is busy while a background thread fills the queue to its mark.
            while store.core.engine.withLock({ $0.queue.count }) < mark { usleep(1_000) }
            store.dispatch(.tap)
            tapReturned.store(true, ordering: .releasing)
        }
        mainIsBusy.wait(orRecordAfter: defaultWaitTimeout)
        let producer = startThreads(1) { _ in
            for step in 0..<(mark + 10) { store.dispatch(.chain(step)) }
        }
        let returned = await eventually(timeout: .seconds(60)) { tapReturned.load(ordering: .acquiring) }
        #expect(returned, "the main thread's dispatch waited for room")
        await waitUntil { producer.value == 1 }
        await waitUntil { store.state.chain == mark + 10 && store.state.taps == 1 }
    }
}
