/// A tool attached to a store: the one way in for debuggers, journals, tracers and metrics.
///
/// A probe is a set of hooks, each optional; the store calls those a probe sets, and a store with no probe attached
/// pays nothing for them. Attach one with ``Store/attach(_:)``, which returns the registration that
/// detaches it and through which the tool commits states of its own (``StoreProbeRegistration``).
///
/// ```swift
/// let counter = Counter()   // a Sendable class of the app's
/// let registration = store.attach(
///     StoreProbe(didReduce: { reduced in counter.add(reduced.reduceNanoseconds) })
/// )
/// // …
/// registration.detach()
/// ```
///
/// The rules every hook runs under:
/// - Every hook but `storeDidEnd`, `didDrop` and `tagFollowUp` runs on the store's processing thread, one action
///   at a time, in the order the store processes them: two calls never overlap, and each call happens after the
///   previous one, whichever threads they ran on. No lock of the store is held. `tagFollowUp` runs on the thread that
///   dispatches a follow-up, at any time; the operations that `decorateEffect` returns run in the effects' tasks.
///   `didDetach` runs on the processing thread, or on the thread that detaches when the store is not processing.
/// - A hook must not read the store's `state` or dispatch to the store synchronously from `admit` or
///   `didReduce` (the state is being committed then); `didProcess` reads the state it is given instead.
/// - Several probes run in the order they were attached. The first `admit` that holds an action takes it: the
///   probes after it are not asked, and none of them sees the action until it is given back; every probe but the one
///   that held it is told through `didHold`.
/// - A probe sees the actions that the store decides to process after ``Store/attach(_:)`` returns; after
///   ``StoreProbeRegistration/detach()`` returns, its hooks may still run once, for the action in progress.
public struct StoreProbe<Action: Sendable, State: Sendable>: Sendable {
    /// Decides, before any middleware, whether an action goes through the pipeline now or is held by the tool, which
    /// keeps it as a ``HeldAction`` to give it back later.
    @usableFromInline
    package var admit: (@Sendable (_ dispatched: DispatchedAction<Action>, _ origin: ActionOrigin) -> ProbeAdmission)?
    /// Told that a tool held an action (its `admit` returned ``ProbeAdmission/hold``): called for every probe but the
    /// one that held it, whether it was attached before that probe (and saw the action admitted) or after it (and was
    /// not asked), on the processing thread, right after the `admit` that held, in the order the probes were
    /// attached. The action's pipeline does not run now: no `didReduce` follows for it. If the tool gives the action
    /// back, it is admitted again, as a new action.
    ///
    /// Called only when an action is held: a store whose probes hold nothing pays nothing for it.
    package var didHold: (@Sendable (_ dispatched: DispatchedAction<Action>, _ origin: ActionOrigin) -> Void)?
    /// Receives each processed action right after its reducer, with the time each phase took and the state it left.
    /// The store reads a clock three times per action while a probe sets this hook.
    package var didReduce: (@Sendable (_ reduced: ReducedAction<Action, State>) -> Void)?
    /// Receives the time that the observers and the IOs of the action last given to `didReduce` took, in
    /// nanoseconds, when any ran.
    package var didRunEffects: (@Sendable (_ nanoseconds: UInt64) -> Void)?
    /// Receives each processed action after its whole pipeline (reducer, observers, IOs) and before the store
    /// decides what comes next, to keep: the action is given to the tool, not lent. With several probes that set
    /// this hook, the last one attached is given the action and the others a copy.
    ///
    /// The store waits for this hook before it processes its next action: a tool that keeps actions in the order
    /// the store processed them may wait here (for room, or for a write) and holds the store back meanwhile, not the
    /// readers of its state.
    package var didProcess:
        (
            @Sendable (_ action: consuming DispatchedAction<Action>, _ processed: borrowing ProcessedAction<State>) ->
                Void
        )?
    /// A feed that receives each processed action after its whole pipeline, as `didProcess` does, for a thread of
    /// the tool's to take in batches: the processing thread appends without a lock and without calling the tool's
    /// code. Given the action when no later probe keeps actions. The state of an out-of-band commit becomes the
    /// feed's snapshot. The package's journal writes through it: a store whose one keeping probe is a feed costs
    /// about 40 instructions less per action than one with a `didProcess` hook.
    package var feed: ActionFeed<Action, State>?
    /// `didReduce` for the package's tools, given the address of the value, valid during the call: a closure
    /// written in generic code that takes the value costs a copy of it per call (see `ReduceHook`). A probe that sets
    /// it is called with it instead of `didReduce`.
    @usableFromInline package var didReduceInPlace: (@Sendable (UnsafePointer<ReducedAction<Action, State>>) -> Void)?
    /// Receives the state committed by an out-of-band change (``StoreProbeRegistration/commitOutOfBand(_:)``, by
    /// this tool or another), after the change and before the observers.
    package var didCommitOutOfBand: (@Sendable (_ state: State) -> Void)?
    /// Called once, on the thread that frees the store, when the store is freed while the probe is attached.
    package var storeDidEnd: (@Sendable () -> Void)?
    /// Told how many actions the store accepted but will never process: those still queued when the store is freed.
    /// Called once, on the thread that frees the store, before `storeDidEnd`, and only when some were dropped; the
    /// follow-ups among them that `tagFollowUp` tagged never come back with their ``ActionOrigin/cause``.
    package var didDrop: (@Sendable (_ actions: Int) -> Void)?
    /// Called once after ``StoreProbeRegistration/detach()``, when no hook of this probe that the store calls per
    /// action will run any more: on the processing thread, after the action in progress (whose hooks may still run)
    /// and before the store decides what comes next; at once, on the thread that detaches, when the store is not
    /// processing. A tool ends here what it began for an action that it will not see finish. Not called when the
    /// store is freed first (`storeDidEnd` is). A `tagFollowUp` or `decorateEffect` already under way on
    /// another thread may still return after it.
    package var didDetach: (@Sendable () -> Void)?
    /// Wraps the operation of each asynchronous effect that an IO starts
    /// (``IO/run(id:cancelInFlight:priority:operation:catch:fileID:line:)``): called on the thread that runs the IO
    /// (for an IO of an action's pipeline, the processing thread, between that action's `didReduce` and the next
    /// action's `admit`), and the operation it returns runs in the effect's task instead. A tracer runs the effect
    /// inside the action's context here, and times it. An effect that the store refuses (it is being freed) is not
    /// given to this hook. The store pays nothing for it per action: it is read when an effect starts. The store
    /// catches what the operation throws inside it: once it returned, ``EffectStart/failure`` says whether it threw.
    package var decorateEffect:
        (
            @Sendable (_ effect: EffectStart, _ operation: @escaping @Sendable () async -> Void) ->
                @Sendable () async -> Void
        )?
    /// Tags each follow-up when the store's output receives it, on the thread that dispatches it (the processing
    /// thread for an IO or a middleware's `handle`, the effect's task for an effect): the value comes back as the
    /// follow-up's ``ActionOrigin/cause`` when the store processes it, so a tool knows which action caused which.
    /// Only the first probe that sets this hook is called; an app's own dispatches are never tagged, and cost
    /// nothing for it.
    package var tagFollowUp: (@Sendable () -> UInt64)?

