import Switchyard

/// A reducer-and-middleware pipeline on a subject, without the state-providing half of a store, as SwiftRex 0.8
/// names it: an ``ActionHandler`` whose states go to the subject.
///
/// ```swift
/// let subject = UnfailableReplayLastSubjectType(initialValue: AppState())
/// let pipeline = ReduxPipelineWrapper(state: { subject }, reducer: appReducer, middleware: AppMiddleware())
/// pipeline.dispatch(.start)
/// ```
///
/// It runs the pipeline of a ``ReduxStoreBase`` made with `ReduxStoreBase(subject:reducer:middleware:emitsValue:)`:
/// the same ordering, threading and provenance.
public final class ReduxPipelineWrapper<MiddlewareType: MiddlewareProtocol & Sendable>: ActionHandler, Sendable
where
    MiddlewareType.InputActionType == MiddlewareType.OutputActionType,
    MiddlewareType.InputActionType: Sendable, MiddlewareType.StateType: Sendable
{
    /// The pipeline's action type, the middleware's.
    public typealias ActionType = MiddlewareType.InputActionType
    /// The pipeline's state type, the middleware's.
    public typealias StateType = MiddlewareType.StateType

    /// The store that runs the pipeline.
    package let store: Store<ActionType, StateType>

    /// A pipeline on the subject that `state` gives, sending each state as `emitsValue` decides; `scheduling` says
    /// which thread processes the actions: by default the main thread, as in SwiftRex (an action dispatched on the
    /// main thread is processed before `dispatch` returns, one from another thread on the main queue);
    /// `.callerThread` processes on the dispatching thread, for programs that do not run the main queue.
    public convenience init(
        state: () -> UnfailableReplayLastSubjectType<StateType>,
        reducer: Reducer<ActionType, StateType>,
        middleware: MiddlewareType,
        emitsValue: ShouldEmitValue<StateType>,
        scheduling: SchedulingPolicy = .mainThread
    ) {
        self.init(
            subject: state(), reducer: reducer, middleware: middleware, emitsValue: emitsValue, scheduling: scheduling,
            diagnostics: .standardError)
    }

    /// A pipeline on `subject`, reporting misuse to `diagnostics`: the pipeline of a ``ReduxStoreBase``.
    package init(
        subject: UnfailableReplayLastSubjectType<StateType>,
        reducer: Reducer<ActionType, StateType>,
        middleware: MiddlewareType,
        emitsValue: ShouldEmitValue<StateType>,
        scheduling: SchedulingPolicy,
        diagnostics: StoreDiagnostics
    ) {
        store = Store(
            subject: subject, reducer: reducer, middleware: middleware, emitsValue: emitsValue, scheduling: scheduling,
            diagnostics: diagnostics)
    }

    /// A pipeline on the subject that `state` gives, sending each state that differs from the previous one.
    public convenience init(
        state: () -> UnfailableReplayLastSubjectType<StateType>,
        reducer: Reducer<ActionType, StateType>,
        middleware: MiddlewareType,
        scheduling: SchedulingPolicy = .mainThread
    ) where StateType: Equatable {
        self.init(
            state: state, reducer: reducer, middleware: middleware, emitsValue: .whenDifferent, scheduling: scheduling)
    }

    /// Accepts an action from any thread, as a store does.
    public func dispatch(_ dispatchedAction: DispatchedAction<ActionType>) {
        store.dispatch(dispatchedAction)
    }
}

/// A reducer's function returning the new state, as SwiftRex 0.8 names it; ``Reducer`` takes an `inout` one.
public typealias ReduceFunction<ActionType, StateType> = (ActionType, StateType) -> StateType

/// A reducer's function changing the state in place, as SwiftRex 0.8 names it: what ``Reducer/reduce`` holds.
public typealias MutableReduceFunction<ActionType, StateType> = (ActionType, inout StateType) -> Void
