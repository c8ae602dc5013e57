import Foundation
import SwitchyardCombineRex
import SwitchyardTestSupport
import Testing

/// SwiftRex code makes its view models in a plain, nonisolated `static func`: that compiles and works, on the main
/// thread and off it.
@Suite struct ViewModelFromSwiftRexCodeTests {
    enum CounterViewModel {
        enum ViewAction: Equatable { case tap }
        struct ViewState: Equatable { var title: String }

        // As SwiftRex's ShakeCounterExample writes it, not isolated to the main actor (deprecated here for the
        // `initialState:` it passes, which the view model no longer needs).
        @available(*, deprecated)
        static func viewModel<S: StoreType>(from store: S) -> ObservableViewModel<ViewAction, ViewState>
        where S.ActionType == Int, S.StateType == Int {
            store.projection(
                action: { _ in 1 },
                state: { ViewState(title: "\($0) taps") }
            ).asObservableViewModel(initialState: ViewState(title: ""))
        }
    }

    static func makeStore() -> Store<Int, Int> {
        Store(initialState: 0, reducer: .reduce { action, state in state += action })
    }

    @available(*, deprecated)
    @MainActor
    @Test func aViewModelMadeOnTheMainThreadShowsTheStoresStateAndDispatches() {
        let store = Self.makeStore()
        let viewModel = CounterViewModel.viewModel(from: store)
        #expect(viewModel.state.title == "0 taps")
        viewModel.dispatch(.tap)
        #expect(store.state == 1)
        #expect(viewModel.state.title == "1 taps")
    }

    @available(*, deprecated)
    @Test func aViewModelMadeOnAnotherThreadIsMadeOnTheMainActorAndFollowsTheStore() async {
        let store = Self.makeStore()
        let made = Collected<ObservableViewModel<CounterViewModel.ViewAction, CounterViewModel.ViewState>>()
        Thread { made.append(CounterViewModel.viewModel(from: store)) }.start()
        #expect(await eventually { !made.values.isEmpty })
        guard let viewModel = made.values.first else { return }
        store.dispatch(1)
        let title = await waitForTitle("1 taps", of: viewModel)
        #expect(title == "1 taps")
    }

    @MainActor
    func waitForTitle(
        _ expected: String,
        of viewModel: ObservableViewModel<CounterViewModel.ViewAction, CounterViewModel.ViewState>
    ) async -> String {
        let deadline = Date().addingTimeInterval(60)
        while viewModel.state.title != expected && Date() < deadline {
            try? await Task.sleep(nanoseconds: 2_000_000)
        }
        return viewModel.state.title
    }
}
