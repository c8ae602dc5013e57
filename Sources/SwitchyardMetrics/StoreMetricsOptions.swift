import Switchyard

/// How a store's actions are counted and timed (see `Store.attachMetrics(_:)`).
///
/// The metrics and their dimensions:
///
/// | metric | kind | dimensions |
/// | --- | --- | --- |
/// | `switchyard_actions_total` | counter | `store`, `action`, `follow_up` (`true`/`false`) |
/// | `switchyard_actions_held_total` | counter: actions a tool attached to the store held | `store` |
/// | `switchyard_actions_dropped_total` | counter: actions queued but never processed (the store was freed first) | `store` |
/// | `switchyard_queue_depth` | gauge: actions waiting when a reducer starts | `store` |
/// | `switchyard_handle_duration` | timer (ns) | `store`, `action` |
/// | `switchyard_reduce_duration` | timer (ns) | `store`, `action` |
/// | `switchyard_observers_duration` | timer (ns) | `store` |
/// | `switchyard_effects_started_total` | counter | `store` |
/// | `switchyard_effects_finished_total` | counter: effects whose operation returned, uncancelled and without throwing | `store` |
/// | `switchyard_effects_failed_total` | counter: effects whose operation threw an error other than a cancellation | `store` |
/// | `switchyard_effects_cancelled_total` | counter: effects cancelled before their operation returned | `store` |
/// | `switchyard_effects_in_flight` | meter | `store` |
///
/// `action` is ``actionName``'s value: by default the action's case, a bounded set.
public struct StoreMetricsOptions<Action: Sendable>: Sendable {
    /// The `store` dimension of every metric.
    public var storeName: String
    /// The per-store switch: `false` attaches nothing, and the store pays nothing.
    public var isEnabled: Bool
    /// Decides per action whether it is counted and timed; `nil` counts every action.
    public var counts: (@Sendable (_ dispatched: DispatchedAction<Action>, _ origin: ActionOrigin) -> Bool)?
    /// The `action` dimension for an action: by default its case's name (`actionCaseName(_:)`), never its payload.
    /// Keep the set of values small and fixed: each value is a time series of its own.
    public var actionName: @Sendable (_ action: Action) -> String {
        get { customActionName ?? { actionCaseName($0) } }
        set { customActionName = newValue }
    }
    /// The app's own naming, `nil` for the case's name: with the case's name, the metrics of an action are found
    /// again from the action's case alone, without making its name.
    @usableFromInline var customActionName: (@Sendable (_ action: Action) -> String)?

    /// Options for the store `storeName`: every action counted under its case's name, or under `actionName`'s value
    /// when you pass one.
    public init(
        storeName: String,
        isEnabled: Bool = true,
        counts: (@Sendable (_ dispatched: DispatchedAction<Action>, _ origin: ActionOrigin) -> Bool)? = nil,
        actionName: (@Sendable (_ action: Action) -> String)? = nil
    ) {
        self.storeName = storeName
        self.isEnabled = isEnabled
        self.counts = counts
        self.customActionName = actionName
    }
}
