import Switchyard

extension StoreType where StateType: Sendable {
    /// A view model of this store or projection that publishes the states `emitsValue` lets through.
    ///
    /// ```swift
    /// let viewModel = store
    ///     .projection(action: AppAction.list, state: ListViewState.init)
    ///     .asObservableViewModel(emitsValue: .when { $0.rows.count != $1.rows.count })
    /// ```
    @MainActor
    public func asObservableViewModel(
        emitsValue: ShouldEmitValue<StateType> = .always
    ) -> ObservableViewModel<ActionType, StateType> {
        ObservableViewModel(store: self, emitsValue: emitsValue)
    }

    /// A view model of this store or projection that publishes each state that differs from the one shown.
    ///
    /// ```swift
    /// let viewModel = store.projection(action: AppAction.counter, state: \.counter).asObservableViewModel()
    /// ```
    @MainActor
    public func asObservableViewModel(
        emitsValue: ShouldEmitValue<StateType> = .whenDifferent
    ) -> ObservableViewModel<ActionType, StateType> where StateType: Equatable {
        ObservableViewModel(store: self, emitsValue: emitsValue)
    }

    /// The SwiftRex spelling: the view model now starts from the store's current state, so `initialState` is
    /// ignored.
    @available(*, deprecated, message: "The view model starts from the store's current state: drop initialState")
    @MainActor
    public func asObservableViewModel(
        initialState: StateType,
        emitsValue: ShouldEmitValue<StateType>
    ) -> ObservableViewModel<ActionType, StateType> {
        asObservableViewModel(emitsValue: emitsValue)
    }

    /// The SwiftRex spelling for `Equatable` state: the view model now starts from the store's current state, so
    /// `initialState` is ignored.
    @available(*, deprecated, message: "The view model starts from the store's current state: drop initialState")
    @MainActor
    public func asObservableViewModel(
        initialState: StateType
    ) -> ObservableViewModel<ActionType, StateType> where StateType: Equatable {
        asObservableViewModel(emitsValue: .whenDifferent)
    }
}
