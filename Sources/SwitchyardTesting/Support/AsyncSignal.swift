import Foundation

/// A counter of notifications that tasks (and, in a `deinit`, threads) can wait on, with a deadline.
///
/// Read ``generation`` before checking a condition, then wait for a notification after that generation: a
/// notification that arrives in between is not missed.
final class AsyncSignal: @unchecked Sendable {
    private let condition = NSCondition()
    private var count: UInt64 = 0  // guarded by condition
    private var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]  // guarded by condition
    private var nextWaiter: UInt64 = 0  // guarded by condition

    /// The number of notifications so far.
    var generation: UInt64 {
        condition.lock()
        defer { condition.unlock() }
        return count
    }

    /// Wakes every waiter.
    func notify() {
        condition.lock()
        count &+= 1
        let woken = waiters
        waiters = [:]
        condition.broadcast()
        condition.unlock()
        for waiter in woken.values { waiter.resume() }
    }

    /// Waits for a notification after `generation`; `false` when `deadline` passed first.
    func wait(after generation: UInt64, until deadline: ContinuousClock.Instant) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await self.notification(after: generation)
                return true
            }
            group.addTask {
                try? await Task.sleep(until: deadline, clock: .continuous)
                return false
            }
            let notified = await group.next() ?? false
            group.cancelAll()
            return notified
        }
    }

    /// Blocks the calling thread until a notification after `generation`; `false` when `deadline` passed first.
    /// Only for a `deinit`, which cannot suspend.
    func blockingWait(after generation: UInt64, until deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while count == generation {
            if !condition.wait(until: deadline) { return count != generation }
        }
        return true
    }

    private func notification(after generation: UInt64) async {
        let id = condition.withLock {
            defer { nextWaiter &+= 1 }
            return nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                condition.lock()
                if count != generation || Task.isCancelled {
                    condition.unlock()
                    continuation.resume()
                    return
                }
                waiters[id] = continuation
                condition.unlock()
            }
        } onCancel: {
            let waiter = condition.withLock { waiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }
}
