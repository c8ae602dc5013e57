import Foundation
import SwitchyardTestSupport
import Testing

@testable import Switchyard

/// A commit that no action produces (a debugging tool travelling in time): the engine runs it at the processing
/// thread's next decision, between two actions or before the store goes idle, without polling; with the main-thread
/// policy, on the main thread; and it completes with `false` when the store is freed first.
@Suite struct StoreOutOfBandCommitTests {
    enum Action: Sendable, Equatable { case append(thread: Int, sequence: Int), block }

    /// What each commit added to the trail: an action, or the out-of-band commit's mark.
    enum Entry: Sendable, Equatable {
        case action(thread: Int, sequence: Int)
        case mark
    }

    /// Every commit adds one entry: the trail is the order in which the engine committed.
    struct Trail: Sendable, Equatable {
        var entries: [Entry] = []
    }

    static let reducer = Reducer<Action, Trail> { action, trail in
        if case .append(let thread, let sequence) = action {
            trail.entries.append(.action(thread: thread, sequence: sequence))
        }
    }

    /// Each observed state, as its number of entries and its last entry: a commit adds one entry, so the observer saw
    /// every commit, in order, when the numbers run 1, 2, 3… and the last entries spell the final trail.
    struct Observed: Sendable, Equatable {
        let count: Int
        let last: Entry?
    }

    static func observe(_ store: Store<Action, Trail>) -> (Log<Observed>, StoreSubscription) {
        let observed = Log<Observed>()
        let subscription = store.subscribe { trail in
            observed.append(Observed(count: trail.entries.count, last: trail.entries.last))
        }
        return (observed, subscription)
    }

    /// Checks that `observed` saw each commit of `final`, in order, and that each thread's actions kept their order.
    static func expectConsistent(_ observed: [Observed], final: [Entry], threads: Range<Int>) {
        #expect(observed.map(\.count) == Array(1...final.count))
        #expect(observed.map(\.last) == final.map { Optional($0) })
        for thread in threads {
            let sequences = final.compactMap { entry -> Int? in
                guard case .action(thread, let sequence) = entry else { return nil }
                return sequence
            }
            #expect(sequences == Array(0..<sequences.count), "thread \(thread)")
        }
    }

    // MARK: - Caller-thread policy

    @Test func commitOutOfBandCompletesUnderSteadyTrafficBetweenTwoActions() async {
        let deadline = Deadline()
        let store = Store(initialState: Trail(), reducer: Self.reducer)
        let (observed, subscription) = Self.observe(store)
        let stop = Counter()
        let dispatched = Counter()
        // Four threads keep the queue busy until the commit has completed, and for 50 actions each beyond.
        let traffic = startThreads(4) { thread in
            var sequence = 0
            var afterStop = 0
            while afterStop < 50, !deadline.hasPassed {
                if stop.value > 0 { afterStop += 1 }
                store.dispatch(.append(thread: thread, sequence: sequence))
                dispatched.increment()
                sequence += 1
            }
        }
        // Whenever another thread takes the engine's lock, the engine is between two steps and keeps its rules.
        let brokenWhileBusy = Slot<[String]>()
        let sampler = startThreads(1) { _ in
            while stop.value < 2, !deadline.hasPassed {
                let broken = store.core.engine.withLock { $0.brokenRules }
                if !broken.isEmpty, brokenWhileBusy.value == nil { brokenWhileBusy.value = broken }
            }
        }
        #expect(await eventually { store.state.entries.count >= 200 })
        let seen = Slot<Int>()
        let result = Slot<Bool>()
        Task.detached {
            result.value = await store.commitOutOfBand { trail in
                seen.value = trail.entries.count
                trail.entries.append(.mark)
            }
            stop.increment()
        }
        // The polling implementation could wait for ever here; the engine runs the commit at its next decision.
        #expect(await eventually(timeout: .seconds(120)) { result.value != nil })
        #expect(result.value == true)
        stop.increment()
        #expect(await eventually { traffic.value == 4 })
        #expect(await eventually { store.state.entries.count == dispatched.value + 1 })
        // After the commit has completed, an action dispatched comes after the mark.
        store.dispatch(.append(thread: 4, sequence: 0))
        #expect(await eventually { store.state.entries.last == .action(thread: 4, sequence: 0) })
        let final = store.state.entries
        subscription.cancel()
        let marks = final.indices.filter { final[$0] == .mark }
        #expect(marks.count == 1)
        // The change saw the state that the actions before it left; the 200 actions dispatched after it completed
        // come after it.
        #expect(marks.first == seen.value)
        #expect((marks.first ?? .max) < final.count - 4 * 50 - 1)
        Self.expectConsistent(observed.values, final: final, threads: 0..<5)
        #expect(await eventually { sampler.value == 1 })
        #expect(brokenWhileBusy.value == nil)
        #expect(store.core.engine.withLock { $0.brokenRules }.isEmpty)
    }

