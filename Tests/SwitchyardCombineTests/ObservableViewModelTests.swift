import Switchyard
import SwitchyardCombine
import SwitchyardTestSupport
import Testing

@MainActor
@Suite struct ObservableViewModelTests {
    /// A state that is not `Equatable`.
    struct Box: Sendable {
        var count = 0
    }

    enum ViewAction: Sendable, Equatable {
        case tap
        case ignored
    }

    @Test func startsWithTheStoreCurrentState() {
        let store = Store(initialState: 0, reducer: counterReducer, scheduling: .mainThread)
        store.dispatch(.increment)
        let viewModel = store.asObservableViewModel()
        #expect(viewModel.state == 1)
    }

    @Test func updatesSynchronouslyWhenTheStoreProcessesOnTheMainThread() {
        let store = Store(initialState: 0, reducer: counterReducer, scheduling: .mainThread)
        let viewModel = ObservableViewModel(store: store)
        viewModel.dispatch(.increment)
        #expect(viewModel.state == 1)
        store.dispatch(.increment)
        #expect(viewModel.state == 2)
    }

    @Test func objectWillChangeFiresOncePerStateThatDiffers() {
        // The store notifies after every action; the view model keeps only the states that differ.
        let store = Store(initialState: 0, reducer: counterReducer, emitsValue: .always, scheduling: .mainThread)
        let viewModel = store.asObservableViewModel()
        var changes = 0
        let cancellable = viewModel.objectWillChange.sink { _ in changes += 1 }
        for action: CounterAction in [.increment, .noop, .noop, .increment, .noop] { viewModel.dispatch(action) }
        #expect(changes == 2)
        #expect(viewModel.state == 2)
        cancellable.cancel()
    }

    @Test func stateThatIsNotEquatablePublishesEveryEmittedState() {
        let store = Store(
            initialState: Box(),
            reducer: Reducer { (action: CounterAction, box: inout Box) in
                if action == .increment { box.count += 1 }
            },
            scheduling: .mainThread
        )
        let viewModel = store.asObservableViewModel()
        var changes = 0
        let cancellable = viewModel.objectWillChange.sink { _ in changes += 1 }
        for action: CounterAction in [.increment, .noop, .increment] { viewModel.dispatch(action) }
        #expect(changes == 3)
        #expect(viewModel.state.count == 2)
        cancellable.cancel()
    }

    @Test func emitsValueDecidesWhichStatesAreShown() {
        let store = Store(initialState: 0, reducer: counterReducer, scheduling: .mainThread)
        let viewModel = ObservableViewModel(store: store, emitsValue: .when { _, new in new.isMultiple(of: 3) })
        var shown: [Int] = []
        let cancellable = viewModel.$state.sink { shown.append($0) }
        for _ in 0..<7 { viewModel.dispatch(.increment) }
        #expect(shown == [0, 3, 6])
        cancellable.cancel()
    }

    @Test func updatesOnTheMainActorInOrderWhenTheStoreProcessesElsewhere() async {
        let store = Store(initialState: 0, reducer: counterReducer)
        let viewModel = store.asObservableViewModel()
        var shown: [Int] = []
        var allOnMain = true
        let cancellable = viewModel.$state.sink { state in
            shown.append(state)
            allOnMain = allOnMain && isOnMainQueue()
        }
        onThread {
            for _ in 0..<500 { store.dispatch(.increment) }
        }
        #expect(await eventually { viewModel.state == 500 })
        // States that a newer one superseded while the main queue was busy are skipped; none comes out of order.
        #expect(shown.first == 0)
        #expect(shown.last == 500)
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $0 < $1 })
        #expect(allOnMain)
        cancellable.cancel()
    }

    /// A thousand states emitted while the main queue is busy wait for it as one: the view model shows the last.
    @Test func statesEmittedWhileTheMainQueueIsBusyAreShownAsTheLatestOnly() async {
        let store = Store(initialState: 0, reducer: counterReducer)
        let viewModel = store.asObservableViewModel()
        let shown = Log<Int>()
        let lastShown = Signal()
        let cancellable = viewModel.$state.sink { state in
            shown.append(state)
            if state == 1_000 { lastShown.send() }
        }
        let finished = await whileMainQueueIsBusy {
            for _ in 0..<1_000 { store.dispatch(.increment) }
        }
        #expect(finished)
        #expect(await lastShown.arrives())
        #expect(shown.values.first == 0, "the current state, when subscribing")
        #expect(shown.count <= 3, "\(shown.count - 1) updates for 1,000 states")
        #expect(shown.last == 1_000)
        cancellable.cancel()
    }

    /// A state waiting for the busy main queue is older than one that the main thread then processed and showed at
    /// once: it is not shown after it.
    @Test func aStateWaitingForTheMainQueueNeverReplacesANewerOneShownOnTheMainThread() async {
        let store = Store(initialState: 0, reducer: counterReducer)
        let viewModel = store.asObservableViewModel()
        let shown = Log<Int>()
        let cancellable = viewModel.$state.sink { shown.append($0) }
        let finished = await whileMainQueueIsBusy(
            { store.dispatch(.increment) },
            thenOnTheMainThread: { store.dispatch(.increment) }
        )
        #expect(finished)
        await mainQueueDrained()
        #expect(shown.values == [0, 2])
        #expect(viewModel.state == 2)
        cancellable.cancel()
    }

    @Test func projectionMapsViewActionsIntoStoreActionsAndStateIntoViewState() {
        let store = Store(initialState: 0, reducer: counterReducer, scheduling: .mainThread)
        let viewModel =
            store
            .projection(
                action: { (viewAction: ViewAction) in viewAction == .tap ? CounterAction.increment : nil },
                state: { "Tapped \($0) times" }
            )
            .asObservableViewModel()
        #expect(viewModel.state == "Tapped 0 times")
        viewModel.dispatch(.tap)
        viewModel.dispatch(.tap)
        #expect(store.state == 2)
        #expect(viewModel.state == "Tapped 2 times")
    }

    @Test func dispatchRecordsTheCallerAsTheSource() {
        let dispatched = Log<DispatchedAction<ViewAction>>()
        let projection = StoreProjection<ViewAction, Int>(
            dispatch: { dispatched.append($0) },
            state: { 0 },
            subscribe: { _ in StoreSubscription {} }
        )
        let viewModel = projection.asObservableViewModel()
        viewModel.dispatch(.tap, info: "button")
        let line: UInt = #line - 1
        let forwarded = ActionSource(file: "Other.swift", function: "forward()", line: 7, info: nil)
        viewModel.dispatch(.ignored, from: forwarded)
        #expect(dispatched.values.map(\.action) == [.tap, .ignored])
        #expect(
            dispatched.values.first?.dispatcher
                == ActionSource(
                    file: "SwitchyardCombineTests/ObservableViewModelTests.swift",
                    function: "dispatchRecordsTheCallerAsTheSource()",
                    line: line,
                    info: "button"
                )
        )
        #expect(dispatched.values.last?.dispatcher == forwarded)
    }

    @Test func releasingTheViewModelUnregistersItFromTheStore() {
        let store = Store(initialState: 0, reducer: counterReducer, scheduling: .mainThread)
        weak var weakViewModel: ObservableViewModel<CounterAction, Int>?
        do {
            let viewModel = store.asObservableViewModel()
            weakViewModel = viewModel
            viewModel.dispatch(.increment)
        }
        #expect(weakViewModel == nil)
        store.dispatch(.increment)
        #expect(store.state == 2)
    }
}
