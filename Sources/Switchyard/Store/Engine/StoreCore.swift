import Dispatch
import Synchronization

// How the engine is built, and the invariants it relies on:
// - All of the engine's mutable state is one `EngineState` value, reachable only inside `engine.withLock`. What is
//   decided under the lock comes back as a value; user code runs, and what the engine lets go of is released,
//   after the unlock (every `Released` value is dropped by the caller, outside the closure).
// - One thread at a time runs the pipeline: the one that `EngineState` put in the `.processing` phase. Its
//   snapshot of the registrations is a local of its run loop (`ProcessorContext`), passed `inout` into each
//   decision, which refreshes it under the lock. The snapshot is borrowed (`Unmanaged`, no reference counted): the
//   engine releases a snapshot it replaced while a thread processes only at that thread's next decision, and the
//   processing thread uses its snapshot only between two decisions. Measured in a package shaped like an app, the
//   borrow saves W4 (one observer) 95 instructions per dispatch, a sixth.
// - The state itself lives in `StateCell`, outside the lock, because the reducer changes it in place with no lock
//   held; `StateCell` states how the engine's `isReducing` keeps other readers out meanwhile.
// - The tools attached to the store (probes) are part of the registrations' snapshot, and their hooks run on the
//   processing thread, one action at a time, with no lock held: a probe's hooks never overlap, and each call
//   happens after the previous one (the processing role passes between threads through the engine's lock).

/// The store engine: it owns the queue, the state, the observers, the runtime middlewares and the scheduling of a
/// store, and runs its pipeline.
@usableFromInline
final class StoreCore<Action: Sendable, State: Sendable>: Sendable {
    @usableFromInline let engine: LockedValue<EngineState<Action, State>>
    /// Producers waiting for room in a full queue wait on this.
    @usableFromInline let producerRoom = LockCondition()
    @usableFromInline let cell: StateCell<Action, State>
    @usableFromInline let scheduler: Scheduler
    @usableFromInline let reducer: Reducer<Action, State>
    /// The store's middleware as a composition's fused `handle` (see `AnyMiddleware.fused`); one that does nothing,
    /// never called, when the store's middleware does nothing (`hasMiddleware` is `false`), so that a store without
    /// one calls none per action. Not optional: calling a closure unwrapped from an optional property copies it, a
    /// retain and a release per action.
    @usableFromInline let middleware: ComposedMiddleware<Action, Action, State>.Handler
    /// Whether the store has a middleware to call before the reducer.
    @usableFromInline let hasMiddleware: Bool
    @usableFromInline let emitsValue: ShouldEmitValue<State>
    @usableFromInline let needsPrevious: Bool
    @usableFromInline let getState: GetState<State>
    @usableFromInline let effects: EffectScope
    @usableFromInline let diagnostics: StoreDiagnostics
    /// Whether a probe that keeps actions (``StoreProbe/didProcess``) was attached: a store given an action
    /// (`store.dispatch(action)`) then hands it over instead of lending it. Set when such a probe is attached, never
    /// cleared: it only says which of two correct ways costs less.
    @usableFromInline let keepsActions = Atomic<Bool>(false)
    /// Whether a probe that keeps actions was attached (see ``keepsActions``).
    @inlinable var hasKeepers: Bool { keepsActions.load(ordering: .relaxed) }
    /// The handler that middlewares' IOs and effects dispatch through. It finds the core weakly: a handler kept
    /// after the store is freed dispatches nowhere.
    @usableFromInline let output: AnyActionHandler<Action>

