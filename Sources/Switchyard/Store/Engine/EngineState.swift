/// An action waiting in a store's queue, with the thread that dispatched it.
@usableFromInline
struct QueuedAction<Action: Sendable>: Sendable {
    @usableFromInline let dispatched: DispatchedAction<Action>
    @usableFromInline let thread: UInt
    /// Whether the store's own output dispatched it: a middleware, an IO or an effect, not the app.
    @usableFromInline let isFollowUp: Bool

    @inlinable
    init(_ dispatched: DispatchedAction<Action>, thread: UInt, isFollowUp: Bool) {
        self.dispatched = dispatched
        self.thread = thread
        self.isFollowUp = isFollowUp
    }
}

/// What the engine lets go of in one decision: the caller drops it after unlocking, so that any `deinit` it
/// triggers (user code) runs with no lock held. Empty, it holds no storage and costs nothing to drop.
@usableFromInline
struct Released {
    @usableFromInline var objects: [Any]?

    @inlinable
    init() {}

    /// Keeps `object` (a snapshot, a registry entry, a queue's storage) until this value is dropped.
    @inlinable
    mutating func keep(_ object: Any) {
        if objects == nil { objects = [] }
        objects?.append(object)
    }
}

/// The numbers that bound a store's work and memory.
@usableFromInline
enum EngineLimits {
    /// Producers other than the processing thread wait while this many actions are queued.
    @usableFromInline static var highWaterMark: Int { 65_536 }
    /// Waiting producers are woken once the queue is back to this length, so that they do not wake for every batch.
    @usableFromInline static var lowWaterMark: Int { highWaterMark / 2 }
    /// A thread that found the store idle processes its own action, the actions its own processing dispatches, and
    /// at most this many actions dispatched by other threads; then it hands the rest of the queue over.
    @usableFromInline static var fairnessBudget: Int { 256 }
    /// An idle store keeps a queue buffer of at most this many slots; a larger one is given back.
    @usableFromInline static var retainedQueueCapacity: Int { 256 }
}

/// The store engine's rules as a pure state machine: who processes, what waits, who is registered. It runs no user
/// code and releases nothing; ``StoreCore`` holds it under its lock and performs the returned decisions after
/// unlocking.
///
/// The processing role: while `phase` is `.processing(thread)`, that thread owns the ``ProcessorContext`` (it moved
/// out of `context`, which is `nil` meanwhile) and is the only one running the pipeline. In every other phase
/// `context` holds it. Handing it over moves it: no reference is counted.
@usableFromInline
struct EngineState<Action: Sendable, State>: Sendable {
    @usableFromInline
    enum Phase: Equatable, Sendable {
        /// Nothing to do; the next dispatch that may process here does.
        case idle
        /// `thread` runs the pipeline.
        case processing(thread: UInt)
        /// The queue was handed to the scheduler, which will process it.
        case scheduled
        /// The store was freed: nothing is accepted any more.
        case closed
    }

    @usableFromInline var phase = Phase.idle
    @usableFromInline var queue = ActionQueue<QueuedAction<Action>>()
    /// The processing thread's context: the engine touches it only while no thread holds the processing role, or
    /// on behalf of the thread that holds it, in that thread's critical sections.
    @usableFromInline let context: ProcessorContext<Action, State>
    @usableFromInline var observers = EngineRegistry<StateObserver<State>>()
    @usableFromInline var runtime = EngineRegistry<RuntimeEntry<Action, State>>()
    /// Runtime middlewares whose `receiveContext` runs before they join the pipeline, by id.
    @usableFromInline var reservations: [UInt64: ObjectIdentifier?] = [:]
    @usableFromInline var waitingProducers = 0
    @usableFromInline var lastID: UInt64 = 0

    @inlinable
    init(context: ProcessorContext<Action, State>) {
        self.context = context
    }

    // MARK: - Dispatch

    @usableFromInline
    enum Admission {
        /// The caller processes the action now, with the context it was handed.
        case process
        /// Queued; the processing thread or the scheduler will process it.
        case queued
        /// Queued; the caller must hand the queue to the scheduler.
        case schedule
        /// The store is closed: the action is dropped.
        case rejected
    }

