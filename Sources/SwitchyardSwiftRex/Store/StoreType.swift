import Switchyard

/// Something that provides states through its `statePublisher`, as SwiftRex 0.8 declared it.
///
/// A type written for SwiftRex conforms as it did, giving only its `statePublisher` (a hand-written or generated
/// mock, for example): it gets `state` and `subscribe(_:)` from its publisher. A type that gives `state` and
/// `subscribe(_:)` gets `statePublisher` from them instead. Switchyard's ``Store`` and ``StoreProjection`` are
/// state providers.
///
/// ```swift
/// final class StateProviderMock<StateType>: StateProvider {
///     var statePublisher: UnfailablePublisherType<StateType> { underlyingStatePublisher }
///     var underlyingStatePublisher: UnfailablePublisherType<StateType>!
/// }
/// ```
public protocol StateProvider<StateType>: Sendable {
    /// The state type.
    associatedtype StateType

    /// The states of this provider: the current one to each new subscriber, then the next ones.
    var statePublisher: UnfailablePublisherType<StateType> { get }

    /// The current state.
    var state: StateType { get }

    /// Calls `observer` with each state after this call.
    func subscribe(_ observer: @escaping @Sendable (StateType) -> Void) -> StoreSubscription
}

/// A store as SwiftRex 0.8 declared it: it accepts actions and provides states through its `statePublisher`.
///
/// A type written for SwiftRex conforms as it did, giving its `statePublisher` and `dispatch(_:)` (a generated
/// mock, for example). Every Switchyard ``StoreProtocol`` type of this package is one: ``Store``,
/// ``StoreProjection``, ``AnyStoreType``, ``ReduxStoreBase``.
public protocol StoreType<ActionType, StateType>: StoreProtocol, StateProvider
where Action == ActionType, State == StateType {
    /// The action type, under SwiftRex's name: the core's `Action`.
    associatedtype ActionType
    /// The state type, under SwiftRex's name: the core's `State`.
    associatedtype StateType
    /// The core's name of ``ActionType``, which a type written for SwiftRex does not declare.
    associatedtype Action = ActionType
    /// The core's name of ``StateType``, which a type written for SwiftRex does not declare.
    associatedtype State = StateType
}

extension StateProvider {
    /// The value `statePublisher` gives while subscribing, as a replay-last subject does.
    public var state: StateType { statePublisher.currentValue() }

    /// Calls `observer` with each value `statePublisher` gives after the ones it gives while subscribing.
    @preconcurrency
    public func subscribe(_ observer: @escaping @Sendable (StateType) -> Void) -> StoreSubscription {
        statePublisher.subscribeAfterCurrent(observer)
    }
}

extension Store: StoreType {}

extension StoreProjection: StoreType {}
