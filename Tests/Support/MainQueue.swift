import Dispatch
import Foundation
import Testing

/// A key set on the main queue alone: its value is visible exactly while the main queue runs.
private let mainQueueKey: DispatchSpecificKey<UInt8> = {
    let key = DispatchSpecificKey<UInt8>()
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return key
}()

/// Whether the caller runs on the main queue, the main actor's executor.
///
/// On Darwin that is the main thread. On Linux, the test process's async entry point calls `dispatch_main()`, which
/// ends the main thread and lets a pool thread drain the main queue: there `Thread.isMainThread` is false even on
/// the main actor, so tests check the main queue itself.
public func isOnMainQueue() -> Bool {
    let onMainQueue = DispatchQueue.getSpecific(key: mainQueueKey) == 1
    #if canImport(Darwin)
        return onMainQueue && Thread.isMainThread
    #else
        return onMainQueue
    #endif
}

/// A signal that any thread sends and a test awaits with a deadline, so that a test of code that might hang fails
/// instead of hanging.
public struct Signal: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    /// A signal not sent yet.
    public init() {
        (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    }

    /// Sends the signal.
    public func send() {
        continuation.yield()
    }

    /// Waits for the signal; `false` when `timeout` passed first. Await it once.
    public func arrives(within timeout: Duration = .seconds(60)) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await _ in stream { return true }
                return false
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }
}

/// Runs `body` on a thread of its own while the main queue is held busy, as a main thread busy with other work
/// would be, then `thenOnTheMainThread`, if any, on the main thread before the main queue runs anything else; returns
/// once both have run and the main queue is free again, `true` then. Returns `false` when the main queue did not take
/// the busy block, or `body` did not finish, within `timeout` (a hang): the main queue is freed anyway, so that the
/// other tests go on.
///
/// What the code under test sends to the main queue meanwhile waits behind the busy block, in order: it runs after
/// this function returns, and before anything enqueued afterwards (see ``mainQueueDrained(within:sourceLocation:)``).
/// `@concurrent`: it waits off the main actor, which the busy block holds.
@concurrent
public func whileMainQueueIsBusy(
    timeout: Duration = .seconds(60),
    _ body: @escaping @Sendable () -> Void,
    thenOnTheMainThread: (@MainActor @Sendable () -> Void)? = nil
) async -> Bool {
    let release = DispatchSemaphore(value: 0)
    let done = Signal()
    let holding = Task {
        await withCheckedContinuation { (held: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async {
                held.resume()
                release.wait(orRecordAfter: defaultWaitTimeout)
                if let thenOnTheMainThread { MainActor.assumeIsolated { thenOnTheMainThread() } }
                done.send()
            }
        }
    }
    guard await value(of: holding, within: timeout) != nil else {
        release.signal()
        return false
    }
    let finished = Signal()
    Thread {
        body()
        finished.send()
    }.start()
    let ran = await finished.arrives(within: timeout)
    release.signal()
    return await done.arrives(within: timeout) && ran
}
