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

/// A store whose actions go through its `pipeline` and whose states come from its `statePublisher`, as SwiftRex
/// 0.8's `ReduxStoreProtocol` had it.
///
/// A type written for SwiftRex that provides only `pipeline` and `statePublisher` (a generated mock, for example)
/// adds this protocol to its conformances, and gets `dispatch(_:)` from its pipeline:
///
/// ```swift
/// final class ReduxStoreProtocolMock<ActionType, StateType>: ReduxStoreProtocol, PipelineStoreProtocol {
///     typealias MiddlewareType = AnyMiddleware<ActionType, ActionType, StateType>
///     var pipeline: ReduxPipelineWrapper<MiddlewareType> { underlyingPipeline }
///     var underlyingPipeline: ReduxPipelineWrapper<MiddlewareType>!
///     var statePublisher: UnfailablePublisherType<StateType> { underlyingStatePublisher }
///     var underlyingStatePublisher: UnfailablePublisherType<StateType>!
/// }
/// ```
public protocol PipelineStoreProtocol<ActionType, StateType>: ReduxStoreProtocol, StatePublisherProvider {
    /// The middleware of the pipeline.
    associatedtype MiddlewareType: MiddlewareProtocol & Sendable
    where
        MiddlewareType.InputActionType == ActionType, MiddlewareType.OutputActionType == ActionType,
        MiddlewareType.StateType == StateType, ActionType: Sendable, StateType: Sendable

    /// Where this store's actions go: the middleware, the reducer, then the middleware's IO.
    var pipeline: ReduxPipelineWrapper<MiddlewareType> { get }
}

extension PipelineStoreProtocol {
    /// Sends `dispatchedAction` through ``pipeline``.
    public func dispatch(_ dispatchedAction: DispatchedAction<ActionType>) {
        pipeline.dispatch(dispatchedAction)
    }
}
