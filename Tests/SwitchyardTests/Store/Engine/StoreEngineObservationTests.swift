import Foundation
import Switchyard
import SwitchyardTestSupport
import Synchronization
import Testing

/// Observers registered at any moment get every later commit; the reducer's own reads are reported; streams end
/// with their store; a runtime middleware is set up before it sees an action.
@Suite struct StoreEngineObservationTests {
    enum Action: Sendable, Equatable {
        case increment
        case subscribeInReducer
        case readInReducer
    }

    @Test func anObserverSubscribedFromTheReducerReceivesTheCommitInProgress() {
        let seen = Log<Int>()
        let subscription = Slot<StoreSubscription>()
        let storeSlot = Slot<Store<Action, Int>>()
        let store = Store(
            initialState: 0,
            reducer: Reducer<Action, Int> { action, state in
                if action == .subscribeInReducer, let store = storeSlot.value {
                    subscription.value = store.subscribe { seen.append($0) }
                }
                state += 1
            }
        )
        storeSlot.value = store
        store.dispatch(.subscribeInReducer)
        #expect(seen.values == [1])
        store.dispatch(.increment)
        #expect(seen.values == [1, 2])
        #expect(seen.last == store.state)
        storeSlot.value = nil
    }

    @Test func readingTheStateFromTheReducerIsReportedAndReturnsTheStateSoFar() {
        let reports = Log<StoreDiagnostic>()
        let readValue = Slot<Int>()
        let storeSlot = Slot<Store<Action, Int>>()
        let store = Store(
            initialState: 0,
            reducer: Reducer<Action, Int> { action, state in
                state += 10
                if action == .readInReducer { readValue.value = storeSlot.value?.state }
                state += 1
            },
            diagnostics: StoreDiagnostics { reports.append($0) }
        )
        storeSlot.value = store
        store.dispatch(.increment)
        #expect(reports.values.isEmpty)
        store.dispatch(.readInReducer)
        #expect(reports.values.map(\.kind) == [.stateReadInReducer])
        #expect(readValue.value == 21)  // 11 committed, then +10 so far in this reduction
        #expect(store.state == 22)
        storeSlot.value = nil
    }

    @Test func readsFromOtherThreadsDuringTheReducerWaitForTheCommit() async {
        let inReducer = Counter()
        let finishReducer = DispatchSemaphore(value: 0)
        let store = Store(
            initialState: 0,
            reducer: Reducer<Action, Int> { _, state in
                state = -1  // half-reduced
                inReducer.increment()
                finishReducer.wait(orRecordAfter: defaultWaitTimeout)
                state = 1
            }
        )
        startThreads(1) { _ in store.dispatch(.increment) }
        await waitUntil { inReducer.value == 1 }
        let read = Slot<Int>()
        let reader = startThreads(1) { _ in read.value = store.state }
        try? await Task.sleep(for: .milliseconds(50))
        #expect(reader.value == 0)  // still waiting
        finishReducer.signal()
        await waitUntil { reader.value == 1 }
        #expect(read.value == 1)
    }

    @Test func aStreamOfStatesEndsWhenItsStoreIsFreed() async {
        var store: Store<Action, Int>? = Store(initialState: 0, reducer: Reducer { _, state in state += 1 })
        weak let weakStore = store
        let received = Log<Int>()
        let loopEnded = Counter()
        let states = store!.states
        let consumer = Task {
            for await state in states { received.append(state) }
            loopEnded.increment()
        }
        store?.dispatch(.increment)
        await waitUntil { received.count == 2 }
        store = nil
        #expect(weakStore == nil)
        await waitUntil { loopEnded.value == 1 }
        #expect(loopEnded.value == 1)
        #expect(received.values == [0, 1])
        consumer.cancel()
    }

    final class SetUpMiddleware: MiddlewareProtocol, @unchecked Sendable {
        typealias InputActionType = Action
        typealias OutputActionType = Action
        typealias StateType = Int

        let contextReceived = Atomic<Bool>(false)
        let handledBeforeContext = Counter()
        let handled = Counter()

        func receiveContext(getState: @escaping GetState<Int>, output: AnyActionHandler<Action>) {
            Thread.sleep(forTimeInterval: 0.05)  // another thread dispatches meanwhile
            contextReceived.store(true, ordering: .releasing)
        }

        func handle(action: Action, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<Action> {
            if !contextReceived.load(ordering: .acquiring) { handledBeforeContext.increment() }
            handled.increment()
            return .pure()
        }
    }

    @Test func aRuntimeMiddlewareReceivesItsContextBeforeItsFirstAction() async {
        let store = Store(initialState: 0, reducer: Reducer { (_: Action, state: inout Int) in state += 1 })
        let middleware = SetUpMiddleware()
        let stop = Atomic<Bool>(false)
        let dispatcher = startThreads(1) { _ in
            while !stop.load(ordering: .relaxed) { store.dispatch(.increment) }
        }
        let registration = store.runtimeMiddlewares.add(middleware)
        await waitUntil { middleware.handled.value > 10 }
        stop.store(true, ordering: .relaxed)
        await waitUntil { dispatcher.value == 1 }
        #expect(middleware.handledBeforeContext.value == 0)
        registration.remove()
    }
}