    /// A probe with the hooks given; each is optional, and the store calls only those set. A probe is given its hooks
    /// here, once: the store reads them, and a tool has no need to read them back.
    ///
    /// - Parameters:
    ///   - admit: decides, before any middleware, whether an action goes through the pipeline now
    ///     (``ProbeAdmission/process``) or is held by the tool (``ProbeAdmission/hold``), which keeps it as a
    ///     ``HeldAction`` to give it back later through ``StoreProbeRegistration/commitOutOfBand(_:)``.
    ///   - didReduce: receives each processed action right after its reducer, with the time each phase took and the
    ///     state it left (``ReducedAction``). The store reads a clock three times per action while a probe sets it.
    ///   - didRunEffects: receives the time, in nanoseconds, that the observers and the IOs of the action last given
    ///     to `didReduce` took, when any ran.
    ///   - didProcess: receives each processed action after its whole pipeline, to keep: the action is given to the
    ///     tool, not lent (with several such probes, the last attached is given it and the others a copy). The store
    ///     waits for this hook before its next action, so a tool that keeps actions in order may wait here.
    ///   - didCommitOutOfBand: receives the state committed by an out-of-band change (by this tool or another),
    ///     after the change and before the observers.
    ///   - storeDidEnd: called once, on the thread that frees the store, when the store is freed while the probe is
    ///     attached.
    ///   - decorateEffect: wraps the operation of each asynchronous effect that an IO starts
    ///     (``IO/run(id:cancelInFlight:priority:operation:catch:fileID:line:)``), on the thread that runs the IO; the
    ///     operation it returns runs in the effect's task instead. Read ``EffectStart/failure`` after the wrapped
    ///     operation returned to know whether it threw. Read when an effect starts: it costs nothing per action.
    ///   - tagFollowUp: tags each follow-up on the thread that dispatches it; the value comes back as the follow-up's
    ///     ``ActionOrigin/cause``. Only the first probe that sets it is called.
    ///   - didHold: told, on the processing thread, that another tool's `admit` held an action, whether this probe
    ///     was attached before the one that held it (and saw the action admitted) or after it (and was not asked):
    ///     no `didReduce` follows for it; given back, it is admitted again as a new action. Only a held action calls
    ///     it.
    ///   - didDrop: told once, when the store is freed, how many accepted actions it will never process; called
    ///     before `storeDidEnd`, and only when some were dropped.
    ///   - didDetach: called once after ``StoreProbeRegistration/detach()``, when no per-action hook of this probe
    ///     will run any more: on the processing thread after the action in progress, or at once on the detaching
    ///     thread when the store is not processing. A `tagFollowUp` or `decorateEffect` already under way on another
    ///     thread may still return after it. Not called when the store is freed first (`storeDidEnd` is).
    public init(
        admit: (@Sendable (_ dispatched: DispatchedAction<Action>, _ origin: ActionOrigin) -> ProbeAdmission)? = nil,
        didReduce: (@Sendable (_ reduced: ReducedAction<Action, State>) -> Void)? = nil,
        didRunEffects: (@Sendable (_ nanoseconds: UInt64) -> Void)? = nil,
        didProcess: (
            @Sendable (_ action: consuming DispatchedAction<Action>, _ processed: borrowing ProcessedAction<State>) ->
                Void
        )? = nil,
        didCommitOutOfBand: (@Sendable (_ state: State) -> Void)? = nil,
        storeDidEnd: (@Sendable () -> Void)? = nil,
        decorateEffect: (
            @Sendable (_ effect: EffectStart, _ operation: @escaping @Sendable () async -> Void) ->
                @Sendable () async -> Void
        )? = nil,
        tagFollowUp: (@Sendable () -> UInt64)? = nil,
        didHold: (@Sendable (_ dispatched: DispatchedAction<Action>, _ origin: ActionOrigin) -> Void)? = nil,
        didDrop: (@Sendable (_ actions: Int) -> Void)? = nil,
        didDetach: (@Sendable () -> Void)? = nil
    ) {
        self.didHold = didHold
        self.didDrop = didDrop
        self.didDetach = didDetach
        self.decorateEffect = decorateEffect
        self.tagFollowUp = tagFollowUp
        self.feed = nil
        self.didReduceInPlace = nil
        self.admit = admit
        self.didReduce = didReduce
        self.didRunEffects = didRunEffects
        self.didProcess = didProcess
        self.didCommitOutOfBand = didCommitOutOfBand
        self.storeDidEnd = storeDidEnd
    }

