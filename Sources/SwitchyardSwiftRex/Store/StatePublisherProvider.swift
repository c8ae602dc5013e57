import Switchyard

/// A state provider whose states come from its `statePublisher`, as every SwiftRex 0.8 `StateProvider` did.
///
/// A type written for SwiftRex that provides only a `statePublisher` (a hand-written or generated mock, for
/// example) adds this protocol to its conformances, and gets the provider's `state` and `subscribe(_:)` from its
/// publisher:
///
/// ```swift
/// final class StateProviderMock<StateType>: StateProvider, StatePublisherProvider {
///     var statePublisher: UnfailablePublisherType<StateType> { underlyingStatePublisher }
///     var underlyingStatePublisher: UnfailablePublisherType<StateType>!
/// }
/// ```
///
/// `state` reads the value the publisher gives while subscribing, as a replay-last subject does; `subscribe(_:)`
/// passes on the values after it.
public protocol StatePublisherProvider<StateType>: StateProvider {
    /// The states of this provider: the current one to each new subscriber, then the next ones.
    var statePublisher: UnfailablePublisherType<StateType> { get }
}

extension StatePublisherProvider {
    /// The value `statePublisher` gives while subscribing.
    public var state: StateType { statePublisher.currentValue() }

    /// Calls `observer` with each value `statePublisher` gives after the ones it gives while subscribing.
    @preconcurrency
    public func subscribe(_ observer: @escaping @Sendable (StateType) -> Void) -> StoreSubscription {
        statePublisher.subscribeAfterCurrent(observer)
    }
}
