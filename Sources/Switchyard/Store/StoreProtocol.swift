/// A store: it accepts actions (``ActionHandler``), holds a state, tells its current value and notifies observers
/// when it changes.
///
/// ``Store`` and ``StoreProjection`` are stores; code that works with either, such as a view that takes the part of
/// the app it shows, depends on `StoreProtocol`:
///
/// ```swift
/// func incrementTwice(_ store: some StoreProtocol<CounterAction, Int>) -> Int {
///     store.dispatch(.increment)
///     store.dispatch(.increment)
///     return store.state
/// }
/// ```
public protocol StoreProtocol<Action, State>: ActionHandler {
    /// The action type.
    associatedtype Action
    /// The state type.
    associatedtype State

    /// The last committed state; readable from any thread.
    var state: State { get }

    /// Calls `observer` with each state committed after this call, as the store's emission policy decides.
    /// Delivery stops when the returned subscription is cancelled or released.
    func subscribe(_ observer: @escaping @Sendable (State) -> Void) -> StoreSubscription
}

/// Something that holds a state and notifies observers: what the package's view and compatibility products read, a
/// store or anything else that provides states.
package protocol StateReading<State>: Sendable {
    /// The state type.
    associatedtype State

    /// The current state.
    var state: State { get }

    /// Calls `observer` with each state after this call.
    func subscribe(_ observer: @escaping @Sendable (State) -> Void) -> StoreSubscription
}
