import Dispatch

/// The store: it runs the pipeline for every action and holds the state.
///
/// Use ``Store`` directly, or subclass `ReduxStoreBase` to build an app store as in SwiftRex 0.8:
///
/// ```swift
/// final class AppStore: ReduxStoreBase<AppAction, AppState>, @unchecked Sendable {
///     init(world: World) {
///         super.init(
///             initialState: AppState(),
///             reducer: appReducer,
///             middleware: appMiddleware.inject(world)
///         )
///     }
/// }
/// ```
///
/// For each action, one at a time and to completion: every middleware's `handle` (state before the reducer), the
/// reducer in place, the observers (as ``emitsValue`` decides), then the IOs in reverse composition order (state
/// after the reducer). Actions dispatched meanwhile, from any thread, wait in a FIFO queue; processing never
/// recurses. No store lock is held while your code runs, and what the store lets go of (a cancelled observer, a
/// removed middleware, a processed action) is released with no lock held. See <doc:ThreadingAndOrdering> for the
/// fairness and memory bounds.
open class ReduxStoreBase<ActionType: Sendable, StateType: Sendable>: ReduxStoreProtocol, @unchecked Sendable {
    /// How this store decides whether to notify observers; the reducer's result is always kept.
    public let emitsValue: ShouldEmitValue<StateType>
    /// Where this store runs its pipeline.
    public let scheduling: SchedulingPolicy
    /// Where this store reports misuse.
    public let diagnostics: StoreDiagnostics
    /// Middlewares added and removed while the store runs; empty at first.
    public let runtimeMiddlewares: RuntimeMiddlewareRegistry<ActionType, StateType>
    /// The asynchronous effects started by this store's middlewares; closed (all cancelled) when the store is freed.
    @usableFromInline package let effects: EffectScope
    /// The engine: queue, state, observers, runtime middlewares and scheduling.
    @usableFromInline let core: StoreCore<ActionType, StateType>
    /// The states of the other library's subject this store was made on, if it forwards them.
    @usableFromInline package let subjectStates: ForwardedStates<StateType>?

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - initialState: the state before any action.
    ///   - reducer: changes the state for each action.
    ///   - middleware: sees every action before the reducer; compose several with `<>`.
    ///   - emitsValue: whether observers are notified after an action; `nil` (the default) means
    ///     ``ShouldEmitValue/whenDifferent`` for `Equatable` state and ``ShouldEmitValue/always`` otherwise.
    ///   - scheduling: where the pipeline runs (``SchedulingPolicy/callerThread`` by default).
    ///   - diagnostics: where misuse is reported (standard error by default).
    @inlinable
    public init<M: MiddlewareProtocol & Sendable>(
        initialState: StateType,
        reducer: Reducer<ActionType, StateType>,
        middleware: M,
        emitsValue: ShouldEmitValue<StateType>? = nil,
        scheduling: SchedulingPolicy = .callerThread,
        diagnostics: StoreDiagnostics = .standardError
    ) where M.InputActionType == ActionType, M.OutputActionType == ActionType, M.StateType == StateType {
        let parts = Parts(
            initialState: initialState,
            reducer: reducer,
            middleware: middleware,
            emitsValue: emitsValue ?? ShouldEmitValue.defaultPolicy(),
            scheduling: scheduling,
            diagnostics: diagnostics
        )
        self.core = parts.core
        self.emitsValue = parts.emitsValue
        self.scheduling = scheduling
        self.diagnostics = diagnostics
        self.effects = parts.effects
        self.runtimeMiddlewares = RuntimeMiddlewareRegistry(core: parts.core)
        self.subjectStates = nil
        parts.start()
    }

    /// Creates a store whose state is `Equatable`: as the other initializer, with ``ShouldEmitValue/whenDifferent``
    /// as the default of `emitsValue`, compared with the state's own `==` (the other initializer finds `==` at run
    /// time, which costs a call through the conformance per action).
    @inlinable
    public init<M: MiddlewareProtocol & Sendable>(
        initialState: StateType,
        reducer: Reducer<ActionType, StateType>,
        middleware: M,
        emitsValue: ShouldEmitValue<StateType>? = nil,
        scheduling: SchedulingPolicy = .callerThread,
        diagnostics: StoreDiagnostics = .standardError
    )
    where
        M.InputActionType == ActionType, M.OutputActionType == ActionType, M.StateType == StateType,
        StateType: Equatable
    {
        let parts = Parts(
            initialState: initialState,
            reducer: reducer,
            middleware: middleware,
            emitsValue: emitsValue ?? .whenDifferent,
            scheduling: scheduling,
            diagnostics: diagnostics
        )
        self.core = parts.core
        self.emitsValue = parts.emitsValue
        self.scheduling = scheduling
        self.diagnostics = diagnostics
        self.effects = parts.effects
        self.runtimeMiddlewares = RuntimeMiddlewareRegistry(core: parts.core)
        self.subjectStates = nil
        parts.start()
    }

