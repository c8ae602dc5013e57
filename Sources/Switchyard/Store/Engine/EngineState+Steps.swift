// The engine's roles and the decisions it hands back.

extension EngineState {
    /// The processing role and its fairness account.
    ///
    /// The account belongs to the turn, not to the thread: a thread's identifier (`pthread_self()`) is reused by a
    /// thread started after it ends, so an action owned by a thread would pass for the own action of an unrelated
    /// later one. A turn's number is never reused: what a turn processes without counting is what its own dispatch
    /// caused, and nothing else. A turn is numbered when it first queues a follow-up of its own; most turns never do
    /// (one action, processed at once), and their number would cost each dispatch a few instructions.
    @usableFromInline
    struct Processing: Equatable, Sendable {
        /// The thread that runs the pipeline.
        @usableFromInline var thread: UInt
        /// This turn's number, the owner of the follow-ups of its own actions; `0` until it queues one.
        @usableFromInline var turn: UInt32
        /// The owner of the action being processed: ``turn`` when it is the turn's own (the action that began it, or a
        /// follow-up of its own), and the follow-ups that `thread` dispatches meanwhile are the turn's own too;
        /// ``othersAction`` otherwise. Numbers, not a `Bool`: the phase then keeps its case in a byte of its own, which
        /// the decisions test in one instruction (with a `Bool` here, each test decodes the case from the payload's
        /// spare values, 11 instructions more per dispatch).
        @usableFromInline var current: UInt32
        /// How many actions of other owners `thread` may still process before it hands the queue over;
        /// `Int32.max` on the store's own executor, which holds no caller captive. 32 bits, as ``givenBack``: with
        /// them the role fits in four words, and each more word costs each write of the phase two instructions.
        @usableFromInline var budget: Int32
        /// How many actions the change of ``stage`` gave back so far: they are at the front of the queue, in the
        /// order given, and the next ones go after them. `0` outside a change: only ``enter(_:)``, which sets it to
        /// `0`, and ``countGivenBack()``, during a change, write it.
        @usableFromInline private(set) var givenBack: UInt32
        /// What `thread` runs: the pipeline around the reducer, the reducer (the state is closed to other threads),
        /// or an out-of-band commit's change (closed too). Only a processing thread has a stage: the state is closed
        /// only while a thread processes.
        @usableFromInline private(set) var stage: Stage

        /// ``current`` for an action that is not the turn's own; never a turn's number.
        @usableFromInline static var othersAction: UInt32 { .max }

        /// Whether the action being processed is the turn's own.
        @inlinable
        var ownsCurrent: Bool { current == turn }

        @inlinable
        init(thread: UInt, budget: Int32, stage: Stage = .handling) {
            self.thread = thread
            self.turn = 0
            self.current = 0
            self.budget = budget
            self.givenBack = 0
            self.stage = stage
        }

        /// Moves to `stage`.
        @inlinable
        mutating func enter(_ stage: Stage) {
            self.stage = stage
            givenBack = 0
        }

        /// Counts an action that the running change gave back.
        mutating func countGivenBack() {
            precondition(stage.change != nil, "Only a running change gives actions back.")
            givenBack += 1
        }
    }

    /// What the processing thread runs (``Processing/stage``). A change's id exists only in the stage of a change: a
    /// stage is made by ``handling``, ``reducing`` or ``changing(_:)`` alone.
    ///
    /// An integer, not an enum with a payload: an enum's spare values would let ``Phase`` keep its case in them, which
    /// the decisions then decode at each test (see ``Processing/current``).
    @usableFromInline
    struct Stage: Equatable, Sendable {
        /// `0` while handling, `1` while reducing; otherwise the id of the out-of-band commit whose change runs,
        /// plus one (ids are never `0`).
        @usableFromInline let code: UInt64

        /// The pipeline around the reducer, or between two actions: the state is open.
        @inlinable static var handling: Stage { Stage(code: 0) }
        /// The reducer runs: threads other than the processing thread wait before they read the state.
        @inlinable static var reducing: Stage { Stage(code: 1) }
        /// The change of the out-of-band commit `id` runs, with the state closed as for a reducer.
        static func changing(_ id: UInt64) -> Stage {
            precondition(id != 0 && id != .max, "An out-of-band commit's id is never 0 or the largest one.")
            return Stage(code: id + 1)
        }

        /// For the three stages above alone.
        @inlinable
        init(code: UInt64) {
            self.code = code
        }

        /// Whether threads other than the processing thread wait before they read the state.
        @inlinable var closesState: Bool { code != 0 }
        /// The id of the out-of-band commit whose change runs; `nil` outside a change.
        var change: UInt64? { code > 1 ? code - 1 : nil }
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
}

extension EngineState {
    // MARK: - Idle

    /// How many reductions were committed, when the store has nothing to process; `nil` while it has.
    var idleCommits: UInt64? {
        isIdle(since: commits) ? commits : nil
    }

    /// Whether the store has nothing to process and committed nothing since its `commits`-th commit.
    func isIdle(since commits: UInt64) -> Bool {
        switch phase {
        case .closed: return true
        case .idle: return queue.isEmpty && outOfBand == nil && self.commits == commits
        case .processing, .scheduled: return false
        }
    }
}

extension EngineState {
    // MARK: - What the decisions read

    /// Whether something must see an action before its reducer: the store's middleware, a runtime middleware or a
    /// probe that holds or times actions. Without any, the decision that gives the processing thread an action also
    /// closes the state.
    @inlinable
    var needsHandle: Bool { hasMiddleware || !registered.runtime.isEmpty || registered.probeUse.seesBeforeHandle }

    /// Whether the state is closed: a reducer or an out-of-band change runs, and threads other than the processing
    /// thread wait before they read the state.
    @inlinable
    var isReducing: Bool {
        guard case .processing(let processing) = phase else { return false }
        return processing.stage.closesState
    }

    /// The id of the out-of-band commit whose change runs now, on the processing thread; `nil` while none does.
    /// Only that change may give actions back to the front of the queue.
    var runningChange: UInt64? {
        guard case .processing(let processing) = phase else { return nil }
        return processing.stage.change
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
        if let hooks = detachHooks.take() { released.call(hooks) }
    }
}
