/// The store engine's rules as a pure state machine: who processes, what waits, what is registered, and whether
/// the state may be read. It runs no user code and releases nothing; ``StoreCore`` holds it under its lock and
/// performs the decisions it returns after unlocking.
@usableFromInline
struct EngineState<Action: Sendable, State: Sendable>: Sendable {
    /// The processing role and its fairness account.
    @usableFromInline
    struct Processing: Equatable, Sendable {
        /// The thread that runs the pipeline.
        @usableFromInline var thread: UInt
        /// The owner of the action being processed: follow-ups that `thread` dispatches belong to it.
        @usableFromInline var owner: UInt
        /// How many actions of other owners `thread` may still process before it hands the queue over;
        /// `Int.max` on the store's own executor, which holds no caller captive.
        @usableFromInline var budget: Int

        @inlinable
        init(thread: UInt, owner: UInt, budget: Int) {
            self.thread = thread
            self.owner = owner
            self.budget = budget
        }
    }

    @usableFromInline
    enum Phase: Equatable, Sendable {
        /// Nothing to do; the next dispatch that may process here does.
        case idle
        /// A thread runs the pipeline.
        case processing(Processing)
        /// The queue was handed to the scheduler, which will process it.
        case scheduled
        /// The store was freed: nothing is accepted any more.
        case closed
    }

    @usableFromInline private(set) var phase = Phase.idle
    /// Whether the store was freed.
    var isClosed: Bool { phase == .closed }
    @usableFromInline private(set) var queue = ActionQueue<QueuedAction<Action>>()
    /// Commits that no action produces, waiting for the processing thread's next decision, which runs them before
    /// any queued action; `nil` when none waits, always so while the store is idle. An optional, not an empty array,
    /// so that the decisions check it without reading the array's storage.
    @usableFromInline private(set) var outOfBand: ContiguousArray<OutOfBandCommit<State>>?
    /// The reducer runs: threads other than the processing thread wait before they read the state.
    @usableFromInline private(set) var isReducing = false
    @usableFromInline private(set) var waitingReaders = 0
    /// How many reductions were committed.
    @usableFromInline private(set) var commits: UInt64 = 0
    /// The tasks waiting for the store to have nothing left to process; handed to `Released`, which resumes them after
    /// unlocking, when it does.
    @usableFromInline private(set) var idleWaiters: [CheckedContinuation<Void, Never>]?
    @usableFromInline private(set) var waitingProducers = 0
    @usableFromInline private(set) var observers: ContiguousArray<StateObserver<State>> = []
    @usableFromInline private(set) var runtime: ContiguousArray<RuntimeEntry<Action, State>> = []
    /// The probes attached, in the order they were attached.
    @usableFromInline private(set) var probes: ContiguousArray<ProbeEntry<Action, State>> = []
    /// Which hooks `probes` set.
    @usableFromInline private(set) var probeUse = ProbeUse.none
    /// The id of the out-of-band commit whose change runs now, on the processing thread; 0 while none does. Only that
    /// change may put actions at the front of the queue.
    @usableFromInline private(set) var runningOutOfBand: UInt64 = 0
    /// Changes with every change of `observers`, `runtime` or `probes`.
    @usableFromInline private(set) var version: UInt64 = 0
    /// The snapshot of `observers`, `runtime` and `probes` at `version`, made when a processing thread first
    /// asks for it; `nil` while nothing is registered.
    @usableFromInline private(set) var registrations: Registrations<Action, State>?
    @usableFromInline private(set) var registrationsVersion: UInt64 = 0
    /// What the processing thread reads of `registrations` per action.
    @usableFromInline private(set) var view = ProcessorContext<Action, State>.View()
    /// Snapshots replaced while a thread processes: that thread may still use the one it was handed, so they are let
    /// go of at its next decision.
    @usableFromInline private(set) var retired: [Registrations<Action, State>] = []
    /// Runtime middlewares whose `receiveContext` runs before they join the pipeline, by id.
    private var reservations: [UInt64: ObjectIdentifier?] = [:]
    private var lastID: UInt64 = 0
    /// Whether the store has a middleware of its own, which sees each action before the reducer.
    @usableFromInline let hasMiddleware: Bool
    @usableFromInline let limits: EngineLimits

