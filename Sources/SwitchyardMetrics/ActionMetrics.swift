import CoreMetrics
import Switchyard

/// The metrics of one store, made once, and those per action name, made the first time the name is seen.
@usableFromInline
final class ActionMetrics<Action: Sendable, State: Sendable>: Sendable {
    @usableFromInline
    struct PerAction {
        @usableFromInline let processed: Counter
        @usableFromInline let followUps: Counter
        @usableFromInline let handle: Timer
        @usableFromInline let reduce: Timer

        @inlinable init(processed: Counter, followUps: Counter, handle: Timer, reduce: Timer) {
            self.processed = processed
            self.followUps = followUps
            self.handle = handle
            self.reduce = reduce
        }
    }

    @usableFromInline
    struct Locked {
        @usableFromInline var perAction: [String: PerAction] = [:]
        /// The action admitted last, when it is counted.
        @usableFromInline var counted: PerAction?
        @usableFromInline var isFollowUp = false

        @inlinable init() {}
    }

    @usableFromInline let options: StoreMetricsOptions<Action>
    @usableFromInline let factory: any MetricsFactory
    @usableFromInline let held: Counter
    @usableFromInline let dropped: Counter
    @usableFromInline let queueDepth: Gauge
    @usableFromInline let observers: Timer
    @usableFromInline let effectsStarted: Counter
    @usableFromInline let effectsFinished: Counter
    @usableFromInline let effectsFailed: Counter
    @usableFromInline let effectsCancelled: Counter
    @usableFromInline let effectsInFlight: Meter
    @usableFromInline let state = LockedValue(Locked())

    @inlinable
    init(options: StoreMetricsOptions<Action>, factory: any MetricsFactory) {
        self.options = options
        self.factory = factory
        let store = [("store", options.storeName)]
        held = Counter(label: "switchyard_actions_held_total", dimensions: store, factory: factory)
        dropped = Counter(label: "switchyard_actions_dropped_total", dimensions: store, factory: factory)
        queueDepth = Gauge(label: "switchyard_queue_depth", dimensions: store, factory: factory)
        observers = Timer(label: "switchyard_observers_duration", dimensions: store, factory: factory)
        effectsStarted = Counter(label: "switchyard_effects_started_total", dimensions: store, factory: factory)
        effectsFinished = Counter(label: "switchyard_effects_finished_total", dimensions: store, factory: factory)
        effectsFailed = Counter(label: "switchyard_effects_failed_total", dimensions: store, factory: factory)
        effectsCancelled = Counter(label: "switchyard_effects_cancelled_total", dimensions: store, factory: factory)
        effectsInFlight = Meter(label: "switchyard_effects_in_flight", dimensions: store, factory: factory)
    }

    @inlinable
    var probe: StoreProbe<Action, State> {
        StoreProbe(
            admit: { [self] dispatched, origin in
                admit(dispatched, origin: origin)
                return .process
            },
            didReduce: { [self] reduced in didReduce(reduced) },
            didRunEffects: { [self] nanoseconds in observers.recordNanoseconds(Int64(truncatingIfNeeded: nanoseconds))
            },
            decorateEffect: { [self] start, operation in decorate(start, operation) },
            didHold: { [self] _, _ in held.increment() },
            didDrop: { [self] actions in dropped.increment(by: actions) }
        )
    }

    @inlinable
    func admit(_ dispatched: DispatchedAction<Action>, origin: ActionOrigin) {
        let counts = options.counts?(dispatched, origin) ?? true
        let name = counts ? options.actionName(dispatched.action) : ""
        state.withLock { state in
            state.isFollowUp = origin.isFollowUp
            state.counted = counts ? metrics(named: name, in: &state) : nil
        }
    }

    @inlinable
    func didReduce(_ reduced: ReducedAction<Action, State>) {
        let (counted, isFollowUp) = state.withLock { state in (state.counted, state.isFollowUp) }
        queueDepth.record(reduced.queuedActions)
        guard let counted else { return }
        (isFollowUp ? counted.followUps : counted.processed).increment()
        counted.handle.recordNanoseconds(Int64(truncatingIfNeeded: reduced.handleNanoseconds))
        counted.reduce.recordNanoseconds(Int64(truncatingIfNeeded: reduced.reduceNanoseconds))
    }

    /// Counts the effect as started, then, when its operation returned, as failed (it threw an error other than a
    /// cancellation), cancelled or finished: each effect in one of the three.
    @inlinable
    func decorate(
        _ start: EffectStart,
        _ operation: @escaping @Sendable () async -> Void
    ) -> @Sendable () async -> Void {
        effectsStarted.increment()
        effectsInFlight.increment()
        return { [self] in
            await operation()
            effectsInFlight.decrement()
            if start.failure != nil {
                effectsFailed.increment()
            } else {
                (Task.isCancelled ? effectsCancelled : effectsFinished).increment()
            }
        }
    }

    /// The metrics of the action `name`, made under the lock the first time (the factory runs no code of the app's
    /// that could come back to this store).
    @inlinable
    func metrics(named name: String, in state: inout Locked) -> PerAction {
        if let existing = state.perAction[name] { return existing }
        let store = options.storeName
        let made = PerAction(
            processed: Counter(
                label: "switchyard_actions_total",
                dimensions: [("store", store), ("action", name), ("follow_up", "false")],
                factory: factory
            ),
            followUps: Counter(
                label: "switchyard_actions_total",
                dimensions: [("store", store), ("action", name), ("follow_up", "true")],
                factory: factory
            ),
            handle: Timer(
                label: "switchyard_handle_duration", dimensions: [("store", store), ("action", name)], factory: factory
            ),
            reduce: Timer(
                label: "switchyard_reduce_duration", dimensions: [("store", store), ("action", name)], factory: factory
            )
        )
        state.perAction[name] = made
        return made
    }
}
