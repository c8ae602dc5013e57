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