    @inlinable
    init(hasMiddleware: Bool, limits: EngineLimits = .standard) {
        self.hasMiddleware = hasMiddleware
        self.limits = limits
    }

    /// Whether something must see an action before its reducer: the store's middleware, a runtime middleware or a
    /// probe that holds or times actions. Without any, the decision that gives the processing thread an action also
    /// closes the state.
    @inlinable
    var needsHandle: Bool { hasMiddleware || !runtime.isEmpty || probeUse.seesBeforeHandle }

    // MARK: - Dispatch

    @usableFromInline
    enum Admission: Equatable {
        /// The caller holds the processing role and processes the action now; when `isReducing`, the state is
        /// already closed for the reducer (nothing handles the action before it).
        case process(isReducing: Bool)
        /// Queued; the processing thread or the scheduler will process it.
        case queued
        /// Queued; the caller must hand the queue to the scheduler.
        case schedule
        /// The store is closed: the action is dropped.
        case rejected
    }

    /// Accepts an action that `thread` dispatched; `canProcessHere` says whether the scheduling policy lets that
    /// thread run the pipeline. The snapshot is refreshed when the caller is given the processing role.
    @inlinable
    mutating func admit(
        _ dispatched: DispatchedAction<Action>,
        thread: UInt,
        isFollowUp: Bool,
        canProcessHere: Bool,
        context: inout ProcessorContext<Action, State>,
        released: inout Released
    ) -> Admission {
        switch phase {
        case .idle:
            if canProcessHere {
                phase = .processing(Processing(thread: thread, owner: thread, budget: limits.fairnessBudget))
                refresh(&context, released: &released)
                if needsHandle { return .process(isReducing: false) }
                isReducing = true
                return .process(isReducing: true)
            }
            queue.append(QueuedAction(dispatched, thread: thread, owner: thread, isFollowUp: isFollowUp))
            phase = .scheduled
            return .schedule
        case .processing(let processing):
            // What the processing thread dispatches is caused by the action it processes.
            let owner = processing.thread == thread ? processing.owner : thread
            queue.append(QueuedAction(dispatched, thread: thread, owner: owner, isFollowUp: isFollowUp))
            return .queued
        case .scheduled:
            queue.append(QueuedAction(dispatched, thread: thread, owner: thread, isFollowUp: isFollowUp))
            return .queued
        case .closed:
            return .rejected
        }
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
        budget: Int,
        context: inout ProcessorContext<Action, State>,
        released: inout Released
    ) -> Bool {
        guard case .scheduled = phase else { return false }
        phase = .processing(Processing(thread: thread, owner: thread, budget: budget))
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
        commit.id = makeID()
        waiting.append(commit)
        outOfBand = waiting
        guard case .idle = phase else { return .queued }
        if canProcessHere {
            phase = .processing(Processing(thread: thread, owner: thread, budget: limits.fairnessBudget))
            return .process(isReducing: false)
        }
        phase = .scheduled
        return .schedule
    }

    /// Puts `actions` at the front of the queue, in order, for the processing thread to take before anything queued,
    /// each with the owner it was dispatched by; `false`, changing nothing, unless `thread` is the processing thread
    /// and runs the change of the out-of-band commit `commit` now.
    mutating func prepend(_ actions: [QueuedAction<Action>], commit: UInt64, thread: UInt) -> Bool {
        guard commit != 0, runningOutOfBand == commit, case .processing(let processing) = phase,
            processing.thread == thread
        else { return false }
        for action in actions.reversed() { queue.prepend(action) }
        return true
    }

