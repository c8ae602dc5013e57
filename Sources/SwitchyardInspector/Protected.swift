import Foundation

/// A value reachable only inside its lock. The lock is `NSLock`, a pthread mutex, which ThreadSanitizer sees.
@usableFromInline
final class Protected<Value>: @unchecked Sendable {
    // Invariant: `value` is read and written only inside `lock`.
    @usableFromInline let lock = NSLock()
    @usableFromInline var value: Value

    @usableFromInline
    init(_ value: Value) {
        self.value = value
    }

    @inlinable
    func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
