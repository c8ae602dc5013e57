import Foundation
import Switchyard
import SwitchyardTestSupport
import Testing

/// The default policy processes on the thread that finds the store idle; the main policy processes
/// on the main thread (the main queue: see ``isOnMainQueue()``).
@Suite struct StoreSchedulingTests {
    enum Action: Sendable, Equatable { case increment, block, tagged(thread: Int, sequence: Int) }

    /// Where each step of the pipeline ran.
    struct Places: Sendable {
        let threads = Log<UInt>()
        let onMain = Log<Bool>()

        func record() {
            threads.append(currentThreadNumber())
            onMain.append(isOnMainQueue())
        }
    }

    static func recordingMiddleware(_ places: Places) -> AnyMiddleware<Action, Action, Int> {
        AnyMiddleware { _, _, _ in
            places.record()
            return IO { _ in places.record() }
        }
    }

    static func recordingReducer(_ places: Places) -> Reducer<Action, Int> {
        Reducer { action, state in
            places.record()
            if action == .increment { state += 1 }
        }
    }

    // MARK: - Caller-thread policy (the default)

    @Test func defaultPolicyProcessesOnTheCallersThreadBeforeDispatchReturnsWhenIdle() async {
        let places = Places()
        let store = Store(
            initialState: 0,
            reducer: Self.recordingReducer(places),
            middleware: Self.recordingMiddleware(places)
        )
        #expect(store.scheduling == .callerThread)
        let callerThread = Slot<UInt>()
        let stateWhenDispatchReturned = Slot<Int>()
        let finished = startThreads(1) { _ in
            callerThread.value = currentThreadNumber()
            store.dispatch(.increment)
            stateWhenDispatchReturned.value = store.state
        }
        #expect(await eventually { finished.value == 1 })
        #expect(stateWhenDispatchReturned.value == 1)
        #expect(places.threads.count == 3)
        #expect(places.threads.values.allSatisfy { $0 == callerThread.value })
    }

    @Test func defaultPolicyDispatchWhileBusyReturnsAtOnceAndTheBusyThreadProcessesIt() async {
        let places = Places()
        let entered = Counter()
        let release = DispatchSemaphore(value: 0)
        let blocking = AnyMiddleware<Action, Action, Int> { action, _, _ in
            if action == .block {
                entered.increment()
                release.wait(orRecordAfter: defaultWaitTimeout)
            }
            return .pure()
        }
        let store = Store(
            initialState: 0,
            reducer: Self.recordingReducer(places),
            middleware: blocking
        )
        let busyThread = Slot<UInt>()
        let busy = startThreads(1) { _ in
            busyThread.value = currentThreadNumber()
            store.dispatch(.block)
        }
        #expect(await eventually { entered.value == 1 })
        let returned = Counter()
        let dispatcher = startThreads(1) { _ in
            store.dispatch(.increment)
            returned.increment()
        }
        // The dispatch must return while the first action is still blocked in its middleware.
        let returnedWhileBusy = await eventually(timeout: .seconds(60)) { returned.value == 1 }
        #expect(returnedWhileBusy, "dispatch waited for the busy store")
        #expect(store.state == 0)
        release.signal()
        #expect(await eventually { busy.value == 1 && dispatcher.value == 1 })
        #expect(store.state == 1)
        #expect(places.threads.values == [busyThread.value, busyThread.value])
    }

    // MARK: - Main-thread policy

    @Test func mainPolicyProcessesADispatchFromABackgroundThreadOnTheMainThread() async {
        let places = Places()
        let store = Store(
            initialState: 0,
            reducer: Self.recordingReducer(places),
            middleware: Self.recordingMiddleware(places),
            scheduling: .mainThread
        )
        let dispatchedFromMain = Slot<Bool>()
        startThreads(1) { _ in
            dispatchedFromMain.value = isOnMainQueue()
            store.dispatch(.increment)
        }
        #expect(await eventually { store.state == 1 })
        #expect(await eventually { places.onMain.count == 3 })
        #expect(dispatchedFromMain.value == false)
        #expect(places.onMain.values == [true, true, true])
    }

    @MainActor
    @Test func mainPolicyProcessesADispatchMadeOnTheMainThreadBeforeDispatchReturns() {
        let places = Places()
        let store = Store(
            initialState: 0,
            reducer: Self.recordingReducer(places),
            middleware: Self.recordingMiddleware(places),
            scheduling: .mainThread
        )
        store.dispatch(.increment)
        #expect(store.state == 1)
        #expect(places.onMain.values == [true, true, true])
    }

    @Test func mainPolicyProcessesEveryActionInEachDispatchingThreadsOrder() async {
        let processed = Log<Action>()
        let store = Store(
            initialState: 0,
            reducer: Reducer<Action, Int> { action, state in
                processed.append(action)
                state += 1
            },
            scheduling: .mainThread
        )
        startThreads(4) { thread in
            for sequence in 0..<500 { store.dispatch(.tagged(thread: thread, sequence: sequence)) }
        }
        #expect(await eventually { store.state == 2_000 })
        for thread in 0..<4 {
            let sequences = processed.values.compactMap { action -> Int? in
                guard case .tagged(thread, let sequence) = action else { return nil }
                return sequence
            }
            #expect(sequences == Array(0..<500), "thread \(thread)")
        }
    }

    @Test func mainActorObserversAreCalledOnTheMainThreadUnderTheMainPolicy() async {
        let store = Store(
            initialState: 0,
            reducer: Reducer<Action, Int> { action, state in if action == .increment { state += 1 } },
            scheduling: .mainThread
        )
        let observed = Log<Int>()
        let onMain = Log<Bool>()
        let subscription = store.subscribeOnMainActor { state in
            onMain.append(isOnMainQueue())
            observed.append(state)
        }
        startThreads(1) { _ in
            for _ in 0..<3 { store.dispatch(.increment) }
        }
        #expect(await eventually { observed.count == 3 })
        #expect(observed.values == [1, 2, 3])
        #expect(onMain.values == [true, true, true])
        subscription.cancel()
    }

    @Test func mainActorObserversAreCalledOnTheMainThreadInOrderUnderTheDefaultPolicy() async {
        let store = Store(
            initialState: 0,
            reducer: Reducer<Action, Int> { action, state in if action == .increment { state += 1 } }
        )
        let observed = Log<Int>()
        let onMain = Log<Bool>()
        let subscription = store.subscribeOnMainActor { state in
            onMain.append(isOnMainQueue())
            observed.append(state)
        }
        startThreads(1) { _ in
            for _ in 0..<100 { store.dispatch(.increment) }
        }
        #expect(await eventually { observed.last == 100 })
        // States that a newer one superseded while the main queue was busy are skipped; none comes out of order.
        #expect(zip(observed.values, observed.values.dropFirst()).allSatisfy { $0 < $1 })
        #expect(onMain.values.allSatisfy { $0 })
        subscription.cancel()
    }
}
