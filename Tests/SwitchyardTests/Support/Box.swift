import Foundation

/// A value that tests share with other threads, behind a lock.
final class Box<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: Value

    init(_ value: Value) {
        self.storage = value
    }

    var value: Value {
        get { lock.withLock { storage } }
        set { lock.withLock { storage = newValue } }
    }

    func modify(_ body: (inout Value) -> Void) {
        lock.withLock { body(&storage) }
    }
}
