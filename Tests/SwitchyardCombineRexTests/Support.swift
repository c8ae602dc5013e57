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