    /// Accepts an action dispatched by `thread`; `canProcessHere` says whether the scheduling policy lets that
    /// thread run the pipeline. With ``Admission/process``, the caller holds the processing role, and with it the
    /// use of ``context``, until a decision hands the role back.
    @inlinable
    mutating func admit(
        _ dispatched: DispatchedAction<Action>,
        thread: UInt,
        isFollowUp: Bool,
        canProcessHere: Bool
    ) -> Admission {
        switch phase {
        case .idle:
            if canProcessHere {
                phase = .processing(thread: thread)
                return .process
            }
            queue.append(QueuedAction(dispatched, thread: thread, isFollowUp: isFollowUp))
            phase = .scheduled
            return .schedule
        case .processing, .scheduled:
            queue.append(QueuedAction(dispatched, thread: thread, isFollowUp: isFollowUp))
            return .queued
        case .closed:
            return .rejected
        }
    }

    /// Whether `thread` must wait before dispatching: the queue is at its high-water mark and `thread` is not the
    /// processing thread (whose own dispatches never wait: nothing else would drain the queue). Counts the waiting
    /// producers; `wokeUp` is `true` when the caller checks again after a wake-up.
    @inlinable
    mutating func producerMustWait(thread: UInt, wokeUp: Bool) -> Bool {
        if wokeUp { waitingProducers -= 1 }
        guard queue.count >= EngineLimits.highWaterMark else { return false }
        switch phase {
        case .idle, .closed: return false
        case .processing(let processor) where processor == thread: return false
        case .processing, .scheduled: break
        }
        waitingProducers += 1
        return true
    }

    /// Whether an action can be processed without the context: nobody observes and no runtime middleware is
    /// registered. (When no thread processes, the context's snapshots match the registries.)
    @inlinable
    var isAlone: Bool { observers.elements.isEmpty && runtime.elements.isEmpty }

    /// Ends the processing of an action done alone: back to idle when nothing arrived meanwhile (no queued action,
    /// no observer registered during the reducer); `false` otherwise, and the caller goes on with the context.
    @inlinable
    mutating func endAloneAction() -> Bool {
        guard case .processing = phase, queue.isEmpty, observers.elements.isEmpty else { return false }
        phase = .idle
        return true
    }

    /// Takes the scheduled processing role; `false` when there is nothing scheduled (the store was closed).
    @inlinable
    mutating func beginScheduled(thread: UInt, released: inout Released) -> Bool {
        guard case .scheduled = phase else { return false }
        phase = .processing(thread: thread)
        refresh(context, into: &released)
        return true
    }

    @usableFromInline
    enum OutOfBand: Sendable {
        /// The caller holds the processing role for a commit of its own.
        case began
        /// Another thread processes, or the queue is scheduled: try again later.
        case busy
        case closed
    }

    /// Takes the processing role for a commit that is not an action's, only when the store is idle.
    @inlinable
    mutating func beginOutOfBand(thread: UInt, released: inout Released) -> OutOfBand {
        switch phase {
        case .idle:
            phase = .processing(thread: thread)
            refresh(context, into: &released)
            return .began
        case .processing, .scheduled: return .busy
        case .closed: return .closed
        }
    }

    // MARK: - Between actions

    @usableFromInline
    enum Next {
        /// More actions are in the context's batch: process them.
        case batch(wakeProducers: Bool)
        /// The queue is empty: the store is idle and the context was handed back.
        case idle(wakeProducers: Bool)
        /// The caller used its budget: the context was handed back and the caller must schedule the rest.
        case handOff
        /// The store was closed: the caller stops.
        case stop
    }

    /// Decides what the processing thread does after its batch: refreshes its snapshots, then moves up to
    /// `budget` more actions into its batch, or hands the role back. What it lets go of goes to `released`.
    @inlinable
    mutating func next(budget: Int, released: inout Released) -> Next {
        if case .closed = phase {
            released.keep(context.removeAll())
            return .stop
        }
        refresh(context, into: &released)
        if !context.batch.isEmpty { return .batch(wakeProducers: false) }
        if queue.isEmpty {
            if let shrunk = queue.shrinkIfEmpty(above: EngineLimits.retainedQueueCapacity) { released.keep(shrunk) }
            if let shrunk = context.batch.shrinkIfEmpty(above: EngineLimits.retainedQueueCapacity) {
                released.keep(shrunk)
            }
            phase = .idle
            return .idle(wakeProducers: waitingProducers > 0)
        }
        if budget <= 0 {
            phase = .scheduled
            return .handOff
        }
        // With a budget, a few actions at a time; without one (the store's own queue), the whole queue at once,
        // which swaps buffers and copies nothing.
        let taken = budget == .max ? queue.count : Swift.min(budget, EngineLimits.fairnessBudget)
        queue.moveFirst(taken, to: &context.batch)
        return .batch(wakeProducers: waitingProducers > 0 && queue.count <= EngineLimits.lowWaterMark)
    }

