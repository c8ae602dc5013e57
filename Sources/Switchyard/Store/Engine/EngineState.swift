/// The store engine's rules as a pure state machine: who processes, what waits, what is registered, and whether
/// the state may be read. It runs no user code and releases nothing; ``StoreCore`` holds it under its lock and
/// performs the decisions it returns after unlocking.
@usableFromInline
struct EngineState<Action: Sendable, State: Sendable>: Sendable {

    @usableFromInline private(set) var phase = Phase.idle
    /// Whether the store was freed.
    var isClosed: Bool { phase == .closed }
    @usableFromInline private(set) var queue = ActionQueue<QueuedAction<Action>>()
    /// Commits that no action produces, waiting for the processing thread's next decision, which runs them before
    /// any queued action; `nil` when none waits, always so while the store is idle. An optional, not an empty array,
    /// so that the decisions check it without reading the array's storage.
    @usableFromInline private(set) var outOfBand: ContiguousArray<OutOfBandCommit<State>>?
    @usableFromInline private(set) var waitingReaders = 0
    /// How many reductions were committed.
    @usableFromInline private(set) var commits: UInt64 = 0
    /// The tasks waiting for the store to have nothing left to process; handed to `Released`, which resumes them after
    /// unlocking, when it does.
    @usableFromInline private(set) var idleWaiters: [CheckedContinuation<Void, Never>]?
    @usableFromInline private(set) var waitingProducers = 0
    /// The number of the last processing turn (``Processing/turn``); never reused.
    @usableFromInline private(set) var lastTurn: UInt32 = 0
    /// The observers, runtime middlewares and probes, set by the methods of `EngineState+Registrations.swift` only,
    /// as the snapshot below.
    @usableFromInline var registered = RegistrationTable<Action, State>()
    /// The actions that tools hold (``ActionOrigin/hold``), which the store takes back once each.
    @usableFromInline private(set) var holds: Set<UInt64> = []
    /// The snapshot of `registered` at its `version`, made when a processing thread first asks for it; `nil` while
    /// nothing is registered.
    @usableFromInline var registrations: Registrations<Action, State>?
    @usableFromInline var registrationsVersion: UInt64 = 0
    /// What the processing thread reads of `registrations` per action.
    @usableFromInline var view = ProcessorContext<Action, State>.View()
    /// Snapshots replaced while a thread processes: that thread may still use the one it was handed, so they are let
    /// go of at its next decision.
    @usableFromInline var retired: [Registrations<Action, State>] = []
    /// The `didDetach` hooks of probes detached while a thread processes, called after that thread's next decision
    /// between two actions (the action in progress may still call the probes' other hooks); `nil` while there are
    /// none. Whenever there are some, the processing thread's context is stale, so that its decision takes the slow
    /// path of ``refresh(_:released:)``.
    @usableFromInline var detachHooks: [@Sendable () -> Void]?
    /// Whether the store has a middleware of its own, which sees each action before the reducer.
    @usableFromInline let hasMiddleware: Bool
    @usableFromInline let limits: EngineLimits

    @inlinable
    init(hasMiddleware: Bool, limits: EngineLimits = .standard) {
        self.hasMiddleware = hasMiddleware
        self.limits = limits
    }

    /// Sets the processing thread's stage: the state is closed for a reducer, or open again.
    @inlinable
    mutating func setStage(_ stage: Stage) {
        guard case .processing(var processing) = phase else { return }
        processing.enter(stage)
        phase = .processing(processing)
    }

    // MARK: - Dispatch

