import Foundation
import SwitchyardTestSupport
import Testing

/// Runs `body` on a thread of its own while the main queue is held busy, as a main thread busy with other work
/// would be; returns once `body` has run and the main queue is free again, `true` then. Returns `false` when the main
/// queue did not take the busy block, or `body` did not finish, within `timeout` (a hang): the main queue is freed
/// anyway, so that the other tests go on.
///
/// What the code under test sends to the main queue meanwhile waits behind the busy block, in order: it runs after
/// this function returns, and before anything enqueued afterwards (see ``mainQueueDrained(within:sourceLocation:)``).
/// `@concurrent`: it waits off the main actor, which the busy block holds.
@concurrent
func whileMainQueueIsBusy(
    timeout: Duration = .seconds(60),
    _ body: @escaping @Sendable () -> Void
) async -> Bool {
    let release = DispatchSemaphore(value: 0)
    let holding = Task {
        await withCheckedContinuation { (held: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async {
                held.resume()
                release.wait(orRecordAfter: defaultWaitTimeout)
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
    return ran
}