    /// Brings the processing thread's snapshots up to date; the stale ones go to `released`.
    @inlinable @inline(__always)
    func refresh(_ processorContext: ProcessorContext<Action, State>, into released: inout Released) {
        guard
            processorContext.observersVersion != observers.version || processorContext.runtimeVersion != runtime.version
        else { return }
        refreshSnapshots(processorContext, into: &released)
    }

    @inlinable @inline(never)
    func refreshSnapshots(_ processorContext: ProcessorContext<Action, State>, into released: inout Released) {
        if processorContext.observersVersion != observers.version {
            var stale = observers.elements
            swap(&stale, &processorContext.observers)
            released.keep(stale)
            processorContext.observersVersion = observers.version
        }
        if processorContext.runtimeVersion != runtime.version {
            var stale = runtime.elements
            swap(&stale, &processorContext.runtime)
            released.keep(stale)
            processorContext.runtimeVersion = runtime.version
        }
    }

    /// Refreshes the idle context's snapshots (when no thread processes), so that what was removed goes now.
    @inlinable
    mutating func refreshIdleContext(into released: inout Released) {
        if case .processing = phase { return }
        refresh(context, into: &released)
    }

    // MARK: - Registrations

    @inlinable
    mutating func makeID() -> UInt64 {
        lastID &+= 1
        return lastID
    }

    /// Adds `observer`; `false` when the store is closed.
    @inlinable
    mutating func addObserver(_ observer: StateObserver<State>) -> Bool {
        if case .closed = phase { return false }
        observers.append(observer)
        return true
    }

    @inlinable
    mutating func removeObserver(id: UInt64) -> (Released, removed: ContiguousArray<StateObserver<State>>) {
        var released = Released()
        let removed = observers.remove { $0.id == id }
        refreshIdleContext(into: &released)
        return (released, removed)
    }

    @usableFromInline
    enum Reservation {
        /// Call the middleware's `receiveContext`, then ``activate(_:)`` it under this id.
        case reserved(id: UInt64)
        /// The same instance is registered (or being registered) under this id.
        case duplicate(id: UInt64)
        case closed
    }

    /// Reserves an id for a runtime middleware, refusing a class instance that is already registered.
    @inlinable
    mutating func reserveRuntime(identity: ObjectIdentifier?) -> Reservation {
        if case .closed = phase { return .closed }
        if let identity {
            if let entry = runtime.elements.first(where: { $0.identity == identity }) {
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
    @inlinable
    mutating func activate(_ entry: RuntimeEntry<Action, State>) -> Bool {
        guard reservations.removeValue(forKey: entry.id) != nil else { return false }
        if case .closed = phase { return false }
        runtime.append(entry)
        return true
    }

    @inlinable
    mutating func removeRuntime(id: UInt64) -> (Released, removed: ContiguousArray<RuntimeEntry<Action, State>>) {
        reservations[id] = nil
        var released = Released()
        let removed = runtime.remove { $0.id == id }
        refreshIdleContext(into: &released)
        return (released, removed)
    }

    @inlinable
    mutating func removeAllRuntime() -> (Released, removed: ContiguousArray<RuntimeEntry<Action, State>>) {
        reservations.removeAll()
        var released = Released()
        let removed = runtime.removeAll()
        refreshIdleContext(into: &released)
        return (released, removed)
    }

    // MARK: - Closing

    /// Closes the engine when the store is freed: nothing is accepted afterwards, every waiting producer is woken,
    /// and everything registered or queued is returned for release (observers first get their end-of-store call).
    @inlinable
    mutating func close() -> (
        released: Released,
        runtime: ContiguousArray<RuntimeEntry<Action, State>>,
        observers: ContiguousArray<StateObserver<State>>
    ) {
        var released = Released()
        // The processing thread, if any, releases the context's contents when it stops.
        if case .processing = phase {} else { released.keep(context.removeAll()) }
        phase = .closed
        released.keep(queue.removeAll())
        reservations.removeAll()
        return (released, runtime.removeAll(), observers.removeAll())
    }
}
