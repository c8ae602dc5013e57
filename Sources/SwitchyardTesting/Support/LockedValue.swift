import Foundation

/// A value behind a lock, shared between the test and the tasks of the code under test: the value is reachable only
/// inside ``withValue(_:)``, under the lock, and ``wait(until:while:)`` waits on the same lock for a change.
///
/// `NSCondition` is a pthread mutex with a condition variable, which ThreadSanitizer sees.
final class LockedValue<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Reads or changes the value under the lock.
    func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        condition.lock()
        defer { condition.unlock() }
        return try body(&value)
    }

    /// Changes the value under the lock and wakes the threads waiting in ``wait(until:while:)``.
    func changeAndBroadcast<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return try body(&value)
    }

    /// Blocks the calling thread while `mustWait` holds for the value, re-checked after each broadcast; `false` when
    /// `deadline` passed first.
    func wait(until deadline: Date, while mustWait: (Value) -> Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while mustWait(value) {
            if !condition.wait(until: deadline) { return !mustWait(value) }
        }
        return true
    }

    /// The current value.
    var current: Value { withValue { $0 } }
}
