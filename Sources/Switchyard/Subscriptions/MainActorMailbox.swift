import Dispatch

/// Carries values from a processing thread to the main queue, keeping only the latest: at most one block waits on
/// the main queue, and it delivers the newest value posted before it runs.
///
/// ```swift
/// let mailbox = MainActorMailbox<State>()
/// mailbox.post(state) { latest in render(latest) }   // on the processing thread
/// ```
///
/// While the main queue is busy, the values posted meanwhile replace one another instead of each waiting in a block
/// of its own with its own copy of the state: the memory behind a busy main thread stays one value, whatever the
/// number of states. A value superseded before the block runs is skipped; the last value posted is always
/// delivered, unless the mailbox is closed first. Values are delivered in the order they were posted.
@usableFromInline
package final class MainActorMailbox<Value: Sendable>: Sendable {
    /// What waits for the main queue.
    private struct Slot {
        /// The newest value posted and not yet delivered.
        var latest: Value?
        /// Whether a block that takes `latest` is on the main queue.
        var isScheduled = false
        /// Whether delivery stopped for good.
        var isClosed = false
    }

    private let slot = LockedValue(Slot())

    @usableFromInline
    package init() {}

    /// Leaves `value` for the main queue, in place of a value posted before it that is still waiting, and enqueues
    /// a block that calls `deliver` with the latest value, unless one is already waiting.
    ///
    /// Pass the same `deliver` on every post: a block calls the one of the post that enqueued it. A value replaced
    /// here is released after the mailbox unlocks, since its `deinit` can be the app's code.
    @usableFromInline
    package func post(_ value: Value, deliver: @escaping @MainActor @Sendable (Value) -> Void) {
        let (replaced, mustSchedule) = slot.withLock { slot -> (Value?, Bool) in
            guard !slot.isClosed else { return (nil, false) }
            let replaced = slot.latest.take()
            slot.latest = value
            let mustSchedule = !slot.isScheduled
            slot.isScheduled = true
            return (replaced, mustSchedule)
        }
        _ = consume replaced
        guard mustSchedule else { return }
        DispatchQueue.main.async {
            self.deliverLatest(deliver)
        }
    }

    /// Takes the value waiting for the main queue, if any, to deliver it now, on the main actor: the block already
    /// on the main queue then finds nothing to deliver, or a newer value posted after this call.
    @usableFromInline @MainActor
    package func takeLatest() -> Value? {
        slot.withLock { $0.latest.take() }
    }

    /// Stops delivery: a block already on the main queue delivers nothing, later posts are ignored, and the value
    /// waiting is released, after the mailbox unlocks.
    package func close() {
        let dropped = slot.withLock { slot in
            slot.isClosed = true
            return slot.latest.take()
        }
        _ = consume dropped
    }

    /// Runs on the main queue: takes the latest value out, so that the next post enqueues a new block, and delivers
    /// it with no lock held.
    private func deliverLatest(_ deliver: @MainActor (Value) -> Void) {
        let latest = slot.withLock { slot in
            slot.isScheduled = false
            return slot.latest.take()
        }
        guard let latest else { return }
        MainActor.assumeIsolated { deliver(latest) }
    }
}
