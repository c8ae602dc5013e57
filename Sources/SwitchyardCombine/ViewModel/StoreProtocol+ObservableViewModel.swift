import Dispatch
import Switchyard

extension StoreProtocol where State: Sendable {
    // Not isolated, so that SwiftRex code that makes its view models in a plain `static func viewModel(from:)`
    // compiles: the view model is made on the main actor, at once on the main thread (where views make them), and
    // by waiting for the main thread elsewhere.

    /// A view model of this store or projection that publishes the states `emitsValue` lets through.
    ///
    /// ```swift
    /// let viewModel = store
    ///     .projection(action: AppAction.list, state: ListViewState.init)
    ///     .asObservableViewModel(emitsValue: .when { $0.rows.count != $1.rows.count })
    /// ```
    public func asObservableViewModel(
        emitsValue: ShouldEmitValue<State> = .always
    ) -> ObservableViewModel<Action, State> {
        onMainActor { ObservableViewModel(store: self, emitsValue: emitsValue) }
    }

    /// A view model of this store or projection that publishes each state that differs from the one shown.
    ///
    /// ```swift
    /// let viewModel = store.projection(action: AppAction.counter, state: \.counter).asObservableViewModel()
    /// ```
    public func asObservableViewModel(
        emitsValue: ShouldEmitValue<State> = .whenDifferent
    ) -> ObservableViewModel<Action, State> where State: Equatable {
        onMainActor { ObservableViewModel(store: self, emitsValue: emitsValue) }
    }

    /// The SwiftRex spelling: the view model now starts from the store's current state, so `initialState` is
    /// ignored.
    @available(*, deprecated, message: "The view model starts from the store's current state: drop initialState")
    public func asObservableViewModel(
        initialState: State,
        emitsValue: ShouldEmitValue<State>
    ) -> ObservableViewModel<Action, State> {
        asObservableViewModel(emitsValue: emitsValue)
    }

    /// The SwiftRex spelling for `Equatable` state: the view model now starts from the store's current state, so
    /// `initialState` is ignored.
    @available(*, deprecated, message: "The view model starts from the store's current state: drop initialState")
    public func asObservableViewModel(
        initialState: State
    ) -> ObservableViewModel<Action, State> where State: Equatable {
        asObservableViewModel(emitsValue: .whenDifferent)
    }
}

/// Runs `body` on the main actor and returns what it makes: at once on the main thread, and elsewhere by waiting for
/// the main thread (which must not be waiting for the caller).
func onMainActor<Value: Sendable>(_ body: @MainActor () -> Value) -> Value {
    if MainThread.isCurrent { return MainActor.assumeIsolated(body) }
    return DispatchQueue.main.sync { MainActor.assumeIsolated(body) }
}