    /// Accepts an action that `thread` dispatched; `canProcessHere` says whether the scheduling policy lets that
    /// thread run the pipeline. The snapshot is refreshed when the caller is given the processing role.
    @inlinable
    mutating func admit(
        _ dispatched: DispatchedAction<Action>,
        thread: UInt,
        isFollowUp: Bool,
        cause: UInt64 = 0,
        canProcessHere: Bool,
        context: inout ProcessorContext<Action, State>,
        released: inout Released
    ) -> Admission {
        switch phase {
        case .idle:
            if canProcessHere {
                let closes = !needsHandle
                phase = .processing(
                    Processing(thread: thread, budget: limits.fairnessBudget, stage: closes ? .reducing : .handling))
                refresh(&context, released: &released)
                return .process(isReducing: closes)
            }
            queue.append(QueuedAction(dispatched, thread: thread, owner: 0, isFollowUp: isFollowUp, cause: cause))
            phase = .scheduled
            return .schedule
        case .processing(var processing):
            // What the processing thread dispatches while it processes an action of its turn belongs to the turn;
            // anything else belongs to no turn, and costs the turn that processes it its budget.
            var owner: UInt32 = 0
            if processing.thread == thread, processing.ownsCurrent {
                if processing.turn == 0 {
                    processing.turn = nextTurn()
                    processing.current = processing.turn
                    phase = .processing(processing)
                }
                owner = processing.turn
            }
            queue.append(QueuedAction(dispatched, thread: thread, owner: owner, isFollowUp: isFollowUp, cause: cause))
            return .queued
        case .scheduled:
            queue.append(QueuedAction(dispatched, thread: thread, owner: 0, isFollowUp: isFollowUp, cause: cause))
            return .queued
        case .closed:
            return .rejected
        }
    }

    /// A new processing turn's number.
    @inlinable
    mutating func nextTurn() -> UInt32 {
        // Never 0, which is no turn's, nor `Processing.othersAction`: after 2^32 - 2 turns the numbers wrap, long
        // after any action of the turn that had the same number was processed.
        lastTurn = lastTurn >= Processing.othersAction - 1 ? 1 : lastTurn + 1
        return lastTurn
    }

    /// Whether `thread` must wait before dispatching: the queue is at its high-water mark and another thread is
    /// there to drain it. The processing thread never waits (nothing else would drain the queue), nor does a thread
    /// that the scheduled work runs on (the main thread, for a store that processes on the main queue): it would
    /// wait for room that only it can make. Counts the waiting producers; `wokeUp` is `true` when the caller checks
    /// again after a wake-up.
    @inlinable
    mutating func producerMustWait(thread: UInt, drainsScheduledWork: Bool, wokeUp: Bool) -> Bool {
        if wokeUp { waitingProducers -= 1 }
        guard queue.count >= limits.highWaterMark else { return false }
        switch phase {
        case .idle, .closed: return false
        case .processing(let processing) where processing.thread == thread: return false
        case .scheduled where drainsScheduledWork: return false
        case .processing, .scheduled: break
        }
        waitingProducers += 1
        return true
    }

    /// Takes the scheduled processing role; `false` when there is nothing scheduled (the store was closed, or a
    /// thread took the queue over meanwhile).
    @inlinable
    mutating func beginScheduled(
        thread: UInt,
        budget: Int32,
        context: inout ProcessorContext<Action, State>,
        released: inout Released
    ) -> Bool {
        guard case .scheduled = phase else { return false }
        phase = .processing(Processing(thread: thread, budget: budget))
        refresh(&context, released: &released)
        return true
    }

    /// Accepts a commit that no action produces, requested by `thread`; `canProcessHere` says whether the
    /// scheduling policy lets that thread run the pipeline. An idle store gives the caller the processing role
    /// (`.process`: the caller runs the run loop, whose first decision returns ``Step/outOfBand``) or hands the
    /// commit to the scheduler (`.schedule`); otherwise the commit waits for the processing thread's (or the
    /// scheduled work's) next decision, which runs it before any queued action. A closed store refuses it: the
    /// caller tells the requester.
    mutating func requestOutOfBand(_ commit: OutOfBandCommit<State>, thread: UInt, canProcessHere: Bool) -> Admission {
        if case .closed = phase { return .rejected }
        var waiting = outOfBand.take() ?? []
        var commit = commit
        commit.id = registered.makeID()
        waiting.append(commit)
        outOfBand = waiting
        guard case .idle = phase else { return .queued }
        if canProcessHere {
            phase = .processing(Processing(thread: thread, budget: limits.fairnessBudget))
            return .process(isReducing: false)
        }
        phase = .scheduled
        return .schedule
    }

