import Dispatch
import Synchronization

// Invariants this file relies on:
// - The engine's mutable state (queue, phase, registrations) is reachable only through `engine.withLock`. What is
//   decided under the lock comes back as a value; user code runs, and what the engine lets go of is released,
//   after the unlock (every `Released` value is dropped by the caller, outside the closure).
// - One thread at a time runs the pipeline: the one that `EngineState` put in the `.processing` phase. Only that
//   thread calls `process`, `processAlone`, `run` and `deliver`, which use `context`; it does so from the decision
//   that granted it the role to the decision that handed the role back.
// - The engine and the state cell's gate share one lock, so a critical section may decide for both (for example
//   take the processing role and close the gate). The processing thread's id is stored in the cell only inside
//   those critical sections, so a thread that takes the role over never has its id overwritten by the previous one.

/// The store engine: one object that owns the queue, the state, the observers, the runtime middlewares and the
/// scheduling of a store, and runs its pipeline.
@usableFromInline
final class StoreCore<Action: Sendable, State: Sendable>: Sendable {
    @usableFromInline let engine: LockedValue<EngineState<Action, State>>
    /// The processing thread's snapshots and batch; see `ProcessorContext` for who may use it.
    @usableFromInline let context: ProcessorContext<Action, State>
    /// Producers waiting for room in a full queue wait on this.
    @usableFromInline let producerRoom = LockCondition()
    @usableFromInline let cell: StateCell<State>
    /// The cell's gate, kept here too so that the engine's critical sections reach it without going through `cell`.
    @usableFromInline let gate: LockedValue<StateCell<State>.Gate>
    @usableFromInline let scheduler: Scheduler
    @usableFromInline let reducer: Reducer<Action, State>
    /// The store's middleware as a composition's fused `handle` (see `AnyMiddleware.fused`): called directly, it
    /// skips the erasing closure and copies no erased middleware per action. `nil` when the store's middleware does
    /// nothing, so that a store without one does not call one per action.
    @usableFromInline let middleware: ComposedMiddleware<Action, Action, State>.Handler?
    @usableFromInline let emitsValue: ShouldEmitValue<State>
    @usableFromInline let needsPrevious: Bool
    @usableFromInline let getState: GetState<State>
    @usableFromInline let effects: EffectScope
    @usableFromInline let diagnostics: StoreDiagnostics
    /// Mirrors of the registries' versions, so the processing thread can tell without locking that its snapshot is
    /// stale; written under the engine's lock.
    @usableFromInline let observersVersion = Atomic<UInt64>(0)
    @usableFromInline let runtimeVersion = Atomic<UInt64>(0)
    /// A mirror of the shared queue's length, written under the engine's lock: the processing thread appends its
    /// own dispatches to its batch without locking when nothing waits in the shared queue.
    @usableFromInline let sharedQueueCount = Atomic<Int>(0)
    /// The handler that middlewares' IOs and effects dispatch through. It finds the core weakly: a handler kept
    /// after the store is freed dispatches nowhere.
    @usableFromInline let output: AnyActionHandler<Action>
    /// The debugging tool attached to the store, if any.
    @usableFromInline let inspection = InspectionSlot<Action, State>()

    /// Inlinable so that `getState` and `output` are specialized for the app's types where the store is created.
    @inlinable
    init(
        initialState: State,
        reducer: Reducer<Action, State>,
        middleware: AnyMiddleware<Action, Action, State>?,
        emitsValue: ShouldEmitValue<State>,
        scheduling: SchedulingPolicy,
        diagnostics: StoreDiagnostics,
        effects: EffectScope
    ) {
        let lock = Lock()
        let cell = StateCell(initialState, lock: lock, diagnostics: diagnostics)
        let context = ProcessorContext<Action, State>()
        self.context = context
        self.engine = LockedValue(EngineState(context: context), lock: lock)
        self.cell = cell
        self.gate = cell.gate
        self.scheduler = Scheduler(policy: scheduling)
        self.reducer = reducer
        let getState: GetState<State> = { cell.read() }
        self.getState = getState
        self.middleware = middleware?.fused(boundTo: getState)
        self.emitsValue = emitsValue
        self.needsPrevious = emitsValue.needsPreviousState
        self.effects = effects
        self.diagnostics = diagnostics
        // The handler is made before the core exists, so it reaches the core through a reference set below.
        let outputTarget = CoreReference<Action, State>()
        self.output = AnyActionHandler(effectScope: effects) { dispatched in
            outputTarget.core?.dispatch(dispatched, isFollowUp: true)
        }
        outputTarget.set(self)
    }

