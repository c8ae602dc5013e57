import Dispatch
import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The clock that `DispatchTime.uptimeNanoseconds` reads, read directly: three reads per inspected action cost
/// about 130 instructions this way and about 380 through `DispatchTime.now()`.
@inlinable
func monotonicNanoseconds() -> UInt64 {
    #if canImport(Darwin)
        return clock_gettime_nsec_np(CLOCK_UPTIME_RAW)
    #else
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    #endif
}

/// What a debugging tool attached to a store decides for an action before the pipeline sees it.
///
/// Part of the interface between a store and a debugging tool such as SwitchyardInspector; apps do not use it.
public enum InspectionAdmission: Sendable {
    /// The action goes through the pipeline.
    case process
    /// The inspector keeps the action, to dispatch it again later: no middleware, reducer or observer sees it now.
    case hold
}

/// One action as a store's pipeline ran it, reported to a debugging tool attached to the store, on the processing
/// thread, right after the reducer.
public struct InspectedAction<Action: Sendable, State: Sendable>: Sendable {
    /// The action and where it was dispatched from.
    public let dispatched: DispatchedAction<Action>
    /// The thread that dispatched it, as `pthread_self()` gives it.
    public let thread: UInt
    /// Whether the store's output dispatched it (a middleware, an IO or an effect) rather than the app.
    public let isFollowUp: Bool
    /// When the pipeline started on it, in nanoseconds of the clock that `DispatchTime.uptimeNanoseconds` reads.
    public let startedAt: UInt64
    /// The time spent in the middlewares' `handle`, in nanoseconds.
    public let handleNanoseconds: UInt64
    /// The time spent in the reducer, in nanoseconds.
    public let reduceNanoseconds: UInt64
    /// The state the reducer left.
    public let state: State

    @inlinable
    init(
        dispatched: DispatchedAction<Action>,
        thread: UInt,
        isFollowUp: Bool,
        startedAt: UInt64,
        handleNanoseconds: UInt64,
        reduceNanoseconds: UInt64,
        state: State
    ) {
        self.dispatched = dispatched
        self.thread = thread
        self.isFollowUp = isFollowUp
        self.startedAt = startedAt
        self.handleNanoseconds = handleNanoseconds
        self.reduceNanoseconds = reduceNanoseconds
        self.state = state
    }
}

/// The hooks through which a debugging tool sees and steers a store's pipeline. At most one is attached to a store.
///
/// Every hook runs on the store's processing thread, with no lock of the store held, while the store's state is
/// being committed: a hook must not read the store's `state` or dispatch to it synchronously.
@usableFromInline
final class StoreInspection<Action: Sendable, State: Sendable>: Sendable {
    @usableFromInline let admit: @Sendable (DispatchedAction<Action>, _ isFollowUp: Bool) -> InspectionAdmission
    @usableFromInline let record: @Sendable (InspectedAction<Action, State>) -> Void
    @usableFromInline let didRunIO: @Sendable (_ nanoseconds: UInt64) -> Void

    /// Creates the hooks.
    /// - Parameters:
    ///   - admit: decides, before any middleware, whether an action is processed now or held by the inspector.
    ///   - record: receives each processed action, after its reducer.
    ///   - didRunIO: receives the time the last recorded action's observers and IOs took, when any ran.
    init(
        admit: @escaping @Sendable (DispatchedAction<Action>, _ isFollowUp: Bool) -> InspectionAdmission,
        record: @escaping @Sendable (InspectedAction<Action, State>) -> Void,
        didRunIO: @escaping @Sendable (_ nanoseconds: UInt64) -> Void
    ) {
        self.admit = admit
        self.record = record
        self.didRunIO = didRunIO
    }
}

