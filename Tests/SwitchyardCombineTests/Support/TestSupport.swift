import Dispatch
import Foundation
import Switchyard
import SwitchyardTestSupport
import Synchronization
import Testing

/// The counter feature the tests drive.
enum CounterAction: Sendable, Equatable {
    case increment
    /// Changes nothing.
    case noop
}

let counterReducer = Reducer<CounterAction, Int>.reduce { action, count in
    if action == .increment { count += 1 }
}

/// A thread-safe list of values that tests append to from any thread.
final class Log<Element: Sendable>: Sendable {
    private let storage = LockedBox<[Element]>([])

    func append(_ element: Element) {
        storage.withLock { $0.append(element) }
    }

    var values: [Element] { storage.withLock { $0 } }
    var count: Int { values.count }
    var last: Element? { values.last }
}

/// A value behind an `NSLock`, which ThreadSanitizer sees.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

/// An object whose release the tests watch through a weak reference.
final class Witness: Sendable {}

/// Runs `body` on a new Foundation thread, off the cooperative pool.
func onThread(_ body: @escaping @Sendable () -> Void) {
    Thread { body() }.start()
}

private let mainQueueKey: DispatchSpecificKey<UInt8> = {
    let key = DispatchSpecificKey<UInt8>()
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return key
}()

/// Whether the caller runs on the main queue, the main actor's executor (on Linux a pool thread may drain it).
func isOnMainQueue() -> Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) == 1
}

/// Whether `values` go up by one each time: no value missed, none repeated.
func areConsecutive(_ values: [Int]) -> Bool {
    zip(values, values.dropFirst()).allSatisfy { $1 == $0 + 1 }
}

/// A signal that any thread sends and a test awaits with a deadline, so that a test of code that might hang fails
/// instead of hanging.
struct Signal: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    }

    /// Sends the signal.
    func send() {
        continuation.yield()
    }

    /// Waits for the signal; `false` when `timeout` passed first. Await it once.
    func arrives(within timeout: Duration = .seconds(60)) async -> Bool {
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
/// would be, then `thenOnTheMainThread` on the main thread before the main queue runs anything else; returns once
/// both have run and the main queue is free again, `true` then. Returns `false` when the main queue did not take the
/// busy block, or `body` did not finish, within `timeout` (a hang): the main queue is freed anyway, so that the other
/// tests go on.
///
/// What the code under test sends to the main queue meanwhile waits behind the busy block, in order: it runs after
/// this function returns, and before anything enqueued afterwards (see ``mainQueueDrained(within:sourceLocation:)``).
/// `@concurrent`: it waits off the main actor, which the busy block holds.
@concurrent
func whileMainQueueIsBusy(
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
