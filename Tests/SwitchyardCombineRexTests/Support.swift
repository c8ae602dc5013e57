import Foundation
import SwitchyardCombineRex

/// What the tests collect from several threads, guarded by an `NSLock` (which ThreadSanitizer sees).
final class Collected<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Value] = []

    func append(_ item: Value) {
        lock.lock()
        items.append(item)
        lock.unlock()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}

/// An output that records what an IO dispatches.
func recordingOutput<Action>(_ collected: Collected<DispatchedAction<Action>>) -> AnyActionHandler<Action> {
    AnyActionHandler { collected.append($0) }
}

/// Polls `condition` until it holds or `seconds` pass; `true` when it held.
func eventually(seconds: Double = 60, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { return false }
        Thread.sleep(forTimeInterval: 0.002)
    }
    return true
}

/// Polls `condition` until it holds or `seconds` pass, suspending between polls: an asynchronous test waits with this
/// one, so that it never holds a thread of the concurrency pool or the main actor that the awaited work may need.
func eventuallyAsync(seconds: Double = 60, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return true
}
