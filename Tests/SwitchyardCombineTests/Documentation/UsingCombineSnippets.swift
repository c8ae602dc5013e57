import Switchyard
import SwitchyardCombine
import Testing

// The Swift blocks of the UsingCombine article, compiled and run.

struct CounterState: Equatable, Sendable {
    var count = 0
}

enum CounterViewAction: Equatable, Sendable {
    case tapped
}

private let counterStateReducer = Reducer<CounterAction, CounterState> { action, state in
    if action == .increment { state.count += 1 }
}

func observeCount(of store: Store<CounterAction, CounterState>) -> AnyCancellable {
    store.statePublisher
        .map(\.count)
        .sink { count in print("count: \(count)") }
}

@MainActor
func makeCounterViewModel(
    store: Store<CounterAction, CounterState>
) -> ObservableViewModel<CounterViewAction, String> {
    store
        .projection(
            action: { (viewAction: CounterViewAction) in viewAction == .tapped ? CounterAction.increment : nil },
            state: { "Tapped \($0.count) times" }
        )
        .asObservableViewModel()
}

@MainActor
func tapTwice(_ viewModel: ObservableViewModel<CounterViewAction, String>) {
    viewModel.dispatch(.tapped)
    viewModel.dispatch(.tapped, info: "double tap")
}

@MainActor
@Suite struct UsingCombineSnippets {
    @Test func theArticlesViewModelCountsTaps() {
        let store = Store(initialState: CounterState(), reducer: counterStateReducer, scheduling: .mainThread)
        let cancellable = observeCount(of: store)
        let viewModel = makeCounterViewModel(store: store)
        #expect(viewModel.state == "Tapped 0 times")
        tapTwice(viewModel)
        #expect(viewModel.state == "Tapped 2 times")
        cancellable.cancel()
    }
}
