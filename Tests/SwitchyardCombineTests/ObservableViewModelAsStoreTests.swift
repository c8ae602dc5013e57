import Foundation
import Switchyard
import SwitchyardCombine
import SwitchyardTestSupport
import Testing

#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

/// A view model is a store of its view's actions and state: generic code takes it, any thread reads its state, and
/// its observers, projections and publisher see the states it shows.
@MainActor
@Suite struct ObservableViewModelAsStoreTests {
    /// A function written for any store.
    nonisolated static func incrementTwice(_ store: some StoreProtocol<CounterAction, Int>) -> Int {
        store.dispatch(.increment)
        store.dispatch(.increment)
        return store.state
    }

    @Test func aFunctionThatTakesAStoreTakesTheViewModel() {
        let store = Store(initialState: 0, reducer: counterReducer, scheduling: .mainThread)
        let viewModel = store.asObservableViewModel()
        #expect(Self.incrementTwice(viewModel) == 2)
        #expect(store.state == 2)
        let projection = viewModel.projection(action: { $0 }, state: { $0 })
        projection.dispatch(.increment)
        #expect(projection.state == 3)
        #expect(viewModel.state == 3)
    }

    @Test func anotherThreadReadsTheStateTheMainActorShows() async {
        let store = Store(initialState: 0, reducer: counterReducer, scheduling: .mainThread)
        let viewModel = store.asObservableViewModel()
        let readings = Log<Int>()
        let stop = LockedBox(false)
        let readerDone = Signal()
        onThread {
            while !stop.withLock({ $0 }) { readings.append(viewModel.state) }
            readings.append(viewModel.state)
            readerDone.send()
        }
        for _ in 0..<200 {
            viewModel.dispatch(.increment)
            await Task.yield()
        }
        stop.withLock { $0 = true }
        #expect(await readerDone.arrives())
        #expect(readings.last == 200)
        #expect(zip(readings.values, readings.values.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func subscribersGetEachShownStateOnTheMainThreadUntilCancelled() async {
        let store = Store(initialState: 0, reducer: counterReducer, emitsValue: .always)
        let viewModel = store.asObservableViewModel()
        let received = Log<Int>()
        let onMain = LockedBox(true)
        let subscription = viewModel.subscribe { state in
            received.append(state)
            onMain.withLock { $0 = $0 && isOnMainQueue() }
        }
        onThread {
            store.dispatch(.increment)
            store.dispatch(.noop)
            store.dispatch(.increment)
        }
        #expect(await eventually { viewModel.state == 2 })
        #expect(received.last == 2)
        // `.noop` leaves an equal state, which the view model (`.whenDifferent`) does not show; a state that a newer
        // one superseded while the main queue was busy is skipped.
        #expect(zip(received.values, received.values.dropFirst()).allSatisfy { $0 < $1 })
        #expect(onMain.withLock { $0 })
        subscription.cancel()
        store.dispatch(.increment)
        #expect(await eventually { viewModel.state == 3 })
        #expect(received.last == 2)
    }

    @Test func statePublisherSendsTheShownStateThenEachNewOneAndFinishesWithTheViewModel() {
        let store = Store(initialState: 5, reducer: counterReducer, emitsValue: .always, scheduling: .mainThread)
        var viewModel: ObservableViewModel<CounterAction, Int>? = store.asObservableViewModel(emitsValue: .always)
        var received: [Int] = []
        var finished = false
        let cancellable = viewModel?.statePublisher.sink(
            receiveCompletion: { _ in finished = true },
            receiveValue: { received.append($0) }
        )
        viewModel?.dispatch(.increment)
        viewModel?.dispatch(.noop)
        #expect(received == [5, 6, 6])
        #expect(!finished)
        viewModel = nil
        #expect(finished)
        cancellable?.cancel()
    }

    @Test func aProjectionOfTheViewModelFollowsItAndDispatchesThroughIt() {
        let store = Store(initialState: 0, reducer: counterReducer, scheduling: .mainThread)
        let viewModel = store.asObservableViewModel()
        let projection = viewModel.projection(
            action: { (tap: Bool) in tap ? CounterAction.increment : nil },
            state: { "\($0) taps" }
        )
        var shown: [String] = []
        let subscription = projection.subscribe { state in MainActor.assumeIsolated { shown.append(state) } }
        projection.dispatch(true)
        projection.dispatch(false)
        projection.dispatch(true)
        #expect(projection.state == "2 taps")
        #expect(shown == ["1 taps", "2 taps"])
        subscription.cancel()
    }