    // MARK: - Dispatch

    /// Accepts an action from any thread: processes it now when the store is idle and the policy lets this thread
    /// process, queues it otherwise (waiting first while the queue is full, unless this is the processing thread).
    @inlinable
    func dispatch(_ dispatched: DispatchedAction<Action>, isFollowUp: Bool = false) {
        let thread = currentThreadID()
        // An action that the processing thread dispatches (from a middleware, the reducer, an observer or an IO)
        // while nothing waits in the shared queue goes straight to the end of its batch: it would be next in the
        // queue anyway, and a dispatch from another thread that the queue has not shown yet is concurrent with it.
        if cell.processor.load(ordering: .relaxed) == thread, sharedQueueCount.load(ordering: .acquiring) == 0 {
            context.batch.append(QueuedAction(dispatched, thread: thread, isFollowUp: isFollowUp))
            return
        }
        let canProcessHere = scheduler.canProcessOnCurrentThread
        var released = Released()
        let (admission, gateClosed) = LockedValue.withLock(
            engine,
            gate,
            waitingOn: producerRoom,
            while: { engine, _, wokeUp in engine.producerMustWait(thread: thread, wokeUp: wokeUp) }
        ) { engine, gate in
            let admission = engine.admit(
                dispatched,
                thread: thread,
                isFollowUp: isFollowUp,
                canProcessHere: canProcessHere
            )
            guard case .process = admission else {
                sharedQueueCount.store(engine.queue.count, ordering: .releasing)
                return (admission, false)
            }
            cell.setProcessing(true)
            engine.refresh(context, into: &released)
            // With no middleware to call before the reducer, its gate closes in this same critical section. An
            // inspected store always lets its inspection see the action first.
            guard middleware == nil, context.runtime.isEmpty, !inspection.isAttached.load(ordering: .relaxed) else {
                return (admission, false)
            }
            StateCell.beginReduce(&gate)
            return (admission, true)
        }
        _ = consume released
        switch admission {
        case .process where gateClosed && context.observers.isEmpty:
            processAlone(dispatched, thread: thread)
        case .process where !gateClosed && inspection.isAttached.load(ordering: .relaxed):
            let next = processInspected(
                QueuedAction(dispatched, thread: thread, isFollowUp: isFollowUp),
                budget: EngineLimits.fairnessBudget
            )
            run(after: next, thread: thread)
        case .process:
            var untimed = UntimedPipeline<Action, State>()
            let next = process(dispatched, gateClosed: gateClosed, budget: EngineLimits.fairnessBudget, probe: &untimed)
            run(after: next, thread: thread)
        case .schedule:
            scheduleProcessing()
        case .queued, .rejected:
            break
        }
    }

    /// Runs the reducer for an action that no middleware and no observer sees, then returns to idle; when actions
    /// or observers arrived meanwhile, goes on with them.
    @inlinable
    func processAlone(_ dispatched: DispatchedAction<Action>, thread: UInt) {
        cell.runReducer { reducer.reduce(dispatched.action, &$0) }
        var released = Released()
        let (commit, wakeReaders, next) = LockedValue.withLock(engine, gate) {
            engine,
            gate -> (UInt64, Bool, EngineState<Action, State>.Next?) in
            let (commit, wakeReaders) = StateCell.commit(&gate)
            if context.batch.isEmpty, engine.endAloneAction() {
                cell.setProcessing(false)
                return (commit, wakeReaders, .idle(wakeProducers: false))
            }
            // Observers registered during the reducer join now, and receive this commit.
            engine.refresh(context, into: &released)
            guard context.observers.isEmpty else { return (commit, wakeReaders, nil) }
            return (commit, wakeReaders, finish(&engine, budget: EngineLimits.fairnessBudget, released: &released))
        }
        if wakeReaders { cell.wakeReaders() }
        _ = consume released
        if next == nil { deliver(commit: commit, previous: nil) }
        run(after: next, thread: thread)
    }