    /// Inlinable so that `getState` and `output` are specialized for the app's types where the store is created.
    @inlinable
    init(
        initialState: State,
        reducer: Reducer<Action, State>,
        middleware: AnyMiddleware<Action, Action, State>?,
        emitsValue: ShouldEmitValue<State>,
        scheduling: SchedulingPolicy,
        diagnostics: StoreDiagnostics,
        effects: EffectScope,
        limits: EngineLimits = .standard
    ) {
        let engine = LockedValue(EngineState<Action, State>(hasMiddleware: middleware != nil, limits: limits))
        let cell = StateCell(initialState, engine: engine, diagnostics: diagnostics)
        self.engine = engine
        self.cell = cell
        self.scheduler = Scheduler(policy: scheduling)
        self.reducer = reducer
        let getState: GetState<State> = { cell.read() }
        self.getState = getState
        self.hasMiddleware = middleware != nil
        if let middleware {
            self.middleware = middleware.fused(boundTo: getState)
        } else {
            self.middleware = { _, _ in }
        }
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
    /// process, queues it otherwise (waiting first while the queue is full, unless this thread is the one that
    /// drains it). Probes that keep actions receive a copy of it.
    @inlinable
    func dispatch(_ dispatched: DispatchedAction<Action>, isFollowUp: Bool = false) {
        var context = ProcessorContext<Action, State>()
        var next: EngineState<Action, State>.Step?
        guard admitAndProcess(dispatched, isFollowUp: isFollowUp, context: &context, next: &next) else { return }
        // A kept action is never decided in the commit: the probes take it first.
        if next == nil, context.keepPending {
            if let feed = context.view.soleFeed {
                feedKeeps(copy dispatched, feed: feed, context: &context)
            } else {
                keep(copy dispatched, isFollowUp: isFollowUp, context: &context)
            }
        }
        continueProcessing(after: next, context: &context)
    }

    /// Accepts an action that the caller gives away, as ``dispatch(_:isFollowUp:)`` does: a probe that keeps actions
    /// takes it without copying it.
    @inlinable
    func dispatch(owned dispatched: consuming DispatchedAction<Action>) {
        var context = ProcessorContext<Action, State>()
        var next: EngineState<Action, State>.Step?
        guard admitAndProcess(dispatched, isFollowUp: false, context: &context, next: &next) else { return }
        // A kept action is never decided in the commit: the probes take it first.
        if next == nil, context.keepPending {
            if let feed = context.view.soleFeed {
                feedKeeps(consume dispatched, feed: feed, context: &context)
            } else {
                keep(consume dispatched, isFollowUp: false, context: &context)
            }
        }
        continueProcessing(after: next, context: &context)
    }

    /// Admits `dispatched` and, when this thread may process it now, runs its pipeline: `true` then, with the
    /// decision the commit took in `next` (`nil` when none was taken); `false` when the action was queued,
    /// scheduled or rejected.
    @inlinable @inline(__always)
    func admitAndProcess(
        _ dispatched: DispatchedAction<Action>,
        isFollowUp: Bool,
        context: inout ProcessorContext<Action, State>,
        next: inout EngineState<Action, State>.Step?
    ) -> Bool {
        let thread = currentThreadID()
        let canProcessHere = scheduler.canProcessOnCurrentThread
        let drainsScheduledWork = canProcessHere && scheduler.policy == .mainThread
        var released = Released()
        let admission = engine.withLock(
            waitingOn: producerRoom,
            while: { $0.producerMustWait(thread: thread, drainsScheduledWork: drainsScheduledWork, wokeUp: $1) }
        ) { engine in
            let admission = engine.admit(
                dispatched,
                thread: thread,
                isFollowUp: isFollowUp,
                canProcessHere: canProcessHere,
                context: &context,
                released: &released
            )
            if case .process = admission { cell.setProcessor(thread) }
            return admission
        }
        released.finish()
        switch admission {
        case .process(let isReducing):
            var noSlot = NoNextAction<Action>()
            next = process(
                dispatched,
                origin: ActionOrigin(thread: thread, owner: thread, isFollowUp: isFollowUp),
                isReducing: isReducing,
                context: &context,
                next: &noSlot
            )
            return true
        case .schedule:
            scheduleProcessing()
            return false
        case .queued, .rejected:
            return false
        }
    }

    /// After the action a dispatching thread processed itself: takes the engine's decision if the commit did not,
    /// and processes what the engine gives this thread next.
    @inlinable @inline(__always)
    func continueProcessing(
        after next: EngineState<Action, State>.Step?,
        context: inout ProcessorContext<Action, State>
    ) {
        var next = next
        if next == nil {
            // Observers or IOs ran, or probes took the action: the store may be idle now.
            var noSlot = NoNextAction<Action>()
            var released = Released()
            next = engine.withLock { engine in
                decide(&engine, context: &context, slot: &noSlot, released: &released)
            }
            released.finish()
        }
        if case .idle(let wakeProducers) = next {
            if wakeProducers { producerRoom.broadcast() }
            return
        }
        runQueue(after: next, context: &context)
    }

    /// Hands the action just processed to the probes that keep actions, with the state after it: the last feed
    /// attached (with no feed, the last `didProcess` hook) is given the action, the others a copy. Runs on the
    /// processing thread after the pipeline and before the engine decides what comes next, so that they receive the
    /// actions in processing order and the state they read is the one this action left. Out of line: a store whose
    /// probes keep nothing never calls it.
    @inlinable @inline(never)
    func probesKeep(
        _ dispatched: consuming DispatchedAction<Action>,
        origin: ActionOrigin,
        context: inout ProcessorContext<Action, State>
    ) {
        context.keepPending = false
        // The action moves into the last keeper through an optional that the closure empties: a closure cannot
        // consume what it captures, and a copy would retain the source's strings.
        var pending = Optional(consume dispatched)
        context.withRegistrations { registrations in
            let keepers = registrations.keepers
            if !keepers.isEmpty {
                let processed = ProcessedAction(origin: origin, pointer: UnsafePointer(cell.pointer))
                let movesLast = registrations.feeds.isEmpty
                for index in keepers.indices {
                    if movesLast && index == keepers.count - 1 {
                        keepers[index](pending.take().unsafelyUnwrapped, processed)
                    } else {
                        keepers[index](pending.unsafelyUnwrapped, processed)
                    }
                }
            }
            // The snapshot never changes and the engine keeps it until this thread's next decision: each feed is
            // borrowed from it, with no reference counted.
            registrations.feeds.withUnsafeBufferPointer { feeds in
                for index in feeds.indices {
                    Unmanaged.passUnretained(feeds[index])._withUnsafeGuaranteedRef { feed in
                        let ticket =
                            index == feeds.count - 1
                            ? feed.append(pending.take().unsafelyUnwrapped) : feed.append(pending.unsafelyUnwrapped)
                        if ticket.snapshotDue { feed.setSnapshot(ticket.seq, state: cell.processorValue) }
                        feed.complete(ticket)
                    }
                }
            }
        }
    }

    /// Hands the action that the calling thread dispatched and just processed to the probes that keep actions, when
    /// they are not one feed alone.
    @inlinable @inline(never)
    func keep(
        _ dispatched: consuming DispatchedAction<Action>,
        isFollowUp: Bool,
        context: inout ProcessorContext<Action, State>
    ) {
        let origin = ActionOrigin(thread: currentThreadID(), isFollowUp: isFollowUp)
        probesKeep(consume dispatched, origin: origin, context: &context)
    }

    /// Hands the action just processed to the one feed that keeps actions (see ``probesKeep(_:origin:context:)``),
    /// with no hook of the tool's called: the processing thread appends to the feed, which the engine keeps alive
    /// (in the snapshot) until this thread's next decision. Out of line: a store with no feed never calls it.
    @inlinable @inline(never)
    func feedKeeps(
        _ dispatched: consuming DispatchedAction<Action>,
        feed: Unmanaged<ActionFeed<Action, State>>,
        context: inout ProcessorContext<Action, State>
    ) {
        context.keepPending = false
        var pending = Optional(consume dispatched)
        feed._withUnsafeGuaranteedRef { feed in
            let ticket = feed.append(pending.take().unsafelyUnwrapped)
            if ticket.snapshotDue { feed.setSnapshot(ticket.seq, state: cell.processorValue) }
            feed.complete(ticket)
        }
    }

    @inlinable
    func scheduleProcessing() {
        scheduler.handOff { [weak self] in self?.runScheduled() }
    }

    /// Processes the queue where the scheduler runs it. The store's own queue works through the whole backlog: it
    /// holds no caller captive. A turn of the main queue keeps the fairness budget, so the main thread gets back to
    /// its other work.
    @inlinable
    func runScheduled() {
        let thread = currentThreadID()
        let budget = scheduler.policy == .mainThread ? engine.withLock { $0.limits.fairnessBudget } : .max
        var context = ProcessorContext<Action, State>()
        var released = Released()
        let began = engine.withLock { engine in
            guard engine.beginScheduled(thread: thread, budget: budget, context: &context, released: &released)
            else { return false }
            cell.setProcessor(thread)
            return true
        }
        released.finish()
        guard began else { return }
        runQueue(after: nil, context: &context)
    }

    /// Processes queued actions and out-of-band commits on this thread, as the engine decides, until it hands the
    /// role back; `next` is the decision already taken by the action just processed, if any.
    @inlinable
    func runQueue(after next: EngineState<Action, State>.Step?, context: inout ProcessorContext<Action, State>) {
        var next = next
        var slot = NextAction<Action>()
        while true {
            if next == nil {
                var released = Released()
                next = engine.withLock { engine in decide(&engine, context: &context, slot: &slot, released: &released)
                }
                released.finish()
            }
            switch next! {
            case .process(let isReducing, let wakeProducers):
                if wakeProducers { producerRoom.broadcast() }
                let (dispatched, origin) = slot.action.take()!.parts()
                next = process(dispatched, origin: origin, isReducing: isReducing, context: &context, next: &slot)
                if context.keepPending {
                    if let feed = context.view.soleFeed {
                        feedKeeps(consume dispatched, feed: feed, context: &context)
                    } else {
                        probesKeep(consume dispatched, origin: origin, context: &context)
                    }
                }
            case .outOfBand:
                runOutOfBand(context: &context)
                next = nil
            case .idle(let wakeProducers):
                if wakeProducers { producerRoom.broadcast() }
                return
            case .handOff(let wakeProducers):
                if wakeProducers { producerRoom.broadcast() }
                scheduleProcessing()
                return
            case .stop:
                return
            }
        }
    }

    /// The engine's decision after an action, under the lock; the processing thread's id is cleared with the role.
    @inlinable
    func decide<Slot: NextActionSlot<Action>>(
        _ engine: inout EngineState<Action, State>,
        context: inout ProcessorContext<Action, State>,
        slot: inout Slot,
        released: inout Released
    ) -> EngineState<Action, State>.Step? {
        let next = slot.decide(&engine, context: &context, released: &released)
        switch next {
        case .process, .outOfBand, nil: break
        case .idle, .handOff, .stop: cell.setProcessor(0)
        }
        return next
    }

    // MARK: - The pipeline (processing thread only)

    /// Runs the pipeline for one action. When nothing follows the commit (no IO, no observer), the commit's critical
    /// section also decides what comes next, and that decision is returned. `isReducing` says that the decision
    /// that gave this action closed the state for the reducer already (nothing handles it before).
    @inlinable
    func process(
        _ dispatched: DispatchedAction<Action>,
        origin: @autoclosure () -> ActionOrigin,
        isReducing: Bool,
        context: inout ProcessorContext<Action, State>,
        next slot: inout some NextActionSlot<Action>
    ) -> EngineState<Action, State>.Step? {
        let use = context.probeUse
        if !use.isEmpty {
            if use.seesBeforeHandle, !isReducing {
                return processProbed(dispatched, origin: origin(), context: &context, next: &slot)
            }
            return processKept(dispatched, isReducing: isReducing, context: &context, next: &slot)
        }
        var untimed = UntimedPipeline<Action, State>()
        return process(dispatched, isReducing: isReducing, context: &context, next: &slot, marks: &untimed)
    }

    /// Runs the pipeline for an action that no probe holds or times (or, with `isReducing`, that nothing sees before
    /// its reducer), and that probes may keep after it. Out of line: a store without probes pays one branch for them.
    @inlinable @inline(never)
    func processKept(
        _ dispatched: DispatchedAction<Action>,
        isReducing: Bool,
        context: inout ProcessorContext<Action, State>,
        next slot: inout some NextActionSlot<Action>
    ) -> EngineState<Action, State>.Step? {
        guard context.probeUse.keeps else {
            var untimed = UntimedPipeline<Action, State>()
            return process(dispatched, isReducing: isReducing, context: &context, next: &slot, marks: &untimed)
        }
        var kept = KeptPipeline<Action, State>()
        let next = process(dispatched, isReducing: isReducing, context: &context, next: &slot, marks: &kept)
        context.keepPending = true
        return next
    }

    /// Runs the pipeline for an action that probes see before its middlewares: they may hold it and time it, and
    /// keep it after the pipeline. Out of line: a store without probes pays one branch for them.
    @inlinable @inline(never)
    func processProbed(
        _ dispatched: DispatchedAction<Action>,
        origin: ActionOrigin,
        context: inout ProcessorContext<Action, State>,
        next slot: inout some NextActionSlot<Action>
    ) -> EngineState<Action, State>.Step? {
        let use = context.probeUse
        // Probes that the pipeline calls are registered: the snapshot exists.
        let registrations = context.registrations.unsafelyUnwrapped
        if use.admits {
            let held = registrations._withUnsafeGuaranteedRef { registrations in
                registrations.probes.contains { $0.probe.admit?(dispatched, origin) == .hold }
            }
            if held { return nil }
        }
        var timed = TimedPipeline(registrations, origin: origin, keeps: use.keeps)
        let next = process(dispatched, isReducing: false, context: &context, next: &slot, marks: &timed)
        context.keepPending = use.keeps
        // With a decision taken in the commit, nothing followed the reducer: no observer and no IO ran.
        if next == nil { timed.didRunEffects() }
        return next
    }

    /// Always inlined: a call of its own costs a dispatch about 30 instructions.
    @inlinable @inline(__always)
    func process<Marks: PipelineMarks>(
        _ dispatched: DispatchedAction<Action>,
        isReducing: Bool,
        context: inout ProcessorContext<Action, State>,
        next slot: inout some NextActionSlot<Action>,
        marks: inout Marks
    ) -> EngineState<Action, State>.Step? where Marks.MarkedAction == Action, Marks.MarkedState == State {
        if isReducing {
            // Nothing handles the action: no IO to keep.
            let (next, _) = reduceAndCommit(dispatched, ioIsPure: true, context: &context, next: &slot, marks: &marks)
            return next
        }
        // 1. handle, in composition order; state() is the state before the reducer. The runtime middlewares are
        // those of the snapshot, fixed by the decision that gave this action.
        var io = IO<Action>.pure()
        var runtimeIO = IO<Action>.pure()
        if hasMiddleware {
            io = ComposedMiddleware.run(
                middleware, action: dispatched.action, from: dispatched.dispatcher, state: getState)
        }
        if context.hasRuntime {
            runtimeIO = context.withRegistrations { handleRuntime(dispatched, $0.runtime) } ?? .pure()
        }
        marks.handled()
        var released = Released()
        engine.withLock { engine in engine.beginReduce(context: &context, released: &released) }
        released.finish()
        let ioIsPure = io.isPure && runtimeIO.isPure
        let (next, decided) = reduceAndCommit(
            dispatched,
            ioIsPure: ioIsPure,
            context: &context,
            next: &slot,
            marks: &marks
        )
        if decided { return next }
        // 4. IOs in reverse composition order (runtime middlewares come last in the composition, so first here).
        if !ioIsPure {
            runtimeIO.run(output)
            io.run(output)
        }
        return nil
    }

    /// 2. Reduces in place, with no lock held, and commits; 3. tells the observers. When nothing follows the commit
    /// (no IO, no observer), the commit's critical section also decides what comes next: `decided` is then `true`.
    @inlinable
    func reduceAndCommit<Marks: PipelineMarks>(
        _ dispatched: DispatchedAction<Action>,
        ioIsPure: Bool,
        context: inout ProcessorContext<Action, State>,
        next slot: inout some NextActionSlot<Action>,
        marks: inout Marks
    ) -> (next: EngineState<Action, State>.Step?, decided: Bool)
    where Marks.MarkedAction == Action, Marks.MarkedState == State {
        // The previous state is kept only when observers need it; otherwise no local holds a state (a `nil` one
        // would still cost a release per action for a state that holds references).
        if needsPrevious && context.hasObservers {
            let previous = cell.processorValue
            return reduceAndCommit(
                dispatched,
                previous: previous,
                ioIsPure: ioIsPure,
                context: &context,
                next: &slot,
                marks: &marks
            )
        }
        return reduceAndCommit(
            dispatched, previous: nil, ioIsPure: ioIsPure, context: &context, next: &slot, marks: &marks)
    }

    @inlinable @inline(__always)
    func reduceAndCommit<Marks: PipelineMarks>(
        _ dispatched: DispatchedAction<Action>,
        previous: State?,
        ioIsPure: Bool,
        context: inout ProcessorContext<Action, State>,
        next slot: inout some NextActionSlot<Action>,
        marks: inout Marks
    ) -> (next: EngineState<Action, State>.Step?, decided: Bool)
    where Marks.MarkedAction == Action, Marks.MarkedState == State {
        cell.runReducer { reducer.reduce(dispatched.action, &$0) }
        marks.reduced(dispatched, cell.processorValue)
        let mayDecide = marks.mayDecideInCommit
        var released = Released()
        let (commit, wakeReaders, next, decided) = engine.withLock {
            engine -> (UInt64, Bool, EngineState<Action, State>.Step?, Bool) in
            let (commit, wakeReaders) = engine.commit(context: &context, released: &released)
            guard ioIsPure, !context.hasObservers, mayDecide else { return (commit, wakeReaders, nil, false) }
            return (commit, wakeReaders, decide(&engine, context: &context, slot: &slot, released: &released), true)
        }
        if wakeReaders { cell.wakeReaders() }
        released.finish()
        if decided { return (next, true) }
        if context.hasObservers {
            context.withRegistrations { deliver(commit: commit, previous: previous, to: $0) }
        }
        return (nil, false)
    }

    /// Tells the observers of `registrations` about commit number `commit`.
    @inlinable
    func deliver(commit: UInt64, previous: State?, to registrations: Registrations<Action, State>) {
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
        // The engine keeps `registrations` alive until the processing thread's next decision, and the snapshot never
        // changes: each observer is borrowed from it, with no reference counted.
        registrations.observers.withUnsafeBufferPointer { observers in
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
}
