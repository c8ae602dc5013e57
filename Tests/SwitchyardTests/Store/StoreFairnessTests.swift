import Foundation
import Switchyard
import SwitchyardTestSupport
import Synchronization
import Testing

/// A dispatch is never held captive by other threads, and a flood of dispatches is held at a bounded queue.
@Suite struct StoreFairnessTests {
    enum Action: Sendable, Equatable {
        case start
        case fromProducer
        case ownFollowUp(Int)
    }

    struct Tally: Sendable, Equatable {
        var fromProducer = 0
        var ownFollowUps = 0
    }

    static let reducer = Reducer<Action, Tally> { action, state in
        switch action {
        case .start: break
        case .fromProducer: state.fromProducer += 1
        case .ownFollowUp: state.ownFollowUps += 1
        }
    }

    /// The thread that finds the store idle processes at most 256 actions of other threads, however fast they
    /// come, and returns; the rest are processed elsewhere, none lost.
    @Test func aDispatchProcessesAtMostTheFairnessBudgetOfOtherThreadsActions() async {
        let deadline = Deadline()
        let producerQueued = Counter()
        let stop = Atomic<Bool>(false)
        let processedByCaller = Counter()
        let callerThread = Atomic<UInt>(0)
        let storeSlot = Slot<Store<Action, Tally>>()
        let middleware = AnyMiddleware<Action, Action, Tally> { action, _, _ in
            if callerThread.load(ordering: .relaxed) == currentThreadNumber(), action == .fromProducer {
                processedByCaller.increment()
            }
            guard action == .start else { return .pure() }
            return IO { _ in
                // Still processing `.start` on the caller's thread: a producer floods the store meanwhile.
                startThreads(1) { _ in
                    while !stop.load(ordering: .relaxed), !deadline.hasPassed {
                        storeSlot.value?.dispatch(.fromProducer)
                        producerQueued.increment()
                    }
                }
                _ = eventuallyBlocking { producerQueued.value >= 2_000 }
            }
        }
        let store = Store(initialState: Tally(), reducer: Self.reducer, middleware: middleware)
        storeSlot.value = store
        let returnedWhileProducing = Atomic<Bool>(false)
        // On a thread of its own: the caller's dispatch must not block the test's executor.
        let caller = startThreads(1) { _ in
            callerThread.store(currentThreadNumber(), ordering: .relaxed)
            store.dispatch(.start)  // returns while the producer still dispatches
            returnedWhileProducing.store(!stop.load(ordering: .relaxed), ordering: .relaxed)
            callerThread.store(0, ordering: .relaxed)
            stop.store(true, ordering: .relaxed)
        }
        await waitUntil { caller.value == 1 }
        let returnedEarly = returnedWhileProducing.load(ordering: .relaxed)
        #expect(returnedEarly)
        #expect(processedByCaller.value <= 256)
        await waitUntil { store.state.fromProducer == producerQueued.value }
        #expect(store.state.fromProducer == producerQueued.value)
        storeSlot.value = nil
    }

    /// Follow-ups that the caller's own processing dispatches do not count against the budget: a long chain runs
    /// to its end before `dispatch` returns.
    @Test func aChainOfTheCallersOwnFollowUpsRunsBeforeDispatchReturns() {
        let middleware = AnyMiddleware<Action, Action, Tally> { action, _, _ in
            switch action {
            case .start: return IO { output in output.dispatch(.ownFollowUp(1)) }
            case .ownFollowUp(let step) where step < 10_000:
                return IO { output in output.dispatch(.ownFollowUp(step + 1)) }
            default: return .pure()
            }
        }
        let store = Store(initialState: Tally(), reducer: Self.reducer, middleware: middleware)
        store.dispatch(.start)
        #expect(store.state.ownFollowUps == 10_000)
    }

    /// Producers off the processing thread wait once 65,536 actions are queued; nothing is dropped.
    @Test func producersWaitAtTheHighWaterMarkAndNoActionIsDropped() async {
        let release = DispatchSemaphore(value: 0)
        let blocked = Counter()
        let middleware: AnyMiddleware<Action, Action, Tally> = blockingMiddleware(
            on: .start,
            blocked: blocked,
            release: release
        )
        let store = Store(initialState: Tally(), reducer: Self.reducer, middleware: middleware)
        startThreads(1) { _ in store.dispatch(.start) }  // this thread stays in the IO until released
        await waitUntil { blocked.value == 1 }
        let dispatched = Counter()
        let total = 70_000
        let producers = startThreads(1) { _ in
            for _ in 0..<total {
                store.dispatch(.fromProducer)
                dispatched.increment()
            }
        }
        await waitUntil { dispatched.value >= 65_536 }
        try? await Task.sleep(for: .milliseconds(200))
        #expect(dispatched.value == 65_536)  // the producer waits: the queue is full
        release.signal()
        await waitUntil { producers.value == 1 }
        await waitUntil { store.state.fromProducer == total }
        #expect(store.state.fromProducer == total)
    }

    /// Threads dispatching at once, each far past the budget: every action is processed once, in each thread's
    /// order, while the queue is handed from thread to thread.
    @Test func concurrentFloodsAreProcessedExactlyOnceInEachThreadsOrder() async {
        struct Orders: Sendable {
            var next = [Int](repeating: 0, count: 4)
            var outOfOrder = 0
            var count = 0
        }
        enum Tagged: Sendable { case item(thread: Int, sequence: Int) }
        let store = Store(
            initialState: Orders(),
            reducer: Reducer<Tagged, Orders> { action, state in
                guard case .item(let thread, let sequence) = action else { return }
                if state.next[thread] != sequence { state.outOfOrder += 1 }
                state.next[thread] = sequence + 1
                state.count += 1
            }
        )
        let perThread = 50_000
        let finished = startThreads(4) { thread in
            for sequence in 0..<perThread { store.dispatch(.item(thread: thread, sequence: sequence)) }
        }
        await waitUntil { finished.value == 4 }
        await waitUntil { store.state.count == 4 * perThread }
        #expect(store.state.count == 4 * perThread)
        #expect(store.state.outOfOrder == 0)
    }
}
