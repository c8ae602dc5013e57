import ConcurrencyExtras
import Foundation
import IssueReporting
import Switchyard

/// A clock whose time moves only when the test advances it, for testing effects that wait: debounces, timeouts,
/// polling, retries with a delay.
///
/// Inject it where the app injects `ContinuousClock()`, then advance it instead of sleeping:
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(initialState: State(), reducer: reducer, middleware: SearchMiddleware(clock: clock))
/// await store.send(.search("swift")) { $0.query = "swift" }
/// await clock.advance(by: .milliseconds(300))
/// await store.receive(.results(["swift 1"])) { $0.results = ["swift 1"] }
/// ```
///
/// It is a `Clock` whose time moves with ``advance(by:)``, and it replaces swift-clocks' `TestClock` for code that
/// imports `SwitchyardTesting`, with one difference that makes effect tests deterministic: a test store runs its effects one
/// at a time on an executor of its own, and ``advance(by:)`` waits, before it returns and after it wakes each
/// sleeper, until every effect of those stores that can make progress has made it. An effect woken by `advance`
/// has therefore run up to its next suspension (its next sleep, its request, its end) when `advance` returns, and a
/// sleep that it starts meanwhile is woken by the same `advance` if its deadline is within the advanced time.
/// Sleepers with the same deadline wake in the order they started sleeping.
///
/// Effects that do not run on a test store's executor (a task you create yourself) are given a few turns of the
/// global executor, as swift-clocks does; nothing waits for them.
public final class TestClock: Clock, Sendable {
    /// A point in the clock's time: an offset from where the clock started.
    public struct Instant: InstantProtocol {
        fileprivate let offset: Swift.Duration

        /// The instant `offset` after the clock's start.
        package init(offset: Swift.Duration = .zero) {
            self.offset = offset
        }

        /// The instant `duration` after this one.
        public func advanced(by duration: Swift.Duration) -> Self {
            .init(offset: offset + duration)
        }

        /// The time from this instant to `other`.
        public func duration(to other: Self) -> Swift.Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Self, rhs: Self) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper {
        let id: UInt64
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Instant
        var sleepers: [Sleeper] = []
        var nextID: UInt64 = 0
        /// The executors of the test stores whose effects have slept on this clock: ``advance(to:)`` waits for them.
        var executors: [ObjectIdentifier: WeakReference<EffectExecutor>] = [:]
    }

    private let state: LockedValue<State>

    /// The smallest duration the clock distinguishes: zero.
    public var minimumResolution: Swift.Duration { .zero }

    /// The clock's current time: where the last ``advance(by:)`` left it.
    public var now: Instant { state.withLock { $0.now } }

    /// Creates a clock at its start.
    ///
    /// `import SwitchyardTesting` does not bring swift-clocks' `TestClock`, which does not wait for the test stores'
    /// effects. A file that also writes `import Clocks` sees both: write `SwitchyardTesting.TestClock()` there.
    public convenience init() {
        self.init(now: Instant())
    }

    /// Creates a clock at `now`.
    package init(now: Instant) {
        state = LockedValue(State(now: now))
    }

