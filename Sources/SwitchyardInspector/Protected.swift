import Foundation

/// A value reachable only inside its lock. The lock is `NSLock`, a pthread mutex, which ThreadSanitizer sees.
final class Protected<Value>: @unchecked Sendable {
    // Invariant: `value` is read and written only inside `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