    /// As with a `@Published` state: `objectWillChange`, then `$state` with the new state, while `state` still reads
    /// the previous one; after that, `state` and the subscribers.
    @Test func willChangeAndDollarStateComeBeforeTheStateChanges() {
        let store = Store(initialState: 0, reducer: counterReducer, scheduling: .mainThread)
        let viewModel = store.asObservableViewModel()
        var events: [String] = []
        let willChange = viewModel.objectWillChange.sink { _ in events.append("willChange \(viewModel.state)") }
        let published = viewModel.$state.dropFirst().sink { new in events.append("$state \(new) \(viewModel.state)") }
        let subscription = viewModel.subscribe { new in
            MainActor.assumeIsolated { events.append("subscriber \(new) \(viewModel.state)") }
        }
        viewModel.dispatch(.increment)
        #expect(events == ["willChange 0", "$state 1 0", "subscriber 1 1"])
        willChange.cancel()
        published.cancel()
        subscription.cancel()
    }

    final class CountingViewModel: ObservableViewModel<CounterAction, Int> {
        @Published var taps = 0
        private(set) var dispatched: [CounterAction] = []

        override nonisolated func dispatch(_ dispatchedAction: DispatchedAction<CounterAction>) {
            MainActor.assumeIsolated { dispatched.append(dispatchedAction.action) }
            super.dispatch(dispatchedAction)
        }
    }

    @Test func aSubclassSeesEveryFormOfDispatchAndItsPublishedPropertiesFireObjectWillChange() {
        let store = Store(initialState: 0, reducer: counterReducer, scheduling: .mainThread)
        let viewModel = CountingViewModel(store: store)
        var changes = 0
        let cancellable = viewModel.objectWillChange.sink { _ in changes += 1 }
        viewModel.dispatch(.increment)
        viewModel.dispatch(.noop, from: ActionSource(file: "F.swift", function: "f()", line: 1, info: nil))
        viewModel.dispatch(DispatchedAction(.increment, dispatcher: .here()))
        #expect(viewModel.dispatched == [.increment, .noop, .increment])
        #expect(viewModel.state == 2)
        #expect(changes == 2)
        viewModel.taps += 1
        #expect(changes == 3)
        cancellable.cancel()
    }

    @Test func aMockHandlesEachActionAtOnceWithItsSourceAndShowsEveryState() {
        let viewModel = ObservableViewModel<CounterAction, Int>.mock(
            state: 10,
            action: { action, source, state in
                if action == .increment { state += 1 }
                if source.info == "reset" { state = 0 }
            }
        )
        var changes = 0
        let cancellable = viewModel.objectWillChange.sink { _ in changes += 1 }
        #expect(viewModel.state == 10)
        viewModel.dispatch(.increment)
        #expect(viewModel.state == 11)
        viewModel.dispatch(.noop)
        #expect(viewModel.state == 11)
        #expect(changes == 2, "a mock shows every state, even an equal one")
        viewModel.dispatch(.increment, info: "reset")
        #expect(viewModel.state == 0)
        cancellable.cancel()
    }

    @Test func aMockByDefaultChangesNothing() {
        let viewModel = ObservableViewModel<CounterAction, String>.mock(state: "preview")
        viewModel.dispatch(.increment)
        #expect(viewModel.state == "preview")
    }

    @Test func aMockHandlesActionsFromAnotherThreadOnTheMainActorInOrder() async {
        let handled = Log<Int>()
        let viewModel = ObservableViewModel<CounterAction, Int>.mock(
            state: 0,
            action: { _, _, state in
                state += 1
                handled.append(isOnMainQueue() ? state : -state)
            }
        )
        onThread {
            for _ in 0..<50 { viewModel.dispatch(.increment) }
        }
        #expect(await eventually { viewModel.state == 50 })
        #expect(handled.values == Array(1...50))
    }

    @Test func aMockIsFreedWithItsViewModel() {
        weak var weakViewModel: ObservableViewModel<CounterAction, Int>?
        var finished = false
        var cancellable: AnyCancellable?
        do {
            let viewModel = ObservableViewModel<CounterAction, Int>.mock(state: 0)
            weakViewModel = viewModel
            cancellable = viewModel.statePublisher.sink(
                receiveCompletion: { _ in finished = true }, receiveValue: { _ in })
        }
        #expect(weakViewModel == nil)
        #expect(finished)
        cancellable?.cancel()
    }
}
