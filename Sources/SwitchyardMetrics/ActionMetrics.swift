import CoreMetrics
import Switchyard

/// The metrics of one store, made once, and those per action name, made the first time the name is seen.
@usableFromInline
final class ActionMetrics<Action: Sendable, State: Sendable>: Sendable {
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
    @usableFromInline let actions = CountedActions()
    /// Whether actions are named by their case (no `actionName` of the app's): then their metrics are found by the
    /// action's case (`CaseKey`).
    @usableFromInline let namesByCase: Bool

    @inlinable
    init(options: StoreMetricsOptions<Action>, factory: any MetricsFactory) {
        self.options = options
        self.factory = factory
        namesByCase = options.customActionName == nil
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
        var probe = StoreProbe<Action, State>(
            didRunEffects: { [self] nanoseconds in observers.recordNanoseconds(Int64(truncatingIfNeeded: nanoseconds))
            },
            decorateEffect: { [self] start, operation in decorate(start, operation) },
            didHold: { [self] _, _ in held.increment() },
            didDrop: { [self] actions in dropped.increment(by: actions) }
        )
        probe.didReduceInPlace = { [self] reduced in didReduce(reduced) }
        // `admit` only for a `counts` predicate, asked before any middleware: without one, an action is counted from
        // what `didReduce` is given alone, and the store neither numbers nor offers its actions for these metrics.
        if let counts = options.counts {
            probe.admit = { [self] dispatched, origin in
                actions.isCounted = counts(dispatched, origin)
                return .process
            }
        }
        return probe
    }

    /// Inlined into the probe's hook, which is given the address of the value that the store lends.
    @inlinable @inline(__always)
    func didReduce(_ reduced: UnsafePointer<ReducedAction<Action, State>>) {
        queueDepth.record(reduced.pointee.queuedActions)
        if options.counts != nil, !actions.isCounted { return }
        // Unretained: `actions.byName` keeps every action name's metrics for the store's life.
        metrics(of: reduced.pointee.dispatched.action)._withUnsafeGuaranteedRef { counted in
            // Not a conditional expression: that would copy (retain) the counter it picks.
            if reduced.pointee.origin.isFollowUp {
                counted.followUps.increment()
            } else {
                counted.processed.increment()
            }
            counted.handle.recordNanoseconds(Int64(truncatingIfNeeded: reduced.pointee.handleNanoseconds))
            counted.reduce.recordNanoseconds(Int64(truncatingIfNeeded: reduced.pointee.reduceNanoseconds))
        }
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

    /// The metrics of `action`'s name, unretained: `actions` keeps them (see ``didReduce(_:)``). With the default
    /// naming, an action of a case seen recently finds them by its case, without its name being made.
    @inlinable
    func metrics(of action: Action) -> Unmanaged<ActionNameMetrics> {
        guard namesByCase, let key = CaseKey(action) else {
            return Unmanaged.passUnretained(metrics(named: options.actionName(action)))
        }
        let slot = key.hash & (CountedActions.caseSlots - 1)
        if let cached = actions.byCase[slot], cached.key == key { return cached.metrics }
        let found = metrics(named: actionCaseName(action))
        actions.byCase[slot] = (key, Unmanaged.passUnretained(found))
        return Unmanaged.passUnretained(found)
    }

    /// The metrics of the action name `name`, made the first time (the factory runs no code of the app's that could
    /// come back to this store).
    @inlinable
    func metrics(named name: String) -> ActionNameMetrics {
        if let existing = actions.byName[name] { return existing }
        let made = ActionNameMetrics(store: options.storeName, action: name, factory: factory)
        actions.byName[name] = made
        return made
    }
}
