import CoreMetrics
import Switchyard

/// The metrics of one store, made once, and those per action name, made the first time the name is seen.
final class ActionMetrics<Action: Sendable, State: Sendable>: Sendable {
    struct PerAction {
        let processed: Counter
        let followUps: Counter
        let handle: Timer
        let reduce: Timer
    }

    struct Locked {
        var perAction: [String: PerAction] = [:]
        /// Whether the action admitted last has not reached its reducer yet.
        var pending = false
        /// The action admitted last, when it is counted.
        var counted: PerAction?
        var isFollowUp = false
    }

    let options: StoreMetricsOptions<Action>
    let factory: any MetricsFactory
    let held: Counter
    let observers: Timer
    let effectsStarted: Counter
    let effectsFinished: Counter
    let effectsCancelled: Counter
    let effectsInFlight: Meter
    let state = LockedValue(Locked())

    init(options: StoreMetricsOptions<Action>, factory: any MetricsFactory) {
        self.options = options
        self.factory = factory
        let store = [("store", options.storeName)]
        held = Counter(label: "switchyard_actions_held_total", dimensions: store, factory: factory)
        observers = Timer(label: "switchyard_observers_duration", dimensions: store, factory: factory)
        effectsStarted = Counter(label: "switchyard_effects_started_total", dimensions: store, factory: factory)
        effectsFinished = Counter(label: "switchyard_effects_finished_total", dimensions: store, factory: factory)
        effectsCancelled = Counter(label: "switchyard_effects_cancelled_total", dimensions: store, factory: factory)
        effectsInFlight = Meter(label: "switchyard_effects_in_flight", dimensions: store, factory: factory)
    }

    var probe: StoreProbe<Action, State> {
        StoreProbe(
            admit: { [self] dispatched, origin in
                admit(dispatched, origin: origin)
                return .process
            },
            didReduce: { [self] reduced in didReduce(reduced) },
            didRunEffects: { [self] nanoseconds in observers.recordNanoseconds(Int64(truncatingIfNeeded: nanoseconds))
            },
            decorateEffect: { [self] _, operation in decorate(operation) }
        )
    }

    func admit(_ dispatched: DispatchedAction<Action>, origin: ActionOrigin) {
        let counts = options.counts?(dispatched, origin) ?? true
        let name = counts ? options.actionName(dispatched.action) : ""
        let wasPending = state.withLock { state -> Bool in
            defer {
                state.pending = true
                state.isFollowUp = origin.isFollowUp
                state.counted = counts ? metrics(named: name, in: &state) : nil
            }
            return state.pending
        }
        // A later probe held the previous action: its reducer never ran.
        if wasPending { held.increment() }
    }

    func didReduce(_ reduced: ReducedAction<Action, State>) {
        let (counted, isFollowUp) = state.withLock { state in
            state.pending = false
            return (state.counted, state.isFollowUp)
        }
        guard let counted else { return }
        (isFollowUp ? counted.followUps : counted.processed).increment()
        counted.handle.recordNanoseconds(Int64(truncatingIfNeeded: reduced.handleNanoseconds))
        counted.reduce.recordNanoseconds(Int64(truncatingIfNeeded: reduced.reduceNanoseconds))
    }

    func decorate(_ operation: @escaping @Sendable () async -> Void) -> @Sendable () async -> Void {
        effectsStarted.increment()
        effectsInFlight.increment()
        return { [self] in
            await operation()
            effectsInFlight.decrement()
            (Task.isCancelled ? effectsCancelled : effectsFinished).increment()
        }
    }

    /// The metrics of the action `name`, made under the lock the first time (the factory runs no code of the app's
    /// that could come back to this store).
    private func metrics(named name: String, in state: inout Locked) -> PerAction {
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