    /// Suspends until the test advances the clock to `deadline`, or until the task is cancelled, which throws
    /// `CancellationError`. A deadline already passed returns at once; a deadline equal to ``now`` waits for the
    /// next `advance`, even by zero.
    public func sleep(until deadline: Instant, tolerance: Swift.Duration? = nil) async throws {
        try Task.checkCancellation()
        let executor = EffectExecutor.current
        let id: UInt64? = state.withLock { state in
            guard deadline >= state.now else { return nil }
            if let executor { state.executors[ObjectIdentifier(executor)] = WeakReference(executor) }
            defer { state.nextID &+= 1 }
            return state.nextID
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let isCancelled = state.withLock { state in
                    if Task.isCancelled { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if isCancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let sleeper = state.withLock { state in
                state.sleepers.firstIndex { $0.id == id }.map { state.sleepers.remove(at: $0) }
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration`, waking, in deadline order, every sleep that ends within it.
    ///
    /// Before it returns, and after it wakes each sleeper, it waits until the test stores' effects have run as far
    /// as they can: at most five seconds each time, for an effect that keeps its executor busy without suspending.
    public func advance(by duration: Swift.Duration = .zero) async {
        await advance(to: now.advanced(by: duration))
    }

    /// Moves time forward to `deadline`, waking, in deadline order, every sleep that ends by then; see
    /// ``advance(by:)``.
    package func advance(to deadline: Instant) async {
        await settle()
        while let sleeper = takeNextSleeper(until: deadline) {
            sleeper.continuation.resume()
            await settle()
        }
    }

    /// Throws ``SuspensionError`` when an effect is sleeping on the clock, once the test stores' effects have run
    /// as far as they can; returns when none is.
    package func checkSuspension() async throws {
        await settle()
        guard state.withLock({ $0.sleepers.isEmpty }) else { throw SuspensionError() }
    }

    /// Advances the clock until no effect sleeps on it any more, for effects that would otherwise wait forever;
    /// reports a failure at the caller's line when sleepers are still there after `timeout` of real time.
    ///
    /// - Parameters:
    ///   - timeout: how long, in real time, to keep advancing.
    ///   - fileID: the caller's location, where a failure is reported; leave the default.
    ///   - filePath: as `fileID`.
    ///   - line: as `fileID`.
    ///   - column: as `fileID`.
    package func run(
        timeout: Swift.Duration = .milliseconds(500),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let realDeadline = ContinuousClock.now.advanced(by: timeout)
        await settle()
        while let next = state.withLock({ $0.sleepers.map(\.deadline).min() }) {
            // At least one advance, however slow the machine: the timeout is for sleepers that never stop.
            await advance(to: next)
            guard ContinuousClock.now < realDeadline else {
                guard state.withLock({ !$0.sleepers.isEmpty }) else { return }
                reportIssue(
                    "Expected every sleep on the test clock to end, but some still sleep after \(timeout): an effect"
                        + " keeps sleeping again, or waits for something the clock does not control.",
                    fileID: fileID,
                    filePath: filePath,
                    line: line,
                    column: column
                )
                return
            }
        }
    }

    /// Removes and returns the sleeper with the earliest deadline if it ends by `deadline` (moving ``now`` to its
    /// deadline); otherwise moves ``now`` to `deadline` and returns `nil`.
    private func takeNextSleeper(until deadline: Instant) -> Sleeper? {
        state.withLock { state in
            // The first of the earliest: sleepers with the same deadline wake in the order they started sleeping.
            let earliest = state.sleepers.indices.min { state.sleepers[$0].deadline < state.sleepers[$1].deadline }
            guard let index = earliest, state.sleepers[index].deadline <= deadline
            else {
                if state.now < deadline { state.now = deadline }
                return nil
            }
            if state.now < state.sleepers[index].deadline { state.now = state.sleepers[index].deadline }
            return state.sleepers.remove(at: index)
        }
    }

    /// Waits until the effects of the test stores that slept on this clock have run as far as they can, and gives
    /// other tasks a few turns of the global executor.
    private func settle() async {
        await waitForExecutors()
        await Task.megaYield()
        await waitForExecutors()
    }

    private func waitForExecutors() async {
        let executors = state.withLock { state in
            state.executors = state.executors.filter { $0.value.object != nil }
            return state.executors.values.compactMap(\.object)
        }
        let deadline = ContinuousClock.now.advanced(by: .seconds(5))
        for executor in executors {
            await executor.waitUntilIdle(until: deadline)
        }
    }
}

/// Thrown by ``TestClock/checkSuspension()`` when an effect is sleeping on the clock.
package struct SuspensionError: Error, Sendable {
    /// Creates the error.
    package init() {}
}
