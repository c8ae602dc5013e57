import Foundation
import SwitchyardCombineRex
import SwitchyardTestSupport
import Testing

/// SwiftRex code that uses a view model as a store, mocks one, and subclasses it, compiled in Swift 5 language mode
/// with `import SwitchyardCombineRex` alone.
@Suite struct ViewModelAsSwiftRexStoreTests {
    enum CountAction: Equatable {
        case increment
        case decrement
    }

    enum ViewAction {
        case plus
        case minus
    }

    struct ViewState: Equatable {
        var label: String
    }

    // As SwiftRex apps write it: a plain static function generic over the store, which a mock view model is.
    static func viewModel<S: StoreType>(from store: S) -> ObservableViewModel<ViewAction, ViewState>
    where S.ActionType == CountAction, S.StateType == Int {
        store.projection(
            action: { $0 == .plus ? CountAction.increment : .decrement },
            state: { ViewState(label: "\($0)") }
        ).asObservableViewModel()
    }

    @MainActor
    @Test func aMockViewModelIsTheStoreOfAnotherViewModel() {
        let store = ObservableViewModel<CountAction, Int>.mock(
            state: 42,
            action: { action, _, state in state += action == .increment ? 1 : -1 }
        )
        let viewModel = Self.viewModel(from: store)
        var labels: [String] = []
        let cancellable = viewModel.statePublisher.sink { labels.append($0.label) }
        store.dispatch(.increment)
        viewModel.dispatch(.plus)
        viewModel.dispatch(.minus)
        #expect(labels == ["42", "43", "44", "43"])
        #expect(store.state == 43)
        cancellable.cancel()
    }

    @MainActor
    @Test func aMockActionClosureCountsWhatItReceivesWithItsSource() {
        var received: [CountAction] = []
        var lines: [UInt] = []
        let store = ObservableViewModel<CountAction, Int>.mock(
            state: 0,
            action: { action, source, _ in
                received.append(action)
                lines.append(source.line)
            }
        )
        store.dispatch(.increment, from: .here(line: 7))
        store.dispatch(.decrement, from: .here(line: 8))
        #expect(received == [.increment, .decrement])
        #expect(lines == [7, 8])
        #expect(store.state == 0)
    }

    @MainActor
    @Test func aViewModelErasedToAnyStoreTypeAndReadFromAnotherThread() async {
        let store = Store<CountAction, Int>(
            initialState: 0,
            reducer: .reduce { action, state in state += action == .increment ? 1 : -1 },
            scheduling: .mainThread
        )
        let erased: AnyStoreType<CountAction, Int> = store.asObservableViewModel().eraseToAnyStoreType()
        erased.dispatch(.increment)
        erased.dispatch(.increment)
        let read = Collected<Int>()
        Thread { read.append(erased.state) }.start()
        #expect(await eventually { read.values == [2] })
    }

    final class LoggingViewModel: ObservableViewModel<ViewAction, ViewState> {
        let log = Collected<String>()

        override func dispatch(_ dispatchedAction: DispatchedAction<ViewAction>) {
            log.append("\(dispatchedAction.action)")
            super.dispatch(dispatchedAction)
        }
    }

    @MainActor
    @Test func aSubclassOverridesDispatchAsInSwiftRex() {
        let store = ObservableViewModel<CountAction, Int>.mock(
            state: 0,
            action: { action, _, state in state += action == .increment ? 1 : -1 }
        )
        let viewModel = LoggingViewModel(
            store: store.projection(
                action: { $0 == .plus ? CountAction.increment : .decrement },
                state: { ViewState(label: "\($0)") }
            )
        )
        viewModel.dispatch(.plus)
        viewModel.dispatch(.plus, from: .here())
        #expect(viewModel.log.values == ["plus", "plus"])
        #expect(viewModel.state.label == "2")
    }

    /// A subclass written for SwiftRex, which passes an initial state to `super.init`.
    final class CounterViewModel: ObservableViewModel<ViewAction, ViewState> {
        @available(*, deprecated)
        init(store: ObservableViewModel<CountAction, Int>) {
            super.init(
                initialState: ViewState(label: "ignored"),
                store: store.projection(
                    action: { $0 == .plus ? CountAction.increment : .decrement },
                    state: { ViewState(label: "\($0)") }
                ),
                emitsValue: .whenDifferent
            )
        }
    }

    @available(*, deprecated)
    @MainActor
    @Test func aSubclassKeepsSwiftRexsSuperInitWithAnInitialState() {
        let store = ObservableViewModel<CountAction, Int>.mock(
            state: 3,
            action: { action, _, state in state += action == .increment ? 1 : -1 }
        )
        let viewModel = CounterViewModel(store: store)
        let before = viewModel.state.label
        viewModel.dispatch(.minus)
        #expect(before == "3")
        #expect(viewModel.state.label == "2")
    }
}
