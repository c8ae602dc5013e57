// Unsafe code of this file, and the invariants it relies on: `TimedPipeline` borrows the snapshot of registrations
// unretained (the engine keeps it alive until the processing thread's next decision), and it lends the probes'
// `didReduce` hooks a `ReducedAction` whose action and state are bitwise copies of the pipeline's action and of the
// store's state, never retained and never destroyed (`lentCopy(of:)`). That is sound because:
// - the originals outlive every hook call: the action is the pipeline's argument, and the state is the cell's, which
//   only the reducer writes, before the hooks run (no commit, so no other writer, until they return);
// - a hook receives the value borrowed: one that keeps it, or a part of it, copies it, and the copy counts its own
//   references;
// - both types are bitwise takable (checked, a constant once specialized), so a copy at another address is the same
//   value; a type that is not (an Objective-C weak reference) is copied the usual way.
// Measured with callgrind (W1 with one `didReduce` probe): copying the action into the value and destroying it cost
// about 190 instructions per action, through the types' value witnesses.

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The clock that `DispatchTime.uptimeNanoseconds` reads, read directly: three reads per timed action cost about 130
/// instructions this way and about 380 through `DispatchTime.now()`.
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

/// Marks the phases of one action's trip through the pipeline. The pipeline is generic over it, so that a store
/// whose probes time nothing runs with ``UntimedPipeline``, whose marks compile to nothing.
@usableFromInline
protocol PipelineMarks {
    associatedtype MarkedAction
    associatedtype MarkedState
    /// The middlewares' `handle` returned.
    mutating func handled()
    /// The reducer returned for `dispatched` and left the state at `state` (the cell's, which nothing writes until
    /// the commit); `followedByEffects` says whether observers or IOs run after it.
    mutating func reduced(
        _ dispatched: DispatchedAction<MarkedAction>,
        _ state: UnsafePointer<MarkedState>,
        followedByEffects: Bool
    )
    /// Whether the commit may also decide what comes next: `false` when something waits right after it.
    var mayDecideInCommit: Bool { get }
    /// Whether the marks want the length of the queue when the reducer starts (``queued(_:)``): a constant, so that
    /// marks that do not pay nothing for it.
    var wantsQueueDepth: Bool { get }
    /// `count` actions waited in the queue when the reducer started.
    mutating func queued(_ count: Int)
}

/// Marks that mark nothing: every mark compiles to nothing, and the two kinds differ only in whether the commit
/// decides what comes next.
@usableFromInline
protocol UnmarkedPipeline: PipelineMarks {}

extension UnmarkedPipeline {
    @inlinable @inline(__always) mutating func handled() {}
    @inlinable @inline(__always) mutating func reduced(
        _ dispatched: DispatchedAction<MarkedAction>,
        _ state: UnsafePointer<MarkedState>,
        followedByEffects: Bool
    ) {}
    @inlinable var wantsQueueDepth: Bool { false }
    @inlinable @inline(__always) mutating func queued(_ count: Int) {}
}

/// No marks: the pipeline of a store whose probes, if any, time nothing and keep nothing.
@usableFromInline
struct UntimedPipeline<MarkedAction, MarkedState>: UnmarkedPipeline {
    /// Unused: one byte, so that the marks are not an empty value. The store passes its marks `inout`, and an empty
    /// value has no storage of its own: every thread then passes the same placeholder address, which ThreadSanitizer
    /// reports as a race between two stores that process actions at the same time.
    @usableFromInline var unused: UInt8 = 0

    @inlinable init() {}
    /// A constant, so that the commit's test of it compiles to nothing.
    @inlinable var mayDecideInCommit: Bool { true }
}

/// No marks, for an action that probes keep after its pipeline: the engine decides what comes next only once they
/// have it, so the commit does not decide.
@usableFromInline
struct KeptPipeline<MarkedAction, MarkedState>: UnmarkedPipeline {
    /// One byte, as in ``UntimedPipeline``.
    @usableFromInline var unused: UInt8 = 0

    @inlinable init() {}
    @inlinable var mayDecideInCommit: Bool { false }
}

/// Times the phases and tells the probes' `didReduce` hooks about the action after the reducer.
@usableFromInline
struct TimedPipeline<Action: Sendable, State: Sendable>: PipelineMarks {
    /// The snapshot whose probes are told, borrowed from the processing thread's context (which the engine keeps
    /// alive until that thread's next decision).
    @usableFromInline let registrations: Unmanaged<Registrations<Action, State>>
    @usableFromInline let origin: ActionOrigin
    @usableFromInline let startedAt: UInt64
    @usableFromInline var handledAt: UInt64
    @usableFromInline var reducedAt: UInt64 = 0
    @usableFromInline var queuedActions = 0
    @usableFromInline let mayDecideInCommit: Bool
    @inlinable var wantsQueueDepth: Bool { true }

    @inlinable @inline(__always)
    init(_ registrations: Unmanaged<Registrations<Action, State>>, origin: ActionOrigin, keeps: Bool) {
        self.registrations = registrations
        self.origin = origin
        self.mayDecideInCommit = !keeps
        let now = monotonicNanoseconds()
        self.startedAt = now
        self.handledAt = now
    }

