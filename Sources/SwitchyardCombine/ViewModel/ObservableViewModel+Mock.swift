import Dispatch
import Switchyard

// Available in every build configuration, not in debug builds only: a `#Preview` or `PreviewProvider` is compiled in
// release builds too, and a test target may be built with optimizations; code that used the mock only in debug builds
// compiles the same. It costs nothing to an app that does not call it.
extension ObservableViewModel where Action: Sendable {
    /// A view model with no store behind it, for tests and SwiftUI previews: it starts with `state`, and each action
    /// dispatched to it changes its state as `action` says, a store in one closure.
    ///
    /// ```swift
    /// let viewModel = ObservableViewModel<LoginView.Action, LoginView.State>.mock(
    ///     state: LoginView.State(user: "", canLogIn: false),
    ///     action: { action, _, state in
    ///         if case let .userChanged(user) = action {
    ///             state.user = user
    ///             state.canLogIn = !user.isEmpty
    ///         }
    ///     }
    /// )
    /// ```
    ///
    /// An action dispatched on the main thread is handled at once, and the view model shows the new state before
    /// `dispatch` returns; one dispatched on another thread is handled on the main queue, in order. Every state that
    /// `action` leaves is shown, even when it equals the previous one. `mock` can be called from any thread.
    ///
    /// - Parameters:
    ///   - state: the state the view model starts with.
    ///   - action: called on the main actor with each action dispatched, where it came from, and the state to change;
    ///     by default it changes nothing.
    /// - Returns: the view model.
    @preconcurrency
    public nonisolated static func mock(
        state: State,
        action: @escaping @MainActor (Action, ActionSource, inout State) -> Void = { _, _, _ in }
    ) -> ObservableViewModel<Action, State> {
        let store = MockStore(state: state, action: action)
        return onMainActor { ObservableViewModel(store: store, emitsValue: .always) }
    }
}

/// The store behind a mock view model: its state changes on the main actor by a closure, one action at a time.
private final class MockStore<Action: Sendable, State: Sendable>: StoreProtocol, ReplayingStateProvider, Sendable {
    typealias ActionType = Action
    typealias StateType = State

    private let states: ShownStates<State>
    private let reduce: @MainActor (Action, ActionSource, inout State) -> Void

    init(state: State, action: @escaping @MainActor (Action, ActionSource, inout State) -> Void) {
        states = ShownStates(state)
        reduce = action
    }

    var state: State { states.current }

    func dispatch(_ dispatchedAction: DispatchedAction<Action>) {
        if MainThread.isCurrent {
            MainActor.assumeIsolated { handle(dispatchedAction) }
        } else {
            DispatchQueue.main.async { MainActor.assumeIsolated { self.handle(dispatchedAction) } }
        }
    }

    func subscribe(_ observer: @escaping @Sendable (State) -> Void) -> StoreSubscription {
        states.subscribe(ended: nil, observer).subscription
    }

    func subscribeReplaying(
        storeDidEnd: @escaping @Sendable () -> Void,
        observer: @escaping @Sendable (State) -> Void
    ) -> (current: State, subscription: StoreSubscription) {
        states.subscribe(ended: storeDidEnd, observer)
    }

    @MainActor
    private func handle(_ dispatchedAction: DispatchedAction<Action>) {
        var state = states.current
        reduce(dispatchedAction.action, dispatchedAction.dispatcher, &state)
        states.commit(state)
    }

    deinit {
        states.end()
    }
}
