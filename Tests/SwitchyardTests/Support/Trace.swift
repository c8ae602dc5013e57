import Foundation

/// A thread-safe list of strings that tests append to, to check the order in which things happened.
final class Trace: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    func append(_ entry: String) {
        lock.lock()
        storage.append(entry)
        lock.unlock()
    }

    var entries: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

/// Waits until `condition` holds, polling; gives up after a generous `timeout` and returns whether it held.
///
/// Used for work that a fixture schedules on another queue: tests assert on what happened, never on when.
func eventually(timeout: Duration = .seconds(10), _ condition: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !condition() {
        guard clock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return true
}

/// The number of frames on the caller's stack: equal depths through two handlers that should be the same show
/// that one is not a wrapper around the other. Meaningful only without optimization (see ``isDebugBuild``).
func currentStackDepth() -> Int {
    Thread.callStackSymbols.count
}

/// Whether the tests run unoptimized: stack depths only count wrappers when nothing is inlined.
let isDebugBuild: Bool = {
    #if DEBUG
        true
    #else
        false
    #endif
}()
