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
    /// Whether a probe that keeps actions (`didProcess`) was attached: a store given an action
    /// (`store.dispatch(action)`) then hands it over instead of lending it. Set when such a probe is attached, never
    /// cleared: it only says which of two correct ways costs less.
    @usableFromInline let keepsActions = Atomic<Bool>(false)
    /// Whether a probe that keeps actions was attached (see ``keepsActions``).
    @inlinable var hasKeepers: Bool { keepsActions.load(ordering: .relaxed) }
    /// The last number under which an action was offered to the probes that may hold it (``ActionOrigin/hold``).
    @usableFromInline let lastHold = Atomic<UInt64>(0)
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
            outputTarget.core?.dispatch(dispatched, isFollowUp: true, cause: effects.followUpCause())
        }
        outputTarget.set(self)
    }

    // MARK: - Dispatch

    /// Accepts an action from any thread: processes it now when the store is idle and the policy lets this thread
    /// process, queues it otherwise (waiting first while the queue is full, unless this thread is the one that
    /// drains it). Probes that keep actions receive a copy of it.
    @inlinable
    func dispatch(_ dispatched: DispatchedAction<Action>, isFollowUp: Bool = false, cause: UInt64 = 0) {
        var context = ProcessorContext<Action, State>()
        var next: EngineState<Action, State>.Step?
        guard admitAndProcess(dispatched, isFollowUp: isFollowUp, cause: cause, context: &context, next: &next) else {
            return
        }
        // A kept action is never decided in the commit: the probes take it first.
        if next == nil, context.keepPending {
            if let feed = context.view.soleFeed {
                feedKeepsCopy(dispatched, feed: feed, context: &context)
            } else {
                keep(copy dispatched, isFollowUp: isFollowUp, cause: cause, context: &context)
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
        guard admitAndProcess(dispatched, isFollowUp: false, cause: 0, context: &context, next: &next) else { return }
        // A kept action is never decided in the commit: the probes take it first.
        if next == nil, context.keepPending {
            if let feed = context.view.soleFeed {
                feedKeeps(consume dispatched, feed: feed, context: &context)
            } else {
                keep(consume dispatched, isFollowUp: false, cause: 0, context: &context)
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
        cause: UInt64,
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
                cause: cause,
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
                origin: ActionOrigin(thread: thread, isFollowUp: isFollowUp, cause: cause),
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
        cause: UInt64,
        context: inout ProcessorContext<Action, State>
    ) {
        let origin = ActionOrigin(thread: currentThreadID(), isFollowUp: isFollowUp, cause: cause)
        probesKeep(consume dispatched, origin: origin, context: &context)
    }

    /// Hands a copy of an action that the caller lent to the one feed that keeps actions (see
    /// ``feedKeeps(_:feed:context:)``). Out of line: a store that is lent its actions has no feed (one with a feed is
    /// given them), and the inlined append would cost every dispatch of such a store a few instructions.
    @inlinable @inline(never)
    func feedKeepsCopy(
        _ dispatched: DispatchedAction<Action>,
        feed: Unmanaged<ActionFeed<Action, State>>,
        context: inout ProcessorContext<Action, State>
    ) {
        feedKeeps(copy dispatched, feed: feed, context: &context)
    }

    /// Hands the action just processed to the one feed that keeps actions (see ``probesKeep(_:origin:context:)``),
    /// with no hook of the tool's called: the processing thread appends to the feed, which the engine keeps alive
    /// (in the snapshot) until this thread's next decision. Inlined with the append: a call costs each dispatch of a
    /// store with a feed about 40 instructions (p1 515 against 472 in the gate).
    @inlinable @inline(__always)
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
}
