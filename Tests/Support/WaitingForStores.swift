import Switchyard
import Testing

/// Waits until `store` is idle, as `store.idle(includingEffects:)` does, for at most `timeout`; records an issue at
/// the caller and returns `false` when it was not idle in time.
///
/// Tests wait for a store with this, never with `await store.idle()` alone: `idle` does not end when its task is
/// cancelled, so a regression that keeps the store busy (an effect that never ends, an observer that keeps
/// dispatching) would hang the test, and a test's time limit could not end it either. Past the deadline the wait is
/// abandoned; it ends by itself once the store is idle or freed.
///
/// ```swift
/// store.dispatch(.load)
/// await waitUntilIdle(store, includingEffects: true)
/// #expect(store.state.items == [item])
/// ```
@discardableResult
public func waitUntilIdle<Action, State>(
    _ store: Store<Action, State>,
    includingEffects: Bool = false,
    within timeout: Duration = defaultWaitTimeout,
    sourceLocation: SourceLocation = #_sourceLocation
) async -> Bool {
    let idle = Task { await store.idle(includingEffects: includingEffects) }
    if await value(of: idle, within: timeout) != nil { return true }
    let effects = includingEffects ? " with its effects" : ""
    Issue.record("The store was not idle\(effects) within \(timeout)", sourceLocation: sourceLocation)
    return false
}
