import Switchyard

/// A store whose actions go through its `pipeline` and whose states come from its `statePublisher`, as SwiftRex 0.8
/// declared it: for each action, the middlewares, the reducer, the observers, then the IOs.
///
/// A type written for SwiftRex that provides only `pipeline` and `statePublisher` (a generated mock, for example)
/// conforms as it did, and gets `dispatch(_:)` from its pipeline and `state` and `subscribe(_:)` from its publisher:
///
/// ```swift
/// final class ReduxStoreProtocolMock<ActionType, StateType>: ReduxStoreProtocol {
///     typealias MiddlewareType = AnyMiddleware<ActionType, ActionType, StateType>
///     var pipeline: ReduxPipelineWrapper<MiddlewareType> { underlyingPipeline }
///     var underlyingPipeline: ReduxPipelineWrapper<MiddlewareType>!
///     var statePublisher: UnfailablePublisherType<StateType> { underlyingStatePublisher }
///     var underlyingStatePublisher: UnfailablePublisherType<StateType>!
/// }
/// ```
public protocol ReduxStoreProtocol<ActionType, StateType>: AnyObject, StoreType {
    /// The middleware of the pipeline.
    associatedtype MiddlewareType: MiddlewareProtocol & Sendable
    where
        MiddlewareType.InputActionType == ActionType, MiddlewareType.OutputActionType == ActionType,
        MiddlewareType.StateType == StateType, ActionType: Sendable, StateType: Sendable

    /// Where this store's actions go: the middleware, the reducer, then the middleware's IO.
    var pipeline: ReduxPipelineWrapper<MiddlewareType> { get }
}

extension ReduxStoreProtocol {
    /// Sends `dispatchedAction` through ``pipeline``.
    public func dispatch(_ dispatchedAction: DispatchedAction<ActionType>) {
        pipeline.dispatch(dispatchedAction)
    }
}

/// SwiftRex 0.8's store base class: an app store type made by subclassing, on a subject that holds its state.
///
/// ```swift
/// final class AppStore: ReduxStoreBase<AppAction, AppState>, @unchecked Sendable {
///     init() {
///         super.init(subject: .combine(initialValue: AppState()), reducer: appReducer, middleware: appMiddleware)
///     }
/// }
/// ```
///
/// It runs a Switchyard ``Store`` (``store``), with the same pipeline, ordering and threading; pass `store` to what
/// takes a `Store` (the inspector, persistence, tracing, metrics). It starts from the subject's value and sends the
/// subject each state that `emitsValue` lets through, on the processing thread, as the reducer finishes; its
/// `statePublisher` is the subject's publisher. The store keeps its own copy of the state: a value sent to the
/// subject by anything else does not change the store's state.
///
/// As SwiftRex's store did, it processes on the main thread by default (an action dispatched there before `dispatch`
/// returns, one from another thread on the main queue), and an action that a middleware sends through the `output`
/// of its `receiveContext` runs on a later turn of the main queue, after the actions already dispatched there. A
/// program that does not run the main queue (a command-line tool, a server) passes `scheduling: .callerThread`,
/// which processes on the dispatching thread in the store's first-in, first-out order.
///
/// Open for SwiftRex's subclasses, which Swift 6 asks to restate `@unchecked Sendable`; code written for Switchyard
/// uses ``Store``, which is final.
open class ReduxStoreBase<ActionType: Sendable, StateType: Sendable>: ReduxStoreProtocol, @unchecked Sendable {
    /// Where this store's actions go: the middleware, the reducer, then the middleware's IO.
    public let pipeline: ReduxPipelineWrapper<AnyMiddleware<ActionType, ActionType, StateType>>

    /// The store that runs this store's pipeline and holds its state.
    public var store: Store<ActionType, StateType> { pipeline.store }

    /// Creates a store on `subject`.
    ///
    /// - Parameters:
    ///   - subject: where the state starts and where each state goes.
    ///   - reducer: changes the state for each action.
    ///   - middleware: sees every action before the reducer; compose several with `<>`.
    ///   - emitsValue: whether the subject and the observers receive the state after an action; `.always` by
    ///     default. The reducer's result is always kept.
    ///   - scheduling: where the pipeline runs (``SchedulingPolicy/mainThread`` by default).
    ///   - diagnostics: where misuse is reported (standard error by default).
    @preconcurrency
    public init<M: MiddlewareProtocol & Sendable>(
        subject: UnfailableReplayLastSubjectType<StateType>,
        reducer: Reducer<ActionType, StateType>,
        middleware: M,
        emitsValue: ShouldEmitValue<StateType> = .always,
        scheduling: SchedulingPolicy = .mainThread,
        diagnostics: StoreDiagnostics = .standardError
    ) where M.InputActionType == ActionType, M.OutputActionType == ActionType, M.StateType == StateType {
        pipeline = ReduxPipelineWrapper(
            subject: subject, reducer: reducer, middleware: middleware.eraseToAnyMiddleware(), emitsValue: emitsValue,
            scheduling: scheduling, diagnostics: diagnostics)
    }

    /// The last committed state, from any thread.
    public final var state: StateType { store.state }

    /// Accepts an action from any thread, as a ``Store`` does.
    public final func dispatch(_ dispatchedAction: DispatchedAction<ActionType>) {
        store.dispatch(dispatchedAction)
    }

    /// Registers `observer` for each state the store commits after this call, as a ``Store`` does.
    @preconcurrency
    public final func subscribe(_ observer: @escaping @Sendable (StateType) -> Void) -> StoreSubscription {
        store.subscribe(observer)
    }
}

extension ReduxStoreBase: ForwardingStateProvider, ReplayingStateProvider, DiagnosticsReporting, EffectScopeProvider {
    /// The subject's publisher, which ``statePublisher`` forwards.
    package var forwardedStates: ForwardedStates<StateType>? { store.forwardedStates }

    /// The store's states after the current one, with the store's end.
    package func subscribeReplaying(
        storeDidEnd: @escaping @Sendable () -> Void,
        observer: @escaping @Sendable (StateType) -> Void
    ) -> (current: StateType, subscription: StoreSubscription) {
        store.subscribeReplaying(storeDidEnd: storeDidEnd, observer: observer)
    }

    /// Reports through the store's diagnostics.
    package func report(_ diagnostic: StoreDiagnostic) { store.report(diagnostic) }

    /// The store's effects.
    package var effectScope: EffectScope? { store.effectScope }
}
