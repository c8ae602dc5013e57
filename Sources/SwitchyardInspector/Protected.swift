import Foundation

/// A value reachable only inside its lock. The lock is `NSLock`, a pthread mutex, which ThreadSanitizer sees.
@usableFromInline
final class Protected<Value>: @unchecked Sendable {
    // Invariant: `value` is read and written only inside `lock`.
    @usableFromInline let lock = NSLock()
    // The lock gives exclusive access: the run-time exclusivity check would only repeat it, at about 150
    // instructions per access.
    @usableFromInline @exclusivity(unchecked) var value: Value

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
