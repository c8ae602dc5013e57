import Foundation

/// A counter of notifications that tasks (and, in a `deinit`, threads) can wait on, with a deadline.
///
/// Read ``generation`` before checking a condition, then wait for a notification after that generation: a
/// notification that arrives in between is not missed.
final class AsyncSignal: Sendable {
    private struct State {
        var count: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let state = LockedValue(State())

    /// The number of notifications so far.
    var generation: UInt64 { state.withValue { $0.count } }

    /// Wakes every waiter.
    func notify() {
        let woken = state.changeAndBroadcast { state in
            state.count &+= 1
            defer { state.waiters = [:] }
            return state.waiters
        }
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
        state.wait(until: deadline) { $0.count == generation }
    }

    private func notification(after generation: UInt64) async {
        let id = state.withValue { state in
            defer { state.nextWaiter &+= 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let waits = state.withValue { state in
                    guard state.count == generation, !Task.isCancelled else { return false }
                    state.waiters[id] = continuation
                    return true
                }
                if !waits { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withValue { $0.waiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }
}
