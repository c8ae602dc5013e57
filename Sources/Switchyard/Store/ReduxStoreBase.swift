import Dispatch
import Synchronization

/// The store engine: it runs the pipeline of SEMANTICS R1–R4 for every action and holds the state.
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
/// recurses. No user code runs while the queue or observer locks are held; the only code that runs while the state
/// is locked is the reducer, during which reads of ``state`` from other threads wait.
open class ReduxStoreBase<ActionType: Sendable, StateType: Sendable>: ReduxStoreProtocol, @unchecked Sendable {
    /// How this store decides whether to notify observers; the reducer's result is always kept.
    public let emitsValue: ShouldEmitValue<StateType>
    /// Where this store runs its pipeline.
    public let scheduling: SchedulingPolicy
    /// Where this store reports misuse.
    public let diagnostics: StoreDiagnostics
    /// Middlewares added and removed while the store runs (seed 000); empty at first.
    public let runtimeMiddlewares: RuntimeMiddlewareRegistry<ActionType, StateType>
    /// The asynchronous effects started by this store's middlewares; closed (all cancelled) when the store is freed.
    @usableFromInline package let effects: EffectScope

    // The dispatch path is inlinable so that it is specialized for the app's action and state types: unspecialized,
    // it spends most of its time looking up generic metadata (see Benchmarks/).
    @usableFromInline let storage: StateStorage<StateType>
    @usableFromInline let observers = ObserverList<StateType>()
    @usableFromInline let reducer: Reducer<ActionType, StateType>
    /// The store's middleware; `nil` when it does nothing (an identity or an empty composition), so that a store
    /// without middleware does not call one per action.
    @usableFromInline let middleware: AnyMiddleware<ActionType, ActionType, StateType>?
    @usableFromInline let getState: GetState<StateType>
    /// Actions dispatched and not yet processed, including the one being processed.
    @usableFromInline let pending = Atomic<Int>(0)
    @usableFromInline let queueLock = Lock()
    @usableFromInline @exclusivity(unchecked) var queue = ActionQueue<DispatchedAction<ActionType>>()  // queueLock
    @usableFromInline var mainDrainScheduled = false  // guarded by queueLock
    @usableFromInline var mainDraining = false  // main thread only
    @usableFromInline @exclusivity(unchecked) var outputHandler: AnyActionHandler<ActionType>?

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
        let storage = StateStorage(initialState)
        self.storage = storage
        self.reducer = reducer
        let doesNothing =
            middleware is IdentityMiddleware<ActionType, ActionType, StateType>
            || (middleware as? ComposedMiddleware<ActionType, ActionType, StateType>)?.erased.isEmpty == true
        self.middleware = doesNothing ? nil : middleware.eraseToAnyMiddleware()
        self.emitsValue = emitsValue ?? ShouldEmitValue.defaultPolicy()
        self.scheduling = scheduling
        self.diagnostics = diagnostics
        self.runtimeMiddlewares = RuntimeMiddlewareRegistry(diagnostics: diagnostics)
        self.getState = { storage.read() }
        let effects = EffectScope(diagnostics: diagnostics)
        self.effects = effects
        let output = AnyActionHandler<ActionType>(effectScope: effects) { [weak self] dispatched in
            self?.dispatch(dispatched)
        }
        self.outputHandler = output
        self.runtimeMiddlewares.attach(getState: getState, output: output)
        self.middleware?.receiveContext(getState: getState, output: output)
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
        effects.close()
    }

    /// The last committed state, from any thread.
    public final var state: StateType { storage.read() }

    /// Accepts an action from any thread; see the type's documentation for when it is processed.
    @inlinable
    public final func dispatch(_ dispatchedAction: DispatchedAction<ActionType>) {
        if scheduling == .mainThread {
            dispatchOnMain(dispatchedAction)
        } else if pending.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged {
            // Idle: this thread processes the action, then whatever was queued meanwhile.
            storage.setProcessing(true)
            process(dispatchedAction)
            storage.setProcessing(false)
            if pending.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue != 0 { drainQueue() }
        } else {
            enqueue(dispatchedAction)
        }
    }

    // MARK: - Caller-thread scheduling

    @usableFromInline
    final func enqueue(_ dispatchedAction: DispatchedAction<ActionType>) {
        // The count is raised with the append, under the queue lock, where processors pop: so a processor that
        // sees it above zero finds the action queued, and never pops an action whose count is not raised yet. (With
        // the count raised after the unlock, a processor could pop this action on another thread's count; that
        // thread's queued action was then uncounted, and its next dispatch found the store idle and ran first.)
        queueLock.lock()
        queue.append(dispatchedAction)
        let wasIdle = pending.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0
        queueLock.unlock()
        if wasIdle { drainQueue() }
    }

    /// Processes queued actions until the pending count drops to zero (this thread owns the pipeline meanwhile).
    @usableFromInline
    final func drainQueue() {
        repeat {
            queueLock.lock()
            let next = queue.popFirst()
            queueLock.unlock()
            guard let next else { preconditionFailure("Switchyard: pending count and queue disagree") }
            storage.setProcessing(true)
            process(next)
            storage.setProcessing(false)
        } while pending.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue != 0
    }

    // MARK: - Main-thread scheduling

    @usableFromInline
    final func dispatchOnMain(_ dispatchedAction: DispatchedAction<ActionType>) {
        queueLock.lock()
        queue.append(dispatchedAction)
        if MainThread.isCurrent {
            queueLock.unlock()
            if !mainDraining { drainOnMain() }
            return
        }
        let mustSchedule = !mainDrainScheduled
        mainDrainScheduled = true
        queueLock.unlock()
        if mustSchedule {
            DispatchQueue.main.async { [self] in
                queueLock.withLock { mainDrainScheduled = false }
                if !mainDraining { drainOnMain() }
            }
        }
    }

    @usableFromInline
    final func drainOnMain() {
        mainDraining = true
        storage.setProcessing(true)
        while true {
            queueLock.lock()
            let next = queue.popFirst()
            queueLock.unlock()
            guard let next else { break }
            process(next)
        }
        storage.setProcessing(false)
        mainDraining = false
    }

    // MARK: - The pipeline

    @inlinable
    final func process(_ dispatched: DispatchedAction<ActionType>) {
        let action = dispatched.action
        // The runtime middlewares for this action are fixed before any middleware runs: one that the store's own
        // middleware registers now sees the next action, not this one.
        runtimeMiddlewares.beginAction()
        // 1. handle, in composition order; state() is the state before the reducer.
        let io = middleware?.handle(action: action, from: dispatched.dispatcher, state: getState) ?? .pure()
        let runtimeIO = runtimeMiddlewares.handle(dispatched)
        // 2. reduce in place; 3. observers. The observers are taken under the state lock, with the previous state
        // when the emission policy needs it: an observer registers under that lock too, so it misses no commit.
        let needsPrevious = emitsValue.needsPreviousState
        let (keptPrevious, commit) = storage.reduce(keepsPrevious: {
            observers.refresh()
            return needsPrevious && !observers.isEmpty
        }) { reducer.reduce(action, &$0) }
        // The previous state is kept only for observers; it is dropped right after the decision.
        if keptPrevious {
            let emits = emitsValue.shouldEmit(previous: storage.previous.pointee, new: storage.processorState)
            storage.previous.deinitialize(count: 1)
            if emits { observers.deliver(storage.processorState, commit: commit) }
        } else if !observers.isEmpty {
            let newState = storage.processorState
            if emitsValue.shouldEmit(previous: newState, new: newState) {
                observers.deliver(newState, commit: commit)
            }
        }
        // 4. IOs in reverse composition order (runtime middlewares come last in the composition, so first here).
        // Pure IOs do nothing: the output handler is not even copied for them.
        if !(runtimeIO.isPure && io.isPure), let output = outputHandler {
            runtimeIO.run(output)
            io.run(output)
        }
    }

}