    /// Gives back actions that tools held, from the change of the out-of-band commit `commit`: they go to the front
    /// of the queue, which nothing takes from before the change is committed, in the order given (those of a second
    /// call after those of the first), each as an action of no processing turn, which the turn that processes it counts against its budget.
    /// An action that the store does not hold (given back already, or never held by this store) is refused. `nil`,
    /// taking nothing, unless `thread` is the processing thread and runs that change now; otherwise the number of
    /// actions refused.
    mutating func giveBack(_ actions: [HeldAction<Action>], commit: UInt64, thread: UInt) -> Int? {
        guard commit != 0, case .processing(var processing) = phase, processing.thread == thread,
            processing.stage.change == commit
        else { return nil }
        var refused = 0
        for held in actions {
            guard holds.remove(held.origin.hold) != nil else {
                refused += 1
                continue
            }
            // Nothing takes an action from the queue while the change runs: only the processing thread does, after
            // the commit. At the front now, after those given back before, is where the commit would put it.
            queue.insert(
                QueuedAction(
                    held.dispatched, thread: held.origin.thread, owner: 0, isFollowUp: held.origin.isFollowUp,
                    cause: held.origin.cause),
                at: Int(processing.givenBack))
            processing.countGivenBack()
        }
        phase = .processing(processing)
        return refused
    }

    /// Records that a tool holds the action offered under `hold` (``ActionOrigin/hold``).
    mutating func recordHold(_ hold: UInt64) {
        if case .closed = phase { return }
        holds.insert(hold)
    }

    /// Hands the processing thread the first waiting out-of-band commit, after a decision returned
    /// ``Step/outOfBand``, and closes the state for its change; ``commit(context:released:)`` opens it again.
    /// `nil` when `close()` handed the commits back meanwhile.
    mutating func beginOutOfBand(
        context: inout ProcessorContext<Action, State>,
        released: inout Released
    ) -> OutOfBandCommit<State>? {
        guard case .processing = phase, var waiting = outOfBand.take() else { return nil }
        refresh(&context, released: &released)
        let first = waiting.removeFirst()
        if !waiting.isEmpty { outOfBand = waiting }
        setStage(.changing(first.id))
        return first
    }

    // MARK: - One action

    /// Closes the state before the reducer, once the action's middlewares have handled it.
    @inlinable
    mutating func beginReduce(context: inout ProcessorContext<Action, State>, released: inout Released) {
        setStage(.reducing)
        refreshWithinAction(&context)
    }

    /// Opens the state after the reducer: returns the commit's number and whether readers wait for a wake-up.
    /// Observers registered during the reducer join the snapshot now, and receive this commit. Without `reopening`,
    /// the caller either takes a decision (``next(context:action:released:)`` or ``endIfIdle(context:released:)``)
    /// before it unlocks, which opens the state or closes it for the next action, or calls ``reopen()``: a store
    /// whose dispatch decides in its commit saves a write of the phase, about 9 instructions.
    @inlinable
    mutating func commit(
        context: inout ProcessorContext<Action, State>,
        released: inout Released,
        reopening: Bool = true
    ) -> (commit: UInt64, wakeReaders: Bool) {
        if reopening { setStage(.handling) }
        commits &+= 1
        refreshWithinAction(&context)
        return (commits, waitingReaders > 0)
    }

    /// Opens the state after a commit made without `reopening`, when no decision follows it.
    @inlinable
    mutating func reopen() {
        setStage(.handling)
    }

    /// Commits the change of the out-of-band commit handed out by ``beginOutOfBand(context:released:)``, as
    /// ``commit(context:released:)`` does, with the actions the change gave back put at the front of the queue; from
    /// now on, that change may no longer give actions back.
    mutating func commitOutOfBand(
        context: inout ProcessorContext<Action, State>,
        released: inout Released
    ) -> (commit: UInt64, wakeReaders: Bool) {
        // The actions the change gave back are at the front of the queue already.
        commit(context: &context, released: &released)
    }

    // MARK: - Between actions