    /// Creates a store whose state lives in `subject`, as SwiftRex 0.8 makes one (with `SwitchyardSwiftRex`, whose
    /// `ReplayLastSubjectType` is such a subject); a subclass calls it from its `super.init`.
    ///
    /// ```swift
    /// final class AppStore: ReduxStoreBase<AppAction, AppState>, @unchecked Sendable {
    ///     init() {
    ///         super.init(subject: .combine(initialValue: AppState()), reducer: appReducer, middleware: appMiddleware)
    ///     }
    /// }
    /// ```
    ///
    /// The store starts from the subject's value and sends it each state that `emitsValue` lets through, on the
    /// processing thread, as the reducer finishes; its `statePublisher` is the subject's publisher. The store keeps
    /// its own copy of the state: a value sent to the subject by anything else does not change the store's state.
    ///
    /// As SwiftRex's store did, and unlike the other initializers, it processes on the main thread by default (an
    /// action dispatched there before `dispatch` returns, one from another thread on the main queue), and an action
    /// that a middleware sends through the `output` of its `receiveContext` runs on a later turn of the main queue,
    /// after the actions already dispatched there. A program that does not run the main queue (a command-line tool,
    /// a server) passes `scheduling: .callerThread`, which processes on the dispatching thread in the store's
    /// first-in, first-out order.
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
    public init<Subject: StoreStateSubject, M: MiddlewareProtocol & Sendable>(
        subject: Subject,
        reducer: Reducer<ActionType, StateType>,
        middleware: M,
        emitsValue: ShouldEmitValue<StateType> = .always,
        scheduling: SchedulingPolicy = .mainThread,
        diagnostics: StoreDiagnostics = .standardError
    )
    where
        Subject.State == StateType, M.InputActionType == ActionType, M.OutputActionType == ActionType,
        M.StateType == StateType
    {
        let parts = Self.parts(
            subject: subject, reducer: reducer, middleware: middleware, emitsValue: emitsValue,
            scheduling: scheduling, diagnostics: diagnostics)
        self.core = parts.core
        self.emitsValue = parts.emitsValue
        self.scheduling = scheduling
        self.diagnostics = diagnostics
        self.effects = parts.effects
        self.runtimeMiddlewares = RuntimeMiddlewareRegistry(core: parts.core)
        self.subjectStates = (subject as? any ForwardingStateSubject<StateType>)?.forwardedStates
        parts.start()
    }

    /// Creates a store without middleware.
    public convenience init(
        initialState: StateType,
        reducer: Reducer<ActionType, StateType>,
        emitsValue: ShouldEmitValue<StateType>? = nil,
        scheduling: SchedulingPolicy = .callerThread,
        diagnostics: StoreDiagnostics = .standardError
    ) {
        self.init(
            initialState: initialState,
            reducer: reducer,
            middleware: IdentityMiddleware<ActionType, ActionType, StateType>(),
            emitsValue: emitsValue,
            scheduling: scheduling,
            diagnostics: diagnostics
        )
    }

    /// Creates a store without middleware, whose state is `Equatable` (see the initializer with a middleware).
    public convenience init(
        initialState: StateType,
        reducer: Reducer<ActionType, StateType>,
        emitsValue: ShouldEmitValue<StateType>? = nil,
        scheduling: SchedulingPolicy = .callerThread,
        diagnostics: StoreDiagnostics = .standardError
    ) where StateType: Equatable {
        self.init(
            initialState: initialState,
            reducer: reducer,
            middleware: IdentityMiddleware<ActionType, ActionType, StateType>(),
            emitsValue: emitsValue,
            scheduling: scheduling,
            diagnostics: diagnostics
        )
    }

    deinit {
        core.close()
        effects.close()
    }

    /// The last committed state, from any thread.
    ///
    /// While the reducer runs, a read from another thread waits for it to commit. Read from inside the reducer
    /// (which receives the state as its `inout` argument instead), it returns the state as the reducer has changed
    /// it so far, and the read is reported through ``diagnostics``.
    public final var state: StateType { core.cell.read() }

    /// Accepts an action from any thread; see the type's documentation for when it is processed.
    @inlinable
    public final func dispatch(_ dispatchedAction: DispatchedAction<ActionType>) {
        core.dispatch(dispatchedAction)
    }

    /// Dispatches `action`, recording the caller's file, function and line as its ``ActionSource``; see the type's
    /// documentation for when it is processed.
    ///
    /// - Parameters:
    ///   - action: the action to dispatch.
    ///   - file: the caller's file; leave the default.
    ///   - function: the caller's function; leave the default.
    ///   - line: the caller's line; leave the default.
    ///   - info: optional extra information for debugging and logs.
    @inlinable
    public final func dispatch(
        _ action: ActionType,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line,
        info: String? = nil
    ) {
        // The action is made here, so a store with a probe that keeps actions (a journal) can be given it: the probe keeps it without copying
        // it. Any other store borrows it, and it is released here, taken apart (see `DispatchedAction.parts()`).
        if core.hasKeepers {
            core.dispatch(
                owned: DispatchedAction(
                    action, dispatcher: ActionSource(file: file, function: function, line: line, info: info)))
        } else {
            let dispatched = DispatchedAction(
                action, dispatcher: ActionSource(file: file, function: function, line: line, info: info))
            core.dispatch(dispatched)
            _ = dispatched.parts()
        }
    }

    /// Dispatches `action` with an explicit source, for example to forward an action keeping its original source.
    @inlinable
    public final func dispatch(_ action: ActionType, from dispatcher: ActionSource) {
        // As in `dispatch(_:file:function:line:info:)`, written out rather than shared: a helper that takes the
        // action `consuming`, even inlined, releases it as a whole (about 50 instructions more per dispatch in w1).
        if core.hasKeepers {
            core.dispatch(owned: DispatchedAction(action, dispatcher: dispatcher))
        } else {
            let dispatched = DispatchedAction(action, dispatcher: dispatcher)
            core.dispatch(dispatched)
            _ = dispatched.parts()
        }
    }
}