    @inlinable
    func scheduleProcessing() {
        scheduler.handOff { [weak self] in self?.runScheduled() }
    }

    /// Inlinable, like the whole pipeline, so that the scheduled processing is specialized for the app's types.
    @inlinable
    func runScheduled() {
        let thread = currentThreadID()
        var released = Released()
        let began = engine.withLock { engine in
            guard engine.beginScheduled(thread: thread, released: &released) else { return false }
            cell.setProcessing(true)
            return true
        }
        _ = consume released
        guard began else { return }
        // The store's own queue may work through the whole backlog: it holds no caller captive. A turn of the main
        // queue keeps the budget, so the main thread gets back to its other work.
        run(after: nil, thread: thread, budget: scheduler.policy == .mainThread ? EngineLimits.fairnessBudget : .max)
    }

    /// Processes the queue on this thread, within the fairness budget, then hands the role back; `next` is the
    /// decision already taken by the action just processed, if any.
    @inlinable
    func run(
        after next: EngineState<Action, State>.Next?,
        thread: UInt,
        budget: Int = EngineLimits.fairnessBudget
    ) {
        var budget = budget
        var next = next
        while true {
            if next == nil {
                if let queued = context.batch.popFirst() {
                    if budget != .max, queued.thread != thread { budget -= 1 }
                    if inspection.isAttached.load(ordering: .relaxed) {
                        next = processInspected(queued, budget: budget)
                    } else {
                        var untimed = UntimedPipeline<Action, State>()
                        next = process(queued.dispatched, gateClosed: false, budget: budget, probe: &untimed)
                    }
                    continue
                }
                var released = Released()
                next = engine.withLock { engine in finish(&engine, budget: budget, released: &released) }
                _ = consume released
            }
            switch next {
            case .batch(let wakeProducers):
                if wakeProducers { producerRoom.broadcast() }
                next = nil
            case .idle(let wakeProducers):
                if wakeProducers { producerRoom.broadcast() }
                return
            case .handOff:
                scheduleProcessing()
                return
            case .stop, nil:
                return
            }
        }
    }

    /// The engine's decision after a batch, under the lock; the processing thread's id is cleared with the role.
    @inlinable
    func finish(
        _ engine: inout EngineState<Action, State>,
        budget: Int,
        released: inout Released
    ) -> EngineState<Action, State>.Next {
        let next = engine.next(budget: budget, released: &released)
        sharedQueueCount.store(engine.queue.count, ordering: .releasing)
        if case .batch = next {} else { cell.setProcessing(false) }
        return next
    }

    // MARK: - The pipeline (processing thread only)

