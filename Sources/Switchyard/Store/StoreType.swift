/// Something that holds a state, tells its current value and notifies observers when it changes.
public protocol StateProvider<StateType>: Sendable {
    /// The state type.
    associatedtype StateType

    /// The last committed state; readable from any thread.
    var state: StateType { get }

    /// Calls `observer` with each state committed after this call, as the store's emission policy decides.
    /// Delivery stops when the returned subscription is cancelled or released.
    func subscribe(_ observer: @escaping @Sendable (StateType) -> Void) -> StoreSubscription
}

/// A store: it accepts actions (``ActionHandler``) and provides state (``StateProvider``).
///
/// Views, projections and tests depend on `StoreType` rather than on a concrete store.
public protocol StoreType<ActionType, StateType>: ActionHandler, StateProvider {
    /// The action type.
    associatedtype ActionType
    /// The state type.
    associatedtype StateType
}