    @Test func commitOutOfBandOnAnIdleStoreRunsAtOnceAndTheObserversSeeIt() async {
        let store = Store(initialState: Trail(), reducer: Self.reducer)
        let (observed, subscription) = Self.observe(store)
        store.dispatch(.append(thread: 0, sequence: 0))
        let committed = await store.commitOutOfBand { $0.entries.append(.mark) }
        store.dispatch(.append(thread: 0, sequence: 1))
        #expect(committed)
        let final = store.state.entries
        #expect(final == [.action(thread: 0, sequence: 0), .mark, .action(thread: 0, sequence: 1)])
        Self.expectConsistent(observed.values, final: final, threads: 0..<1)
        subscription.cancel()
    }

    @Test func commitOutOfBandWhileTheStoreIsBusyRunsBeforeTheQueuedActions() async {
        let entered = Counter()
        let release = DispatchSemaphore(value: 0)
        let store = Store(
            initialState: Trail(),
            reducer: Self.reducer,
            middleware: blockingMiddleware(on: .block, blocked: entered, release: release)
        )
        let (observed, subscription) = Self.observe(store)
        let core = store.core
        // The thread holds the processing role while its IO blocks; the next action waits in the queue.
        let busy = startThreads(1) { _ in
            core.dispatch(DispatchedAction(.block))
        }
        #expect(await eventually { entered.value == 1 })
        store.dispatch(.append(thread: 0, sequence: 0))
        let result = Slot<Bool>()
        Task.detached {
            result.value = await store.commitOutOfBand { $0.entries.append(.mark) }
        }
        #expect(await eventually { core.engine.withLock { $0.outOfBand != nil } })
        #expect(result.value == nil)
        release.signal()
        #expect(await eventually { result.value != nil })
        #expect(await eventually { busy.value == 1 })
        #expect(result.value == true)
        // The engine ran the commit at its first decision, before the queued action.
        let final = store.state.entries
        #expect(final == [.mark, .action(thread: 0, sequence: 0)])
        // `.block` changed nothing, so its commit emitted nothing: the observer saw the mark first.
        Self.expectConsistent(observed.values, final: final, threads: 0..<1)
        subscription.cancel()
    }

    // MARK: - Main-thread policy

    @Test func underTheMainThreadPolicyACommitRequestedOffTheMainThreadRunsOnTheMainThread() async {
        let deadline = Deadline()
        let store = Store(initialState: Trail(), reducer: Self.reducer, scheduling: .mainThread)
        let (observed, subscription) = Self.observe(store)
        let requestedOnMain = Slot<Bool>()
        let ranOnMain = Log<Bool>()
        // Idle: the request hands the commit to the main queue.
        let idleResult = await value(
            of: Task.detached {
                requestedOnMain.value = isOnMainQueue()
                return await store.commitOutOfBand { trail in
                    ranOnMain.append(isOnMainQueue())
                    trail.entries.append(.mark)
                }
            })
        #expect(idleResult == true)
        #expect(requestedOnMain.value == false)
        // Busy: background threads dispatch, and the main thread processes, while the commit is requested.
        let stop = Counter()
        let dispatched = Counter()
        let traffic = startThreads(2) { thread in
            var sequence = 0
            while stop.value == 0 || sequence < 100, !deadline.hasPassed {
                store.dispatch(.append(thread: thread, sequence: sequence))
                dispatched.increment()
                sequence += 1
            }
        }
        #expect(await eventually { store.state.entries.count >= 20 })
        let busyResult = await value(
            of: Task.detached {
                await store.commitOutOfBand { trail in
                    ranOnMain.append(isOnMainQueue())
                    trail.entries.append(.mark)
                }
            })
        stop.increment()
        #expect(busyResult == true)
        #expect(await eventually { traffic.value == 2 })
        #expect(ranOnMain.values == [true, true])
        // The main queue processes the last actions.
        #expect(await eventually { store.state.entries.count == dispatched.value + 2 })
        let final = store.state.entries
        #expect(final.first == .mark)
        #expect(final.filter { $0 == .mark }.count == 2)
        Self.expectConsistent(observed.values, final: final, threads: 0..<2)
        subscription.cancel()
    }

    // MARK: - A freed store

    @Test func aPendingCommitCompletesWithFalseWhenTheStoreIsFreed() async {
        let entered = Counter()
        let release = DispatchSemaphore(value: 0)
        var store: Store<Action, Trail>? = Store(
            initialState: Trail(),
            reducer: Self.reducer,
            middleware: blockingMiddleware(on: .block, blocked: entered, release: release)
        )
        let core = store!.core
        // The processing thread holds the core, not the store: freeing the store closes the engine under it.
        let busy = startThreads(1) { _ in
            core.dispatch(DispatchedAction(.block))
        }
        #expect(await eventually { entered.value == 1 })
        let ran = Counter()
        let results = Log<Bool>()
        for _ in 0..<2 {
            Task.detached {
                results.append(await core.commitOutOfBand { _, _ in ran.increment() })
            }
        }
        #expect(await eventually { core.engine.withLock { $0.outOfBand?.count == 2 } })
        store = nil
        #expect(await eventually { results.count == 2 })
        #expect(results.values == [false, false])
        // Asked after the store was freed: refused at once.
        let late = await core.commitOutOfBand { _, _ in ran.increment() }
        #expect(!late)
        release.signal()
        #expect(await eventually { busy.value == 1 })
        #expect(ran.value == 0)
    }
}