    /// Runs the pipeline for one action. When nothing follows the commit (no IO, no observer, an empty batch), the
    /// commit's critical section also decides what comes next, and that decision is returned.
    @inlinable
    func process<Probe: PipelineProbe>(
        _ dispatched: DispatchedAction<Action>,
        gateClosed: Bool,
        budget: Int,
        probe: inout Probe
    ) -> EngineState<Action, State>.Next? where Probe.ProbedAction == Action, Probe.ProbedState == State {
        var io = IO<Action>.pure()
        var runtimeIO = IO<Action>.pure()
        if !gateClosed {
            // The runtime middlewares for this action are fixed before any middleware runs: one registered
            // meanwhile sees the next action.
            if runtimeVersion.load(ordering: .acquiring) != context.runtimeVersion { refresh() }
            // 1. handle, in composition order; state() is the state before the reducer.
            if let middleware {
                io = ComposedMiddleware.run(
                    middleware,
                    action: dispatched.action,
                    from: dispatched.dispatcher,
                    state: getState
                )
            }
            if !context.runtime.isEmpty { runtimeIO = handleRuntime(dispatched, context.runtime) }
            probe.handled()
            var released = Released()
            LockedValue.withLock(engine, gate) { engine, gate in
                engine.refresh(context, into: &released)
                StateCell.beginReduce(&gate)
            }
            _ = consume released
        }
        // 2. reduce in place, with no lock held. The previous state is kept only when observers need it.
        let previous: State? = needsPrevious && !context.observers.isEmpty ? cell.processorValue : nil
        let action = dispatched.action
        cell.runReducer { reducer.reduce(action, &$0) }
        probe.reduced(dispatched, cell.processorValue)
        let nothingFollows = context.batch.isEmpty && io.isPure && runtimeIO.isPure
        var released = Released()
        let (commit, wakeReaders, next) = LockedValue.withLock(engine, gate) {
            engine,
            gate -> (UInt64, Bool, EngineState<Action, State>.Next?) in
            let (commit, wakeReaders) = StateCell.commit(&gate)
            // Observers registered during the reducer join now, and receive this commit.
            engine.refresh(context, into: &released)
            guard nothingFollows, context.observers.isEmpty else { return (commit, wakeReaders, nil) }
            return (commit, wakeReaders, finish(&engine, budget: budget, released: &released))
        }
        if wakeReaders { cell.wakeReaders() }
        _ = consume released
        if next != nil { return next }
        // 3. observers.
        deliver(commit: commit, previous: previous)
        // 4. IOs in reverse composition order (runtime middlewares come last in the composition, so first here).
        if !(runtimeIO.isPure && io.isPure) {
            runtimeIO.run(output)
            io.run(output)
        }
        return nil
    }

    /// Runs the pipeline for an action with the inspection attached: the inspection may hold the action, and sees
    /// it after the reducer with the time each phase took. Out of line: a store that nobody inspects never calls it.
    @inlinable @inline(never)
    func processInspected(_ queued: QueuedAction<Action>, budget: Int) -> EngineState<Action, State>.Next? {
        guard let hooks = inspection.current else {
            var untimed = UntimedPipeline<Action, State>()
            return process(queued.dispatched, gateClosed: false, budget: budget, probe: &untimed)
        }
        guard case .process = hooks.admit(queued.dispatched, queued.isFollowUp) else { return nil }
        var timed = TimedPipeline(hooks, queued)
        let next = process(queued.dispatched, gateClosed: false, budget: budget, probe: &timed)
        // With a decision taken in the commit, nothing followed the reducer: no observer and no IO ran.
        if next == nil { hooks.didRunIO(monotonicNanoseconds() - timed.reducedAt) }
        return next
    }

    /// Tells the observers of the processing thread's snapshot about commit number `commit`.
    @inlinable
    func deliver(commit: UInt64, previous: State?) {
        if context.observers.isEmpty { return }
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
        // The snapshot does not change until this thread refreshes it, which it does not do while delivering (an
        // observer that subscribes or cancels changes the registry, not this snapshot): each observer is borrowed
        // from it, with no reference counted.
        context.observers.withUnsafeBufferPointer { observers in
            for index in observers.indices {
                Unmanaged.passUnretained(observers[index])._withUnsafeGuaranteedRef { observer in
                    if commit > observer.startAfter, !observer.isCancelled.load(ordering: .acquiring) {
                        observer.deliver(newState)
                    }
                }
            }
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
    @inlinable @inline(never)
    func refresh() {
        let released = engine.withLock { state in
            var released = Released()
            state.refresh(context, into: &released)
            return released
        }
        _ = consume released
    }
}

/// A weak reference to a store's core, set once: the store's output handler, made in the core's `init` before the
/// core can be referenced, finds the core through it.
@usableFromInline
final class CoreReference<Action: Sendable, State: Sendable>: Sendable {
    @usableFromInline let reference = AtomicLazyReference<WeakReference<StoreCore<Action, State>>>()

    @inlinable
    init() {}

    /// Points the reference at `core`; only the first call has an effect.
    @inlinable
    func set(_ core: StoreCore<Action, State>) {
        _ = reference.storeIfNil(WeakReference(core))
    }

    /// The core, while it lives.
    @inlinable
    var core: StoreCore<Action, State>? {
        reference.load()?.object
    }
}
