import Foundation
import Switchyard

/// A thread-safe list that tests append to from any thread.
final class Recorder<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [DispatchedAction<Value>] = []

    func append(_ value: DispatchedAction<Value>) {
        lock.lock()
        storage.append(value)
        lock.unlock()
    }

    var values: [DispatchedAction<Value>] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    var actions: [Value] { values.map(\.action) }
}