/// Marks the phases of one action's trip through the pipeline. The pipeline is generic over it, so that a store
/// that nobody inspects runs with ``UntimedPipeline``, whose marks compile to nothing.
@usableFromInline
protocol PipelineProbe {
    associatedtype ProbedAction
    associatedtype ProbedState
    /// The middlewares' `handle` returned.
    mutating func handled()
    /// The reducer returned for `dispatched` and left `state`.
    mutating func reduced(_ dispatched: DispatchedAction<ProbedAction>, _ state: @autoclosure () -> ProbedState)
    /// Whether the commit may also decide what comes next: `false` when something waits right after it.
    var mayDecideInCommit: Bool { get }
    /// The state was committed.
    mutating func committed()
}

@usableFromInline
struct UntimedPipeline<ProbedAction, ProbedState>: PipelineProbe {
    /// Unused: one byte, so that the probe is not an empty value. The store passes its probe `inout`, and an empty
    /// value has no storage of its own: every thread then passes the same placeholder address, which
    /// ThreadSanitizer reports as a race between two stores that process actions at the same time.
    @usableFromInline var unused: UInt8 = 0

    @inlinable init() {}
    @inlinable @inline(__always) mutating func handled() {}
    @inlinable @inline(__always) mutating func reduced(
        _ dispatched: DispatchedAction<ProbedAction>,
        _ state: @autoclosure () -> ProbedState
    ) {}
    @inlinable var mayDecideInCommit: Bool { true }
    @inlinable @inline(__always) mutating func committed() {}
}

/// The pipeline of a store with a journal: the thread that owns the action hands it to the journal after the
/// pipeline, and the engine decides what comes next only after that hand-over, so the commit does not decide.
@usableFromInline
struct JournaledPipeline<Action: Sendable, State: Sendable>: PipelineProbe {
    /// Unused: one byte, so that the probe is not an empty value (see ``UntimedPipeline``).
    @usableFromInline var unused: UInt8 = 0

    @inlinable init() {}
    @inlinable @inline(__always) mutating func handled() {}
    @inlinable @inline(__always) mutating func reduced(
        _ dispatched: DispatchedAction<Action>,
        _ state: @autoclosure () -> State
    ) {}
    @inlinable var mayDecideInCommit: Bool { false }
    @inlinable @inline(__always) mutating func committed() {}
}

/// Times the phases and reports the action to the inspection's `record` hook after the reducer.
@usableFromInline
struct TimedPipeline<Action: Sendable, State: Sendable>: PipelineProbe {
    @usableFromInline let inspection: StoreInspection<Action, State>
    /// What the inspection records of the queued action besides the action and its source, which the pipeline
    /// passes to ``reduced(_:_:)``: a copy of them here would retain the source's strings once more per action.
    @usableFromInline let thread: UInt
    @usableFromInline let isFollowUp: Bool
    @usableFromInline let startedAt: UInt64
    @usableFromInline var handledAt: UInt64
    @usableFromInline var reducedAt: UInt64 = 0
    /// Whether the store has a journal, which takes the action after the pipeline.
    @usableFromInline let isJournaled: Bool

    @inlinable
    init(_ inspection: StoreInspection<Action, State>, thread: UInt, isFollowUp: Bool, isJournaled: Bool) {
        self.inspection = inspection
        self.isJournaled = isJournaled
        self.thread = thread
        self.isFollowUp = isFollowUp
        let now = monotonicNanoseconds()
        self.startedAt = now
        self.handledAt = now
    }

    @inlinable
    mutating func handled() {
        handledAt = monotonicNanoseconds()
    }

    /// The journal takes the action before the engine decides what comes next.
    @inlinable var mayDecideInCommit: Bool { !isJournaled }
    @inlinable mutating func committed() {}

    @inlinable
    mutating func reduced(_ dispatched: DispatchedAction<Action>, _ state: @autoclosure () -> State) {
        reducedAt = monotonicNanoseconds()
        inspection.record(
            InspectedAction(
                dispatched: dispatched,
                thread: thread,
                isFollowUp: isFollowUp,
                startedAt: startedAt,
                handleNanoseconds: handledAt - startedAt,
                reduceNanoseconds: reducedAt - handledAt,
                state: state()
            )
        )
    }
}
