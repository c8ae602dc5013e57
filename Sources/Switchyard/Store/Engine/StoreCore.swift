import Synchronization

// Invariants this file relies on:
// - The engine's mutable state (queue, phase, registrations) is reachable only through `engine.withLock`. What is
//   decided under the lock comes back as a value; user code runs, and what the engine lets go of is released,
//   after the unlock (every `Released` value is dropped by the caller, outside the closure).
// - One thread at a time runs the pipeline: the one that `EngineState` put in the `.processing` phase, which owns
//   the `ProcessorContext` it was handed. The processing thread is the only one that calls `process(_:_:)`.
// - `output` is written once, in `init`, before the core is shared; it is read-only afterwards.
// - Locks are taken in one order: the state cell's gate, then the engine. The engine's closures never take the
//   gate, and the gate's `atCommit` closure takes nothing.

/// The store engine: one object that owns the queue, the state, the observers, the runtime middlewares and the
/// scheduling of a store, and runs its pipeline.
@usableFromInline
final class StoreCore<Action: Sendable, State: Sendable>: @unchecked Sendable {
    @usableFromInline let engine = LockedValue(EngineState<Action, State>())
    /// Producers waiting for room in a full queue wait on this.
    @usableFromInline let producerRoom = LockCondition()
    @usableFromInline let cell: StateCell<State>
    @usableFromInline let scheduler: Scheduler
    @usableFromInline let reducer: Reducer<Action, State>
    /// `nil` when the store's middleware does nothing, so that a store without one does not call one per action.
    @usableFromInline let middleware: AnyMiddleware<Action, Action, State>?
    @usableFromInline let emitsValue: ShouldEmitValue<State>
    @usableFromInline let needsPrevious: Bool
    @usableFromInline let getState: GetState<State>
    @usableFromInline let effects: EffectScope
    @usableFromInline let diagnostics: StoreDiagnostics
    /// Mirrors of the registries' versions, so the processing thread can tell without locking that its snapshot is
    /// stale; written under the engine's lock.
    @usableFromInline let observersVersion = Atomic<UInt64>(0)
    @usableFromInline let runtimeVersion = Atomic<UInt64>(0)
    @usableFromInline private(set) var output: AnyActionHandler<Action>

    @usableFromInline
    init(
        initialState: State,
        reducer: Reducer<Action, State>,
        middleware: AnyMiddleware<Action, Action, State>?,
        emitsValue: ShouldEmitValue<State>,
        scheduling: SchedulingPolicy,
        diagnostics: StoreDiagnostics,
        effects: EffectScope
    ) {
        let cell = StateCell(initialState, diagnostics: diagnostics)
        self.cell = cell
        self.scheduler = Scheduler(policy: scheduling)
        self.reducer = reducer
        self.middleware = middleware
        self.emitsValue = emitsValue
        self.needsPrevious = emitsValue.needsPreviousState
        self.getState = { cell.read() }
        self.effects = effects
        self.diagnostics = diagnostics
        self.output = AnyActionHandler { _ in }
        self.output = AnyActionHandler(effectScope: effects) { [weak self] dispatched in
            self?.dispatch(dispatched)
        }
    }

    // MARK: - Dispatch

    /// Accepts an action from any thread: processes it now when the store is idle and the policy lets this thread
    /// process, queues it otherwise (waiting first while the queue is full, unless this is the processing thread).
    @inlinable
    func dispatch(_ dispatched: DispatchedAction<Action>) {
        let thread = currentThreadID()
        let canProcessHere = scheduler.canProcessOnCurrentThread
        let admission = engine.withLock(
            waitingOn: producerRoom,
            while: { state, wokeUp in state.producerMustWait(thread: thread, wokeUp: wokeUp) },
            { state in state.admit(dispatched, thread: thread, canProcessHere: canProcessHere) }
        )
        switch admission {
        case .process(let context):
            run(first: dispatched, context: context, thread: thread)
        case .schedule:
            scheduleProcessing()
        case .queued, .rejected:
            break
        }
    }

    @usableFromInline
    func scheduleProcessing() {
        scheduler.handOff { [weak self] in self?.runScheduled() }
    }

