import Dispatch
import Observation
import Switchyard
import SwitchyardTestSupport
import Testing

/// When a view's state changes under each scheduling policy, what a binding reads back, and how many times a
/// reader is notified.
@MainActor
@Suite struct ObservableStoreDeliveryTests {
    struct State: Sendable, Equatable {
        var query = ""
        var count = 0
    }

    enum Action: Sendable, Equatable {
        case queryChanged(String)
        case typed(String)
        case increment
    }

    static let reducer = Reducer<Action, State> { action, state in
        switch action {
        case .queryChanged(let query): state.query = query
        case .typed(let query):
            state.query = query
            state.count += 1
        case .increment: state.count += 1
        }
    }

    @Test(arguments: [SchedulingPolicy.callerThread, .mainThread])
    func aBindingReadsBackWhatItSentBeforeSendReturns(policy: SchedulingPolicy) {
        let store = Store(initialState: State(), reducer: Self.reducer, scheduling: policy)
        let view = store.observable()
        let query = view.storeBinding(\.query, dispatch: Action.queryChanged)
        for text in ["s", "sw", "swi", "swift"] {
            query.wrappedValue = text
            #expect(query.wrappedValue == text)
            #expect(view.query == text)
        }
    }

    /// Another thread is processing: the binding's action waits behind the one in progress, and its state arrives
    /// through the main queue.
    @Test func underTheDefaultPolicyABindingSetWhileAnotherThreadProcessesReadsTheOldValueUntilItsStateArrives() async {
        let blocked = Counter()
        let release = DispatchSemaphore(value: 0)
        let store = Store(
            initialState: State(),
            reducer: Self.reducer,
            middleware: blockingMiddleware(on: Action.increment, blocked: blocked, release: release)
        )
        let view = store.observable()
        let query = view.storeBinding(\.query, dispatch: Action.queryChanged)
        // A thread of its own: it stays blocked in the middleware until released.
        _ = startThreads(1) { _ in store.dispatch(.increment) }
        #expect(await eventually { blocked.value > 0 })
        query.wrappedValue = "typed"
        #expect(query.wrappedValue == "")
        release.signal()
        await waitUntilIdle(store)
        #expect(query.wrappedValue == "typed")
        #expect(view.count == 1)
    }

    /// Set from an observer's code, inside the pipeline: the action runs once the one in progress is done, later in
    /// the same turn of the main thread, and the view takes its state synchronously.
    @Test func withTheMainThreadPolicyABindingSetFromAnObserverReadsTheOldValueUntilLaterInTheTurn() {
        let store = Store(initialState: State(), reducer: Self.reducer, scheduling: .mainThread)
        let view = store.observable()
        let query = view.storeBinding(\.query, dispatch: Action.queryChanged)
        var readInside: [String] = []
        let observer = Reregistering {
            _ = view.count
        } onChange: {
            guard readInside.isEmpty else { return }
            query.wrappedValue = "typed"
            readInside.append(query.wrappedValue)
        }
        view.dispatch(.increment)
        #expect(readInside == [""])
        #expect(query.wrappedValue == "typed")
        #expect(observer.notifications == 1)
    }

    /// Actions of another thread wait for the main queue: the binding's action waits behind them.
    @Test func withTheMainThreadPolicyABindingSetWhileOtherActionsWaitForTheMainQueueReadsTheOldValueUntilTheyRun()
        async
    {
        let store = Store(initialState: State(), reducer: Self.reducer, scheduling: .mainThread)
        let view = store.observable()
        let query = view.storeBinding(\.query, dispatch: Action.queryChanged)
        let dispatched = DispatchSemaphore(value: 0)
        // A thread of its own, which runs however busy the shared pool is while the main actor waits for it.
        _ = startThreads(1) { _ in
            store.dispatch(.increment)
            dispatched.signal()
        }
        // The main actor holds on to the main queue meanwhile: the action waits for it.
        dispatched.wait(orRecordAfter: defaultWaitTimeout)
        query.wrappedValue = "typed"
        #expect(query.wrappedValue == "")
        await waitUntilIdle(store)
        #expect(query.wrappedValue == "typed")
        #expect(view.count == 1)
    }

