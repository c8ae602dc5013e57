import Dispatch

/// The store: it holds the state and runs the pipeline for every action.
///
/// ```swift
/// let store = Store(initialState: AppState(), reducer: appReducer, middleware: appMiddleware)
/// store.dispatch(.refresh)                      // from any thread
/// let subscription = store.subscribe { state in render(state) }
/// ```
///
/// For each action, one at a time and to completion: every middleware's `handle` (state before the reducer), the
/// reducer in place, the observers (as the `emitsValue` policy given to the initializer decides), then the IOs in
/// reverse composition order (state after the reducer). Actions dispatched meanwhile, from any thread, wait in a
/// FIFO queue; processing never recurses. No store lock is held while your code runs, and what the store lets go
/// of (a cancelled observer, a removed middleware, a processed action) is released with no lock held. See
/// <doc:ThreadingAndOrdering> for the fairness and memory bounds.
///
/// The class is final: an app that wants a store type of its own makes it in a function, or wraps a store in a type
/// of its own, rather than subclassing. (SwiftRex's subclassable `ReduxStoreBase` is in `SwitchyardSwiftRex`.)
public final class Store<Action: Sendable, State: Sendable>: StoreProtocol, @unchecked Sendable {
    /// How this store decides whether to notify observers; the reducer's result is always kept.
    @usableFromInline package let emitsValue: ShouldEmitValue<State>
    /// Where this store runs its pipeline.
    @usableFromInline package let scheduling: SchedulingPolicy
    /// Where this store reports misuse.
    @usableFromInline package let diagnostics: StoreDiagnostics
    /// Middlewares added and removed while the store runs; empty at first.
    public let runtimeMiddlewares: RuntimeMiddlewareRegistry<Action, State>
    /// The asynchronous effects started by this store's middlewares; closed (all cancelled) when the store is freed.
    @usableFromInline package let effects: EffectScope
    /// The engine: queue, state, observers, runtime middlewares and scheduling.
    @usableFromInline let core: StoreCore<Action, State>
    /// The states of the other library's subject this store was made on, if it forwards them.
    @usableFromInline package let subjectStates: ForwardedStates<State>?

    /// The store the initializers below make from their parts: each differs only in how it builds them.
    @inlinable
    init(
        parts: Parts, scheduling: SchedulingPolicy, diagnostics: StoreDiagnostics,
        subjectStates: ForwardedStates<State>?
    ) {
        self.core = parts.core
        self.emitsValue = parts.emitsValue
        self.scheduling = scheduling
        self.diagnostics = diagnostics
        self.effects = parts.effects
        self.runtimeMiddlewares = RuntimeMiddlewareRegistry(core: parts.core)
        self.subjectStates = subjectStates
        parts.start()
    }

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
    public convenience init<M: MiddlewareProtocol & Sendable>(
        initialState: State,
        reducer: Reducer<Action, State>,
        middleware: M,
        emitsValue: ShouldEmitValue<State>? = nil,
        scheduling: SchedulingPolicy = .callerThread,
        diagnostics: StoreDiagnostics = .standardError
    ) where M.InputActionType == Action, M.OutputActionType == Action, M.StateType == State {
        let parts = Parts(
            initialState: initialState,
            reducer: reducer,
            middleware: middleware,
            emitsValue: emitsValue ?? ShouldEmitValue.defaultPolicy(),
            scheduling: scheduling,
            diagnostics: diagnostics
        )
        self.init(parts: parts, scheduling: scheduling, diagnostics: diagnostics, subjectStates: nil)
    }

    /// Creates a store whose state is `Equatable`: as the other initializer, with ``ShouldEmitValue/whenDifferent``
    /// as the default of `emitsValue`, compared with the state's own `==` (the other initializer finds `==` at run
    /// time, which costs a call through the conformance per action).
    @inlinable
    public convenience init<M: MiddlewareProtocol & Sendable>(
        initialState: State,
        reducer: Reducer<Action, State>,
        middleware: M,
        emitsValue: ShouldEmitValue<State>? = nil,
        scheduling: SchedulingPolicy = .callerThread,
        diagnostics: StoreDiagnostics = .standardError
    )
    where
        M.InputActionType == Action, M.OutputActionType == Action, M.StateType == State,
        State: Equatable
    {
        let parts = Parts(
            initialState: initialState,
            reducer: reducer,
            middleware: middleware,
            emitsValue: emitsValue ?? .whenDifferent,
            scheduling: scheduling,
            diagnostics: diagnostics
        )
        self.init(parts: parts, scheduling: scheduling, diagnostics: diagnostics, subjectStates: nil)
    }

