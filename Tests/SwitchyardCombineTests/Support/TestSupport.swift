import Dispatch
import Foundation
import Switchyard
import SwitchyardTestSupport
import Synchronization
import Testing

/// The counter feature the tests drive.
enum CounterAction: Sendable, Equatable {
    case increment
    /// Changes nothing.
    case noop
}

let counterReducer = Reducer<CounterAction, Int> { action, count in
    if action == .increment { count += 1 }
}

/// A thread-safe list of values that tests append to from any thread.
final class Log<Element: Sendable>: Sendable {
    private let storage = LockedBox<[Element]>([])

    func append(_ element: Element) {
        storage.withLock { $0.append(element) }
    }

    var values: [Element] { storage.withLock { $0 } }
    var count: Int { values.count }
    var last: Element? { values.last }
}

/// A value behind an `NSLock`, which ThreadSanitizer sees.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

/// An object whose release the tests watch through a weak reference.
final class Witness: Sendable {}

/// Runs `body` on a new Foundation thread, off the cooperative pool.
func onThread(_ body: @escaping @Sendable () -> Void) {
    Thread { body() }.start()
}

/// Whether `values` go up by one each time: no value missed, none repeated.
func areConsecutive(_ values: [Int]) -> Bool {
    zip(values, values.dropFirst()).allSatisfy { $1 == $0 + 1 }
}
