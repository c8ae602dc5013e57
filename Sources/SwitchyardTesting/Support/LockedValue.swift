import Foundation

/// A value behind a lock, shared between the test and the tasks of the code under test.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value  // guarded by lock

    init(_ value: Value) {
        self.value = value
    }

    /// Reads or changes the value under the lock.
    func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// The current value.
    var current: Value { withValue { $0 } }
}