    @inlinable
    mutating func handled() {
        handledAt = monotonicNanoseconds()
    }

    @inlinable
    mutating func queued(_ count: Int) {
        queuedActions = count
    }

    @inlinable
    mutating func reduced(
        _ dispatched: DispatchedAction<Action>,
        _ state: UnsafePointer<State>,
        followedByEffects: Bool
    ) {
        reducedAt = monotonicNanoseconds()
        let times = self
        registrations._withUnsafeGuaranteedRef { registrations in
            // Borrowed from the snapshot, which never changes: no hook is copied, and the action is made once.
            registrations.reduceTimers.withUnsafeBufferPointer { hooks in
                guard !hooks.isEmpty else { return }
                guard _isBitwiseTakable(DispatchedAction<Action>.self), _isBitwiseTakable(State.self) else {
                    let reduced = times.reducedAction(dispatched, state.pointee, followedByEffects: followedByEffects)
                    for index in hooks.indices { call(hooks[index], with: reduced) }
                    return
                }
                if registrations.reduceTimersTakeAddress {
                    times.lendInPlace(dispatched, state, followedByEffects: followedByEffects, to: hooks)
                    return
                }
                // Lent, not copied, and moved to a place that is never destroyed once the hooks returned: see the
                // invariants at the top of this file.
                withUnsafeTemporaryAllocation(of: ReducedAction<Action, State>.self, capacity: 1) { forgotten in
                    let reduced = withUnsafePointer(to: dispatched) { dispatched in
                        times.reducedAction(
                            lentCopy(of: dispatched), lentCopy(of: state), followedByEffects: followedByEffects)
                    }
                    for index in hooks.indices { call(hooks[index], with: reduced) }
                    forgotten.baseAddress.unsafelyUnwrapped.initialize(to: consume reduced)
                }
            }
        }
    }

    /// Lends the `ReducedAction` to hooks that all take its address: made, lent, in a place that is never destroyed
    /// once the hooks returned (see the invariants at the top of this file).
    @inlinable @inline(__always)
    func lendInPlace(
        _ dispatched: DispatchedAction<Action>,
        _ state: UnsafePointer<State>,
        followedByEffects: Bool,
        to hooks: UnsafeBufferPointer<Unmanaged<ReduceHook<Action, State>>>
    ) {
        withUnsafeTemporaryAllocation(of: ReducedAction<Action, State>.self, capacity: 1) { forgotten in
            let reduced = forgotten.baseAddress.unsafelyUnwrapped
            withUnsafePointer(to: dispatched) { dispatched in
                reduced.initialize(
                    to: reducedAction(
                        lentCopy(of: dispatched), lentCopy(of: state), followedByEffects: followedByEffects)
                )
            }
            for index in hooks.indices {
                hooks[index]._withUnsafeGuaranteedRef { $0.inPlace(UnsafePointer(reduced)) }
            }
        }
    }

    /// The action given to the probes' `didReduce` hooks.
    @inlinable @inline(__always)
    func reducedAction(
        _ dispatched: consuming DispatchedAction<Action>,
        _ state: consuming State,
        followedByEffects: Bool
    ) -> ReducedAction<Action, State> {
        ReducedAction(
            dispatched: dispatched,
            origin: origin,
            startedAt: startedAt,
            handleNanoseconds: handledAt - startedAt,
            reduceNanoseconds: reducedAt - handledAt,
            isFollowedByEffects: followedByEffects,
            queuedActions: queuedActions,
            state: state
        )
    }

    /// Tells the probes' `didRunEffects` hooks how long the observers and IOs took, since the reducer.
    @inlinable
    func didRunEffects() {
        let nanoseconds = monotonicNanoseconds() - reducedAt
        registrations._withUnsafeGuaranteedRef { registrations in
            registrations.effectTimers.withUnsafeBufferPointer { hooks in
                for index in hooks.indices { call(hooks[index], with: nanoseconds) }
            }
        }
    }
}

/// A bitwise copy of the value at `source`, whose references are not retained: valid while the value at `source` is,
/// and moved, at its end, to memory that is never destroyed (see the invariants at the top of this file).
@inlinable @inline(__always)
func lentCopy<Value>(of source: UnsafePointer<Value>) -> Value {
    withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
        let copy = buffer.baseAddress.unsafelyUnwrapped
        UnsafeMutableRawPointer(copy).copyMemory(from: source, byteCount: MemoryLayout<Value>.size)
        return copy.move()
    }
}

/// Calls `hook`, borrowed from a snapshot of registrations that the engine keeps alive meanwhile, with no reference
/// counted.
@inlinable @inline(__always)
func call<Argument>(_ hook: Unmanaged<ProbeHook<Argument>>, with argument: Argument) {
    hook._withUnsafeGuaranteedRef { $0.call(argument) }
}

/// Calls the `didReduce` hook `hook` as ``call(_:with:)`` calls a hook.
@inlinable @inline(__always)
func call<Action, State>(_ hook: Unmanaged<ReduceHook<Action, State>>, with reduced: ReducedAction<Action, State>) {
    hook._withUnsafeGuaranteedRef { $0.call(reduced) }
}
