import Switchyard

/// A clock whose sleeps return at once, moving its time forward by what they asked: for tests in which an effect
/// waits but the test does not care how long (a retry's delay, a minimum display time).
///
/// ```swift
/// let store = TestStore(initialState: State(), reducer: reducer, middleware: RetryMiddleware(clock: ImmediateClock()))
/// await store.send(.load)
/// await store.receive(.loaded(["swift 1"])) { $0.items = ["swift 1"] }
/// ```
///
/// Use ``TestClock`` instead when the test must decide when time passes (a debounce, a timeout).
///
/// It replaces swift-clocks' `ImmediateClock`, which hands each sleep to twenty tasks of background priority on the
/// thread pool: in a suite whose tests run in parallel on two cores, those tasks can wait behind the other tests for
/// longer than a test store's timeout, and an effect that slept never reached its next action. A sleep on this clock
/// checks for cancellation, moves the time, and yields once on the effect's own executor (a test store's, for its
/// effects), needing no thread of the pool.
public final class ImmediateClock: Clock, Sendable {
    private let time = LockedValue(TestClock.Instant())

    /// Creates a clock at its start.
    public init() {}

    /// The clock's current time: its start, advanced by every sleep so far.
    public var now: TestClock.Instant { time.withLock { $0 } }

    /// The smallest duration the clock distinguishes: zero.
    public var minimumResolution: Swift.Duration { .zero }

    /// Returns at once, with the clock's time at `deadline` if that is later; throws `CancellationError` when the
    /// task is cancelled.
    public func sleep(until deadline: TestClock.Instant, tolerance: Swift.Duration? = nil) async throws {
        try Task.checkCancellation()
        time.withLock { now in now = max(now, deadline) }
        // One turn for the other tasks of the same executor, so that a loop of sleeps does not keep it.
        await Task.yield()
        try Task.checkCancellation()
    }
}
