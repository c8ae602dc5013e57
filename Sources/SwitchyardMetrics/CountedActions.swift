// Unsafe code of this file, and the invariant it relies on: `CountedActions` is an `@unchecked Sendable` class whose
// properties are touched only by the metrics' `admit` and `didReduce` hooks, which the store calls on its processing
// thread, one at a time, each call after the previous one whichever threads they ran on (the processing role passes
// between threads through the store's lock, and a probe's hooks end before it is detached): no two accesses overlap,
// so the properties need neither a lock nor the runtime's exclusivity checks (`@exclusivity(unchecked)`). The hooks
// that run elsewhere (`didHold`, `didDrop`, effects) never touch it. Measured with callgrind (W1 counted into a
// backend that does nothing): the lock round trips, the dictionary of names and the name itself that this replaces
// cost 1,170 instructions per action.

import CoreMetrics
import Switchyard

/// The metrics of one action name: made the first time the name is counted, then shared by every action of it.
@usableFromInline
final class ActionNameMetrics: Sendable {
    @usableFromInline let processed: Counter
    @usableFromInline let followUps: Counter
    @usableFromInline let handle: Timer
    @usableFromInline let reduce: Timer

    @inlinable
    init(store: String, action name: String, factory: any MetricsFactory) {
        processed = Counter(
            label: "switchyard_actions_total",
            dimensions: [("store", store), ("action", name), ("follow_up", "false")],
            factory: factory
        )
        followUps = Counter(
            label: "switchyard_actions_total",
            dimensions: [("store", store), ("action", name), ("follow_up", "true")],
            factory: factory
        )
        handle = Timer(
            label: "switchyard_handle_duration", dimensions: [("store", store), ("action", name)], factory: factory
        )
        reduce = Timer(
            label: "switchyard_reduce_duration", dimensions: [("store", store), ("action", name)], factory: factory
        )
    }
}

/// What the metrics keep from one hook to the next about the actions they count, reachable only from the hooks
/// that run on the processing thread (see the invariant above).
@usableFromInline
final class CountedActions: @unchecked Sendable {
    /// Whether the `counts` predicate counts the action admitted last (read only when there is one).
    @usableFromInline @exclusivity(unchecked) var isCounted = true
    /// The metrics of each action name seen.
    @usableFromInline @exclusivity(unchecked) var byName: [String: ActionNameMetrics] = [:]
    /// With the default naming, the metrics of recent cases by their `CaseKey`: a direct-mapped cache, so an action of
    /// a case seen recently finds its metrics without its name. Unretained: `byName` keeps every metrics made, and
    /// never lets one go.
    @usableFromInline @exclusivity(unchecked) var byCase: [(key: CaseKey, metrics: Unmanaged<ActionNameMetrics>)?]

    @inlinable init() {
        byCase = Array(repeating: nil, count: Self.caseSlots)
    }

    @inlinable static var caseSlots: Int { 16 }
}