    /// Decides what the processing thread does after an action: runs the waiting out-of-band commits, takes the next
    /// queued action (counting it against the budget when another thread owns it), or hands the role back. What it
    /// lets go of goes to `released`. When the thread keeps the role, the state is open, or closed for the next
    /// action's reducer when nothing handles that action before it.
    @inlinable
    mutating func next(
        context: inout ProcessorContext<Action, State>,
        action: inout QueuedAction<Action>?,
        released: inout Released
    ) -> Step {
        guard case .processing(var processing) = phase else {
            // Only the processing thread asks, and only `close()` takes the role away from it.
            stop(&context, released: &released)
            return .stop
        }
        refresh(&context, released: &released)
        if outOfBand != nil {
            setStage(.handling)
            return .outOfBand
        }
        if queue.isEmpty {
            if queue.capacity > limits.retainedQueueCapacity { released.keep(queue.removeAll()) }
            if idleWaiters != nil { released.resume(idleWaiters.take()!) }
            phase = .idle
            return .idle(wakeProducers: waitingProducers > 0)
        }
        // Moved out, not copied; put back in front when the budget is spent, which is rare.
        let first = queue.popFirst()!
        let owns = first.owner != 0 && first.owner == processing.turn
        let counts = !owns && processing.budget != .max
        if counts, processing.budget <= 0 {
            queue.prepend(first)
            phase = .scheduled
            return .handOff(wakeProducers: waitingProducers > 0 && queue.count <= limits.lowWaterMark)
        }
        if counts { processing.budget -= 1 }
        processing.current = owns ? processing.turn : Processing.othersAction
        let closes = !needsHandle
        processing.enter(closes ? .reducing : .handling)
        phase = .processing(processing)
        action = first
        return .process(
            isReducing: closes,
            wakeProducers: waitingProducers > 0 && queue.count <= limits.lowWaterMark
        )
    }

    /// Decides after an action whose thread keeps no slot for a next action (the one it dispatched itself): hands
    /// the role back when the queue is empty and no out-of-band commit waits, or when the store closed, and
    /// otherwise leaves the decision to ``next`` (which runs the out-of-band commits first), with the state open.
    @inlinable @inline(__always)
    mutating func endIfIdle(context: inout ProcessorContext<Action, State>, released: inout Released) -> Step? {
        guard case .processing = phase else {
            stop(&context, released: &released)
            return .stop
        }
        guard queue.isEmpty, outOfBand == nil else {
            setStage(.handling)
            return nil
        }
        refresh(&context, released: &released)
        if queue.capacity > limits.retainedQueueCapacity { released.keep(queue.removeAll()) }
        if idleWaiters != nil { released.resume(idleWaiters.take()!) }
        phase = .idle
        return .idle(wakeProducers: waitingProducers > 0)
    }

    // MARK: - Reading the state

    /// Whether a thread other than the processing thread must wait before it reads the state (the reducer runs);
    /// counts the waiting threads. `wokeUp` is `true` when the caller checks again after a wake-up.
    @inlinable
    mutating func readerMustWait(wokeUp: Bool) -> Bool {
        if wokeUp { waitingReaders -= 1 }
        guard isReducing else { return false }
        waitingReaders += 1
        return true
    }

    // MARK: - Closing

    /// Closes the engine when the store is freed: nothing is accepted or processed afterwards (the processing
    /// thread, if any, stops after the action or out-of-band commit in progress), the waiting out-of-band commits are
    /// handed back, and every waiting producer may go.
    mutating func close() -> Closed {
        // The processing thread, if any, lets go of its snapshot at its next decision, which stops it.
        let current = retire(registrations)
        phase = .closed
        holds = []
        let (runtime, observers, probes) = registered.removeAll()
        registrations = nil
        // What the change in progress gave back is dropped with the queue.
        return Closed(
            queue: queue.removeAll(),
            outOfBand: outOfBand.take(),
            runtime: runtime,
            observers: observers,
            probes: probes,
            registrations: current,
            idleWaiters: idleWaiters.take()
        )
    }

    /// Adds `continuation` to the tasks resumed once the store has nothing left to process; `false`, leaving it to
    /// the caller, when the store has nothing to process now or is closed.
    mutating func waitForIdle(_ continuation: CheckedContinuation<Void, Never>) -> Bool {
        switch phase {
        case .closed: return false
        case .idle where queue.isEmpty && outOfBand == nil: return false
        default:
            if idleWaiters == nil { idleWaiters = [] }
            idleWaiters!.append(continuation)
            return true
        }
    }
}