    /// Creates a store whose state lives in `subject`, for `SwitchyardSwiftRex`'s `ReduxStoreBase`, which documents
    /// it: the store starts from the subject's value and sends it each state that `emitsValue` lets through.
    @preconcurrency
    package convenience init<Subject: StoreStateSubject, M: MiddlewareProtocol & Sendable>(
        subject: Subject,
        reducer: Reducer<Action, State>,
        middleware: M,
        emitsValue: ShouldEmitValue<State> = .always,
        scheduling: SchedulingPolicy = .mainThread,
        diagnostics: StoreDiagnostics = .standardError
    )
    where
        Subject.State == State, M.InputActionType == Action, M.OutputActionType == Action,
        M.StateType == State
    {
        let parts = Self.parts(
            subject: subject, reducer: reducer, middleware: middleware, emitsValue: emitsValue,
            scheduling: scheduling, diagnostics: diagnostics)
        self.init(
            parts: parts, scheduling: scheduling, diagnostics: diagnostics,
            subjectStates: (subject as? any ForwardingStateSubject<State>)?.forwardedStates)
    }

    /// Creates a store without middleware.
    public convenience init(
        initialState: State,
        reducer: Reducer<Action, State>,
        emitsValue: ShouldEmitValue<State>? = nil,
        scheduling: SchedulingPolicy = .callerThread,
        diagnostics: StoreDiagnostics = .standardError
    ) {
        self.init(
            initialState: initialState,
            reducer: reducer,
            middleware: IdentityMiddleware<Action, Action, State>(),
            emitsValue: emitsValue,
            scheduling: scheduling,
            diagnostics: diagnostics
        )
    }

    /// Creates a store without middleware, whose state is `Equatable` (see the initializer with a middleware).
    public convenience init(
        initialState: State,
        reducer: Reducer<Action, State>,
        emitsValue: ShouldEmitValue<State>? = nil,
        scheduling: SchedulingPolicy = .callerThread,
        diagnostics: StoreDiagnostics = .standardError
    ) where State: Equatable {
        self.init(
            initialState: initialState,
            reducer: reducer,
            middleware: IdentityMiddleware<Action, Action, State>(),
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
    /// it so far, and the read is reported through the store's diagnostics.
    public final var state: State { core.cell.read() }

    /// Accepts an action from any thread; see the type's documentation for when it is processed.
    @inlinable
    public final func dispatch(_ dispatchedAction: DispatchedAction<Action>) {
        core.dispatch(dispatchedAction)
    }

    /// Dispatches `action`, recording the caller's file, function and line as its ``ActionSource``; see the type's
    /// documentation for when it is processed.
    ///
    /// The file and function are the literals `#fileID` and `#function`, kept as they are: the dispatch makes no
    /// string and releases none. To give them as strings (forwarding a source you were given, say), make an
    /// ``ActionSource`` and use ``dispatch(_:from:)``.
    ///
    /// - Parameters:
    ///   - action: the action to dispatch.
    ///   - file: the caller's file; leave the default.
    ///   - function: the caller's function; leave the default.
    ///   - line: the caller's line; leave the default.
    ///   - info: optional extra information for debugging and logs.
    @inlinable
    public final func dispatch(
        _ action: Action,
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line,
        info: String? = nil
    ) {
        // The action is made here, so a store with a probe that keeps actions (a journal) can be given it: the probe keeps it without copying
        // it. Any other store borrows it, and it is released here, taken apart (see `DispatchedAction.parts()`). A
        // source without info holds nothing to release; the test of its case lets the compiler see that and skip
        // the source's release (about 50 instructions of a dispatch that costs 290).
        if core.hasKeepers {
            core.dispatch(
                owned: DispatchedAction(
                    action, dispatcher: ActionSource(file: file, function: function, line: line, info: info)))
        } else {
            let dispatched = DispatchedAction(
                action, dispatcher: ActionSource(file: file, function: function, line: line, info: info))
            core.dispatch(dispatched)
            let (_, source) = dispatched.parts()
            if case .none = source.text { return }
        }
    }

    /// Dispatches `action` with an explicit source, for example to forward an action keeping its original source.
    @inlinable
    public final func dispatch(_ action: Action, from dispatcher: ActionSource) {
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
