import Synchronization

/// The cancellation flag of one effect, readable from any thread.
///
/// An effect's output handler checks this flag rather than `Task.isCancelled`, which describes the task of whoever
/// calls `dispatch`: an effect may hand its output to a callback that runs on another thread, on a `DispatchQueue`
/// or in a task of its own, where the effect's cancellation is invisible. The scope sets the flag before it cancels
/// the effect's task, so whatever the task's cancellation handlers dispatch is dropped too.
package final class EffectCancellation: Sendable {
    private let cancelled = Atomic<Bool>(false)

    /// Creates a flag that is not set.
    package init() {}

    /// Whether the effect was cancelled.
    package var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// Marks the effect as cancelled; its later dispatches are dropped.
    package func cancel() {
        cancelled.store(true, ordering: .releasing)
    }
}
