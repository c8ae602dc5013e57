import Switchyard

/// A type-erased ``StoreType``: something to dispatch actions to, and a state to read and observe.
///
/// Hand a view or a module an `AnyStoreType` of its own types, built from the app's store:
///
/// ```swift
/// let counterStore: AnyStoreType<CounterAction, Int> = appStore
///     .contramapAction { AppAction.counter($0) }
///     .mapState(\.count)
/// ```
public struct AnyStoreType<Action, State>: StoreType, ForwardingStateProvider {
    private let actionHandler: AnyActionHandler<Action>
    private let stateProvider: AnyStateProvider<State>

    /// Erases `store`.
    public init<S: StoreType>(_ store: S) where S.ActionType == Action, S.StateType == State {
        if let erased = store as? AnyStoreType {
            self = erased
            return
        }
        self.init(action: AnyActionHandler(store), state: AnyStateProvider(store))
    }

    /// Creates a store from where its actions go and where its state comes from.
    public init(action: AnyActionHandler<Action>, state: AnyStateProvider<State>) {
        self.actionHandler = action
        self.stateProvider = state
    }

    /// The current state.
    public var state: State { stateProvider.state }

    /// The states of the other library's publisher this store's state comes from, if it does.
    package var forwardedStates: ForwardedStates<State>? { stateProvider.forwardedStates }

    /// Dispatches the action to the erased store.
    public func dispatch(_ dispatchedAction: DispatchedAction<Action>) {
        actionHandler.dispatch(dispatchedAction)
    }

    /// Calls `observer` with each state the erased store emits after this call.
    @preconcurrency
    public func subscribe(_ observer: @escaping @Sendable (State) -> Void) -> StoreSubscription {
        stateProvider.subscribe(observer)
    }
}

extension StoreType {
    /// This store, type-erased.
    public func eraseToAnyStoreType() -> AnyStoreType<ActionType, StateType> {
        AnyStoreType(self)
    }

    /// A store of other actions, which `transform` turns into this store's before dispatching them (their source is
    /// kept); the state is this store's.
    @preconcurrency
    public func contramapAction<NewActionType>(
        _ transform: @escaping @Sendable (NewActionType) -> ActionType
    ) -> AnyStoreType<NewActionType, StateType> {
        AnyStoreType(
            action: AnyActionHandler(self).contramap(transform),
            state: AnyStateProvider(self)
        )
    }

    /// A store whose state is `transform` applied to this store's; actions go to this store.
    @preconcurrency
    public func mapState<NewStateType>(
        _ transform: @escaping @Sendable (StateType) -> NewStateType
    ) -> AnyStoreType<ActionType, NewStateType> {
        AnyStoreType(action: AnyActionHandler(self), state: AnyStateProvider(self).map(transform))
    }
}
