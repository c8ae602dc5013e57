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
        let doesNothing =
            middleware is IdentityMiddleware<ActionType, ActionType, StateType>
            || (middleware as? ComposedMiddleware<ActionType, ActionType, StateType>)?.middlewares.isEmpty == true
        let erased = doesNothing ? nil : middleware.eraseToAnyMiddleware()
        let emitsValue = emitsValue ?? ShouldEmitValue.defaultPolicy()
        let effects = EffectScope(diagnostics: diagnostics)
        let core = StoreCore(
            initialState: initialState,
            reducer: reducer,
            middleware: erased,
            emitsValue: emitsValue,
            scheduling: scheduling,
            diagnostics: diagnostics,
            effects: effects
        )
        self.core = core
        self.emitsValue = emitsValue
        self.scheduling = scheduling
        self.diagnostics = diagnostics
        self.effects = effects
        self.runtimeMiddlewares = RuntimeMiddlewareRegistry(core: core)
        // The deprecated setup call, once, before the first action.
        erased?.receiveContext(getState: core.getState, output: core.output)
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
}