    @usableFromInline
    func runScheduled() {
        let thread = currentThreadID()
        guard let context = engine.withLock({ $0.beginScheduled(thread: thread) }) else { return }
        run(first: nil, context: context, thread: thread)
    }

    /// Runs the pipeline on this thread: `first`, then the queue, within the fairness budget.
    @inlinable
    func run(first: DispatchedAction<Action>?, context: ProcessorContext<Action, State>, thread: UInt) {
        var context = context
        cell.setProcessing(true)
        if let first { process(first, &context) }
        var budget = EngineLimits.fairnessBudget
        while true {
            while let queued = context.batch.popFirst() {
                if queued.thread != thread { budget -= 1 }
                process(queued.dispatched, &context)
            }
            let next = engine.withLock { $0.next(&context, budget: budget) }
            switch next {
            case .batch(let wakeProducers, _):
                if wakeProducers { producerRoom.broadcast() }
            case .idle(let wakeProducers, _):
                cell.setProcessing(false)
                if wakeProducers { producerRoom.broadcast() }
                return
            case .handOff:
                cell.setProcessing(false)
                scheduleProcessing()
                return
            case .stop:
                cell.setProcessing(false)
                return
            }
        }
    }

    // MARK: - The pipeline (processing thread only)

    @inlinable
    func process(_ dispatched: DispatchedAction<Action>, _ context: inout ProcessorContext<Action, State>) {
        let action = dispatched.action
        // The runtime middlewares for this action are fixed before any middleware runs: one registered meanwhile
        // sees the next action.
        if runtimeVersion.load(ordering: .acquiring) != context.runtimeVersion { refresh(&context) }
        // 1. handle, in composition order; state() is the state before the reducer.
        let io = middleware?.handle(action: action, from: dispatched.dispatcher, state: getState) ?? .pure()
        let runtimeIO = context.runtime.isEmpty ? IO<Action>.pure() : handleRuntime(dispatched, context.runtime)
        // 2. reduce in place. The previous state is kept only when observers need it to decide.
        if observersVersion.load(ordering: .acquiring) != context.observersVersion { refresh(&context) }
        let previous: State? = needsPrevious && !context.observers.isEmpty ? cell.processorValue : nil
        let (commit, observersChanged) = cell.reduce(
            atCommit: { observersVersion.load(ordering: .acquiring) != context.observersVersion }
        ) { reducer.reduce(action, &$0) }
        // 3. observers, including those registered during the reducer.
        if observersChanged { refresh(&context) }
        if !context.observers.isEmpty { deliver(commit: commit, previous: previous, to: context.observers) }
        // 4. IOs in reverse composition order (runtime middlewares come last in the composition, so first here).
        if !(runtimeIO.isPure && io.isPure) {
            runtimeIO.run(output)
            io.run(output)
        }
    }

    @inlinable
    func deliver(commit: UInt64, previous: State?, to observers: ContiguousArray<StateObserver<State>>) {
        let newState = cell.processorValue
        let emits: Bool
        if let previous {
            emits = emitsValue.shouldEmit(previous: previous, new: newState)
        } else if needsPrevious {
            // Observers registered during the reducer: there is no previous state to compare with.
            emits = true
        } else {
            emits = emitsValue.shouldEmit(previous: newState, new: newState)
        }
        guard emits else { return }
        for observer in observers
        where commit > observer.startAfter && !observer.isCancelled.load(ordering: .acquiring) {
            observer.deliver(newState)
        }
    }

    /// Runs the `handle` of every runtime middleware and returns their IOs in reverse order; out of line, so that
    /// the check for none costs one load and one branch.
    @inlinable @inline(never)
    func handleRuntime(
        _ dispatched: DispatchedAction<Action>,
        _ entries: ContiguousArray<RuntimeEntry<Action, State>>
    ) -> IO<Action> {
        var io = IO<Action>.pure()
        for entry in entries {
            io = entry.handle(dispatched, getState) <> io
        }
        return io
    }

    /// Brings the processing thread's snapshots up to date; the stale ones are released after the unlock.
    @usableFromInline @inline(never)
    func refresh(_ context: inout ProcessorContext<Action, State>) {
        let released = engine.withLock { state in
            var released = Released<Action, State>()
            state.refresh(&context, into: &released)
            return released
        }
        _ = consume released
    }
}
