import Dispatch
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The deadline a test waits with when it names none: long, for the ThreadSanitizer run, which is many times slower.
/// A test that passes waits only as long as it needs; one that regresses fails at the deadline instead of hanging.
public let defaultWaitTimeout: Duration = .seconds(300)

/// The pause between two polls: 1 ms at first, doubling up to 20 ms, so that a condition that holds soon is seen
/// soon and a long wait (a probe may make a request) does not take the cores from the work it waits for.
struct PollingPause {
    private var milliseconds = 1

    mutating func next() -> Duration {
        defer { milliseconds = min(milliseconds * 2, 20) }
        return .milliseconds(milliseconds)
    }
}

/// Polls `condition`, suspending between polls, until it holds or `timeout` passes; `true` when it held.
///
/// Asynchronous tests wait with this one: it never holds a thread of the concurrency pool or the main actor that the
/// awaited work may need.
public func eventually(
    isolation: isolated (any Actor)? = #isolation,
    timeout: Duration = defaultWaitTimeout,
    _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var pause = PollingPause()
    while try await !condition() {
        if clock.now >= deadline { return false }
        try? await Task.sleep(for: pause.next())
    }
    return true
}

/// Polls `probe`, suspending between polls, until it returns a value or `timeout` passes; the value, or
/// ``TimedOut`` thrown.
public func eventually<Value>(
    isolation: isolated (any Actor)? = #isolation,
    timeout: Duration = defaultWaitTimeout,
    _ probe: () async throws -> Value?
) async throws -> Value {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var pause = PollingPause()
    while true {
        if let value = try await probe() { return value }
        if clock.now >= deadline { throw TimedOut(timeout: timeout) }
        try? await Task.sleep(for: pause.next())
    }
}

/// What `eventually` throws when its probe returned no value in time.
public struct TimedOut: Error, CustomStringConvertible {
    /// How long the probe was polled.
    public let timeout: Duration
    /// What went wrong, for the test's failure.
    public var description: String { "The condition did not hold within \(timeout)." }
}

/// Polls `condition` until it holds, and records an issue at the caller if it never does.
public func waitUntil(
    isolation: isolated (any Actor)? = #isolation,
    timeout: Duration = defaultWaitTimeout,
    _ condition: () async throws -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation
) async rethrows {
    if try await !eventually(timeout: timeout, condition) {
        Issue.record("The condition did not hold within \(timeout)", sourceLocation: sourceLocation)
    }
}

/// Polls `condition`, blocking the calling thread between polls, until it holds or `timeout` passes; `true` when it
/// held.
///
/// For synchronous code on a thread of its own only: on the concurrency pool or the main actor, use ``eventually(isolation:timeout:_:)``.
public func eventuallyBlocking(timeout: Duration = defaultWaitTimeout, _ condition: () -> Bool) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var pause = PollingPause()
    while !condition() {
        if clock.now >= deadline { return false }
        let (_, attoseconds) = pause.next().components
        usleep(UInt32(attoseconds / 1_000_000_000_000))
    }
    return true
}

extension DispatchSemaphore {
    /// Waits for a signal for at most `timeout`; records an issue at the caller and returns `false` when none came.
    ///
    /// Tests block threads on semaphores to hold a store in a chosen step; a regression that never signals then fails
    /// the test instead of hanging it.
    @discardableResult
    public func wait(
        orRecordAfter timeout: Duration = defaultWaitTimeout,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        if wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success { return true }
        Issue.record("No signal within \(timeout)", sourceLocation: sourceLocation)
        return false
    }
}

/// A point in time after which a loop of a test's own threads stops: a thread that spins until the test tells it to
/// stop stops by itself if the test failed before telling it, instead of taking a core from the tests that follow.
public struct Deadline: Sendable {
    private let end: ContinuousClock.Instant

    /// The deadline `timeout` from now.
    public init(after timeout: Duration = defaultWaitTimeout) {
        end = ContinuousClock.now.advanced(by: timeout)
    }

    /// Whether the deadline has passed.
    public var hasPassed: Bool { ContinuousClock.now >= end }
}

/// The value of `task` once it finished, or `nil` when it has not within `timeout` (the task is then cancelled and
/// left): a test awaits a task that a regression could keep from ending with this, never with `task.value` alone.
public func value<Value: Sendable>(
    of task: Task<Value, Never>, within timeout: Duration = defaultWaitTimeout
) async -> Value? {
    let result = TaskResult<Value>()
    let waiter = Task {
        let value = await task.value
        result.value.withLock { $0 = value }
    }
    if await eventually(timeout: timeout, { result.value.withLock { $0 != nil } }) {
        return result.value.withLock { $0 }
    }
    task.cancel()
    waiter.cancel()
    return nil
}

/// Where `value(of:within:)` keeps a task's value once it has one.
final class TaskResult<Value: Sendable>: Sendable {
    let value = Mutex<Value?>(nil)
}

/// Returns once the main queue has run every block enqueued before the call; records an issue at the caller when it
/// has not within `timeout` (a main queue that a regression keeps busy fails the test instead of hanging it).
public func mainQueueDrained(
    within timeout: Duration = defaultWaitTimeout,
    sourceLocation: SourceLocation = #_sourceLocation
) async {
    let draining = Task {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { continuation.resume() }
        }
    }
    if await value(of: draining, within: timeout) == nil {
        Issue.record("The main queue did not run within \(timeout)", sourceLocation: sourceLocation)
    }
}
