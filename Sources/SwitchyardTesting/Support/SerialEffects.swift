import ConcurrencyExtras

/// Runs `operation` with every task of the process on the main serial executor: a test store's effects then run
/// one at a time, in a predictable order, and a test clock's `advance` lets each effect that can make progress run
/// before it returns. Wrap a test that advances a clock and that fails now and then:
///
/// ```swift
/// @Test func theLatestSearchWins() async {
///     await withSerialEffects {
///         let clock = TestClock()
///         let store = TestStore(initialState: State(), reducer: reducer, middleware: SearchMiddleware(clock: clock))
///         await store.send(.search("sw")) { $0.query = "sw" }
///         await clock.advance(by: .milliseconds(300))
///         // …
///     }
/// }
/// ```
///
/// The switch is process-wide, as Swift concurrency offers it: while it is on, the tests that run in parallel
/// also run their tasks on the main thread, one job at a time, and a test that blocks its thread for long delays
/// all the others. Run such tests in a suite marked `.serialized`, or in a process of their own
/// (`swift test --filter`). Calls may nest and overlap: the executor is restored when the last one returns.
public func withSerialEffects<Result>(_ operation: () async throws -> Result) async rethrows -> Result {
    SerialEffects.acquire()
    defer { SerialEffects.release() }
    return try await operation()
}

/// Counts the callers of ``withSerialEffects(_:)`` that run, so that overlapping calls restore the executor only
/// when the last one returns.
enum SerialEffects {
    private static let leases = LockedValue((count: 0, wasOn: false))

    static func acquire() {
        leases.withValue { leases in
            if leases.count == 0 {
                leases.wasOn = uncheckedUseMainSerialExecutor
                uncheckedUseMainSerialExecutor = true
            }
            leases.count += 1
        }
    }

    static func release() {
        leases.withValue { leases in
            leases.count -= 1
            if leases.count == 0 { uncheckedUseMainSerialExecutor = leases.wasOn }
        }
    }
}