    /// Hands the processing thread the first waiting out-of-band commit, after a decision returned
    /// ``Step/outOfBand``, and closes the state for its change; ``commit(context:released:)`` opens it again.
    /// `nil` when `close()` handed the commits back meanwhile.
    mutating func beginOutOfBand(
        context: inout ProcessorContext<Action, State>,
        released: inout Released
    ) -> OutOfBandCommit<State>? {
        guard case .processing = phase, var waiting = outOfBand.take() else { return nil }
        isReducing = true
        refresh(&context, released: &released)
        let first = waiting.removeFirst()
        if !waiting.isEmpty { outOfBand = waiting }
        runningOutOfBand = first.id
        return first
    }

    // MARK: - One action

    /// Closes the state before the reducer, once the action's middlewares have handled it.
    @inlinable
    mutating func beginReduce(context: inout ProcessorContext<Action, State>, released: inout Released) {
        isReducing = true
        refresh(&context, released: &released)
    }

    /// Opens the state after the reducer: returns the commit's number and whether readers wait for a wake-up.
    /// Observers registered during the reducer join the snapshot now, and receive this commit.
    @inlinable
    mutating func commit(
        context: inout ProcessorContext<Action, State>,
        released: inout Released
    ) -> (commit: UInt64, wakeReaders: Bool) {
        isReducing = false
        commits &+= 1
        refresh(&context, released: &released)
        return (commits, waitingReaders > 0)
    }

    /// Commits the change of the out-of-band commit handed out by ``beginOutOfBand(context:released:)``, as
    /// ``commit(context:released:)`` does; from now on, that change may no longer put actions at the front of the
    /// queue.
    mutating func commitOutOfBand(
        context: inout ProcessorContext<Action, State>,
        released: inout Released
    ) -> (commit: UInt64, wakeReaders: Bool) {
        runningOutOfBand = 0
        return commit(context: &context, released: &released)
    }

    // MARK: - Between actions

    @usableFromInline
    enum Step: Equatable, Sendable {
        /// Process the action the decision gave; when `isReducing`, the state is already closed for its reducer.
        case process(isReducing: Bool, wakeProducers: Bool)
        /// Out-of-band commits wait: the caller keeps the role, runs the first one (``beginOutOfBand``), and decides
        /// again. They go before any queued action.
        case outOfBand
        /// The queue is empty: the store is idle and the role was handed back.
        case idle(wakeProducers: Bool)
        /// The caller used its budget: the role was handed back and the caller must schedule the rest.
        case handOff(wakeProducers: Bool)
        /// The store was closed: the caller stops.
        case stop
    }