    @Test func aViewScopedFromTheRootIsCurrentWhenSendReturnsToo() {
        let store = Store(initialState: State(), reducer: Self.reducer)
        let view = store.observable()
        let count = view.scope(state: \.count, action: { (_: Void) in Action.increment })
        count.dispatch(())
        #expect(count.state == 1)
        #expect(view.count == 1)
    }

    @Test func underTheDefaultPolicyAStateFromAnotherThreadArrivesThroughTheMainQueue() async {
        let store = Store(initialState: State(), reducer: Self.reducer)
        let view = store.observable()
        let dispatching = Task {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    store.dispatch(.increment)
                    continuation.resume()
                }
            }
        }
        #expect(await value(of: dispatching) != nil)
        // The state waits for the main queue, which runs when this test awaits.
        await waitUntilIdle(store)
        #expect(view.count == 1)
    }

    /// SwiftUI reads a body again after the action's changes: it renders once per action. An observation that
    /// observes again inside its own `onChange` is told once per action too, however many of its values changed.
    @Test func aReaderThatObservesAgainInsideOnChangeIsToldOncePerAction() {
        let store = Store(initialState: State(), reducer: Self.reducer, scheduling: .mainThread)
        let view = store.observable()
        let rendered = Invalidations {
            _ = view.query
            _ = view.count
        }
        store.dispatch(.typed("a"))
        #expect(rendered.take() == 1)

        let again = Reregistering {
            _ = view.query
            _ = view.count
        }
        store.dispatch(.typed("ab"))
        #expect(again.notifications == 1)
        store.dispatch(.increment)
        #expect(again.notifications == 2)
        store.dispatch(.queryChanged("ab"))
        #expect(again.notifications == 2, "nothing it read changed")
    }

    @Test(arguments: [SchedulingPolicy.callerThread, .mainThread])
    func aReaderOfSeveralViewsIsToldOncePerActionWhenEveryViewHoldsItsState(policy: SchedulingPolicy) {
        let store = Store(initialState: State(), reducer: Self.reducer, scheduling: policy)
        let view = store.observable()
        let count = view.scope(state: \.count, action: { (_: Void) in Action.increment })
        let query = view.scope(state: \.query, action: Action.queryChanged)
        var seen: [String] = []
        let again = Reregistering {
            _ = count.state
            _ = view.query
            _ = query.state
        } onChange: {
            seen.append("\(count.state) \(view.query) \(query.state)")
        }
        view.dispatch(.typed("s"))
        view.dispatch(.typed("sw"))
        #expect(again.notifications == 2)
        #expect(seen == ["1 s s", "2 sw sw"])
    }

    /// An observer that sends an action while it is told: the view takes the action's state before `send` returns,
    /// and the observer, which observes again after that, is told of the changes that come later.
    @Test func anActionSentByAnObserverWhileItIsToldIsTakenAtOnce() {
        let store = Store(initialState: State(), reducer: Self.reducer)
        let view = store.observable()
        var counts: [Int] = []
        let again = Reregistering {
            _ = view.count
        } onChange: {
            counts.append(view.count)
            if view.count == 1 { view.dispatch(.increment) }
        }
        view.dispatch(.increment)
        #expect(view.count == 2)
        #expect(counts == [1])
        view.dispatch(.increment)
        #expect(counts == [1, 3])
        #expect(again.notifications == 2)
    }
}

/// An observation that registers again inside its own `onChange`, synchronously, counting its notifications.
@MainActor
final class Reregistering {
    private let read: @MainActor () -> Void
    private let changed: @MainActor () -> Void
    private(set) var notifications = 0

    init(reading read: @escaping @MainActor () -> Void, onChange changed: @escaping @MainActor () -> Void = {}) {
        self.read = read
        self.changed = changed
        observe()
    }

    private func observe() {
        withObservationTracking {
            read()
        } onChange: {
            MainActor.assumeIsolated {
                self.notifications += 1
                self.changed()
                self.observe()
            }
        }
    }
}
