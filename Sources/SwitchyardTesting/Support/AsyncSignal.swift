import Dispatch
import Foundation
import Switchyard

/// A counter of notifications that tasks (and, in a `deinit`, threads) can wait on, with a deadline.
///
/// Read ``generation`` before checking a condition, then wait for a notification after that generation: a
/// notification that arrives in between is not missed.
final class AsyncSignal: Sendable {
    /// One waiting task or blocked thread, woken by the next notification.
    private enum Waiter {
        case task(CheckedContinuation<Void, Never>)
        case thread(DispatchSemaphore)

        func wake() {
            switch self {
            case .task(let continuation): continuation.resume()
            case .thread(let semaphore): semaphore.signal()
            }
        }
    }

    private struct State {
        var count: UInt64 = 0
        var waiters: [UInt64: Waiter] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let state = LockedValue(State())

    /// The number of notifications so far.
    var generation: UInt64 { state.withLock { $0.count } }

    /// Wakes every waiter.
    func notify() {
        let woken = state.withLock { state in
            state.count &+= 1
            defer { state.waiters = [:] }
            return state.waiters
        }
        for waiter in woken.values { waiter.wake() }
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
        // The semaphore only wakes this thread; the lock protects the state, and `notify` signals after unlocking.
        let semaphore = DispatchSemaphore(value: 0)
        let id: UInt64? = state.withLock { state in
            guard state.count == generation else { return nil }
            defer { state.nextWaiter &+= 1 }
            state.waiters[state.nextWaiter] = .thread(semaphore)
            return state.nextWaiter
        }
        guard let id else { return true }
        if semaphore.wait(timeout: .now() + max(0, deadline.timeIntervalSinceNow)) == .success { return true }
        // Timed out, unless a notification took the waiter meanwhile (it signals, or has signalled, the semaphore).
        let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
        return waiter == nil
    }

    private func notification(after generation: UInt64) async {
        let id = state.withLock { state in
            defer { state.nextWaiter &+= 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let waits = state.withLock { state in
                    guard state.count == generation, !Task.isCancelled else { return false }
                    state.waiters[id] = .task(continuation)
                    return true
                }
                if !waits { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.wake()
        }
    }
}