    /// A probe that keeps actions through `feed`, the package's journal's way in.
    package init(feed: ActionFeed<Action, State>, storeDidEnd: (@Sendable () -> Void)? = nil) {
        self.init(storeDidEnd: storeDidEnd)
        self.feed = feed
    }
}

/// An asynchronous effect that starts, as a probe's `decorateEffect` hook is told: where it was created,
/// and whether it has an id (the id itself, which may hold the app's data, is not given); and, once its operation
/// returned, whether it threw (``failure``).
public struct EffectStart: Sendable {
    /// The `#fileID` of the code that created the effect.
    public let fileID: String
    /// The line of the code that created the effect.
    public let line: UInt
    /// Whether the effect was started with an id, which `cancelInFlight` and `IO.cancel(id:)` use.
    public let hasID: Bool
    /// Where the store records the error that the effect's operation threw; `nil` for a value made by hand.
    let outcome: LockedValue<(any Error)?>?

    /// An effect created at `fileID`:`line`. Its ``failure`` is always `nil`: only the store records one.
    package init(fileID: String, line: UInt, hasID: Bool) {
        self.init(fileID: fileID, line: line, hasID: hasID, outcome: nil)
    }

    /// An effect created at `fileID`:`line`, whose operation records in `outcome` the error it throws.
    init(fileID: String, line: UInt, hasID: Bool, outcome: LockedValue<(any Error)?>?) {
        self.fileID = fileID
        self.line = line
        self.hasID = hasID
        self.outcome = outcome
    }

    /// The error that the effect's operation threw, other than a cancellation, whether or not its `catch:` handler
    /// handled it: `nil` while the operation runs, when it returned without throwing, and when it was cancelled
    /// (cancellation is not a failure).
    ///
    /// The store catches the error inside the operation that `decorateEffect` wraps, to give it to the
    /// handler or to the diagnostics, so a wrapper reads it here, after the operation it wraps returned:
    ///
    /// ```swift
    /// StoreProbe(decorateEffect: { start, operation in
    ///     return {
    ///         await operation()
    ///         if start.failure != nil { failures.increment() }
    ///     }
    /// })
    /// ```
    public var failure: (any Error)? {
        outcome?.withLock { $0 }
    }
}