    /// Decides what the processing thread does after an action: runs the waiting out-of-band commits, takes the next
    /// queued action (counting it against the budget when another thread owns it), or hands the role back. What it
    /// lets go of goes to `released`.
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
        if outOfBand != nil { return .outOfBand }
        if queue.isEmpty {
            if queue.capacity > limits.retainedQueueCapacity { released.keep(queue.removeAll()) }
            if idleWaiters != nil { released.resume(idleWaiters.take()!) }
            phase = .idle
            return .idle(wakeProducers: waitingProducers > 0)
        }
        // Moved out, not copied; put back in front when the budget is spent, which is rare.
        let first = queue.popFirst()!
        let counts = first.owner != processing.thread && processing.budget != .max
        if counts, processing.budget <= 0 {
            queue.prepend(first)
            phase = .scheduled
            return .handOff(wakeProducers: waitingProducers > 0 && queue.count <= limits.lowWaterMark)
        }
        if counts { processing.budget -= 1 }
        processing.owner = first.owner
        phase = .processing(processing)
        action = first
        let closes = !needsHandle
        if closes { isReducing = true }
        return .process(
            isReducing: closes,
            wakeProducers: waitingProducers > 0 && queue.count <= limits.lowWaterMark
        )
    }

    /// Decides after an action whose thread keeps no slot for a next action (the one it dispatched itself): hands
    /// the role back when the queue is empty and no out-of-band commit waits, or when the store closed, and
    /// otherwise leaves the decision to ``next`` (which runs the out-of-band commits first).
    @inlinable @inline(__always)
    mutating func endIfIdle(context: inout ProcessorContext<Action, State>, released: inout Released) -> Step? {
        guard case .processing = phase else {
            stop(&context, released: &released)
            return .stop
        }
        guard queue.isEmpty, outOfBand == nil else { return nil }
        refresh(&context, released: &released)
        if queue.capacity > limits.retainedQueueCapacity { released.keep(queue.removeAll()) }
        if idleWaiters != nil { released.resume(idleWaiters.take()!) }
        phase = .idle
        return .idle(wakeProducers: waitingProducers > 0)
    }

    /// Ends the work of a processing thread stopped by `close()`: the snapshots it used are let go of. Out of line:
    /// it happens once in a store's life.
    @inlinable @inline(never)
    mutating func stop(_ context: inout ProcessorContext<Action, State>, released: inout Released) {
        context.view.registrations = nil
        if !retired.isEmpty {
            released.keep(retired)
            retired = []
        }
    }

    /// Brings the processing thread's snapshot up to date; the stale arrays go to `released`.
    @inlinable @inline(__always)
    mutating func refresh(_ context: inout ProcessorContext<Action, State>, released: inout Released) {
        guard context.version != version else { return }
        // A new context (each dispatch makes one) of a store whose snapshot is current: a copy of a few words.
        if registrationsVersion == version, retired.isEmpty {
            context.view = view
            context.version = version
            return
        }
        refreshRegistrations(&context, released: &released)
    }

    /// Hands the current snapshot to the processing thread (made first if the registrations changed since the last
    /// one); the snapshots it may have used until now go to `released`, since it no longer holds them.
    @inlinable
    mutating func refreshRegistrations(_ context: inout ProcessorContext<Action, State>, released: inout Released) {
        if registrationsVersion != version {
            if let old = registrations { released.keep(old) }
            let isEmpty = observers.isEmpty && runtime.isEmpty && probes.isEmpty
            registrations = isEmpty ? nil : Registrations(observers: observers, runtime: runtime, probes: probes)
            view = ProcessorContext.View(registrations, probeUse: probeUse)
            registrationsVersion = version
        }
        if !retired.isEmpty {
            released.keep(retired)
            retired = []
        }
        context.view = view
        context.version = version
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

    /// What closing hands back: everything queued and registered, for release after unlocking, and the out-of-band
    /// commits still waiting, to be told after unlocking that they never ran.
    struct Closed {
        var queue: ActionQueue<QueuedAction<Action>>
        var outOfBand: ContiguousArray<OutOfBandCommit<State>>?
        var runtime: ContiguousArray<RuntimeEntry<Action, State>>
        var observers: ContiguousArray<StateObserver<State>>
        var probes: ContiguousArray<ProbeEntry<Action, State>>
        var registrations: Registrations<Action, State>?
        var idleWaiters: [CheckedContinuation<Void, Never>]?
    }

    /// Closes the engine when the store is freed: nothing is accepted or processed afterwards (the processing
    /// thread, if any, stops after the action or out-of-band commit in progress), the waiting out-of-band commits are
    /// handed back, and every waiting producer may go.
    mutating func close() -> Closed {
        // The processing thread, if any, lets go of its snapshot at its next decision, which stops it.
        let current = retire(registrations)
        phase = .closed
        reservations.removeAll()
        version &+= 1
        let closed = Closed(
            queue: queue.removeAll(),
            outOfBand: outOfBand.take(),
            runtime: runtime,
            observers: observers,
            probes: probes,
            registrations: current,
            idleWaiters: idleWaiters.take()
        )
        runtime = []
        observers = []
        probes = []
        probeUse = .none
        registrations = nil
        return closed
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

// MARK: - Registrations

extension EngineState {
    // MARK: - Registrations

    mutating func makeID() -> UInt64 {
        lastID &+= 1
        return lastID
    }

    /// Adds an observer of the commits after the current one; `nil` when the store is closed.
    mutating func addObserver(
        deliver: @escaping @Sendable (State) -> Void,
        storeDidEnd: (@Sendable () -> Void)?
    ) -> StateObserver<State>? {
        if case .closed = phase { return nil }
        let observer = StateObserver(id: makeID(), startAfter: commits, deliver: deliver, storeDidEnd: storeDidEnd)
        observers.append(observer)
        version &+= 1
        return observer
    }

    /// Removes the observer `id` and returns it with the snapshot that held it, for release after unlocking.
    mutating func removeObserver(id: UInt64) -> (StateObserver<State>?, Registrations<Action, State>?) {
        guard let index = observers.firstIndex(where: { $0.id == id }) else { return (nil, nil) }
        return (observers.remove(at: index), changed())
    }

    /// Marks a change of the registrations and returns the stale snapshot, for release after unlocking: what was
    /// removed is then let go of at once, unless a processing thread holds the snapshot, which lets go of it at its
    /// next decision.
    mutating func changed() -> Registrations<Action, State>? {
        version &+= 1
        defer { registrations = nil }
        return retire(registrations)
    }

    /// Lets go of a snapshot that is no longer current: returned for release after unlocking, or, while a thread
    /// processes (it may be using it), kept until that thread's next decision.
    mutating func retire(_ snapshot: Registrations<Action, State>?) -> Registrations<Action, State>? {
        guard let snapshot else { return nil }
        guard case .processing = phase else { return snapshot }
        retired.append(snapshot)
        return nil
    }

    enum Reservation: Equatable {
        /// Call the middleware's `receiveContext`, then ``activate(_:)`` it under this id.
        case reserved(id: UInt64)
        /// The same instance is registered (or being registered) under this id.
        case duplicate(id: UInt64)
        case closed
    }

    /// Reserves an id for a runtime middleware, refusing a class instance that is already registered.
    mutating func reserveRuntime(identity: ObjectIdentifier?) -> Reservation {
        if case .closed = phase { return .closed }
        if let identity {
            if let entry = runtime.first(where: { $0.identity == identity }) {
                return .duplicate(id: entry.id)
            }
            if let pending = reservations.first(where: { $0.value == identity }) {
                return .duplicate(id: pending.key)
            }
        }
        let id = makeID()
        reservations[id] = .some(identity)
        return .reserved(id: id)
    }

    /// Adds a reserved middleware to the pipeline; `false` when it was removed or the store closed meanwhile.
    mutating func activate(_ entry: RuntimeEntry<Action, State>) -> Bool {
        guard reservations.removeValue(forKey: entry.id) != nil else { return false }
        if case .closed = phase { return false }
        runtime.append(entry)
        version &+= 1
        return true
    }

    /// Removes the runtime middleware `id` (or cancels its reservation) and returns it with the snapshot that held
    /// it, for release after unlocking.
    mutating func removeRuntime(id: UInt64) -> (RuntimeEntry<Action, State>?, Registrations<Action, State>?) {
        reservations[id] = nil
        guard let index = runtime.firstIndex(where: { $0.id == id }) else { return (nil, nil) }
        return (runtime.remove(at: index), changed())
    }

    /// Removes every runtime middleware and returns them with the snapshot that held them, for release after
    /// unlocking.
    mutating func removeAllRuntime() -> (ContiguousArray<RuntimeEntry<Action, State>>, Registrations<Action, State>?) {
        reservations.removeAll()
        defer { runtime = [] }
        return (runtime, changed())
    }

    /// Attaches a probe after those attached before it; `nil` when the store is closed. The stale snapshot comes
    /// back for release after unlocking.
    mutating func addProbe(
        _ probe: StoreProbe<Action, State>
    ) -> (ProbeEntry<Action, State>?, Registrations<Action, State>?) {
        if case .closed = phase { return (nil, nil) }
        let entry = ProbeEntry(id: makeID(), probe: probe)
        probes.append(entry)
        probeUse = ProbeUse(probes)
        return (entry, changed())
    }

    /// Detaches the probe `id` and returns it with the snapshot that held it, for release after unlocking.
    mutating func removeProbe(id: UInt64) -> (ProbeEntry<Action, State>?, Registrations<Action, State>?) {
        guard let index = probes.firstIndex(where: { $0.id == id }) else { return (nil, nil) }
        let removed = probes.remove(at: index)
        probeUse = ProbeUse(probes)
        return (removed, changed())
    }
}
