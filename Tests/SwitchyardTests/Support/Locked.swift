import Foundation

/// A value that tests share between threads, reachable only under its lock.
///
/// The names below are the shapes tests use it in: a `Box` holds any value, a `Slot` an optional one filled later, a
/// `Log` the values appended in order, a `Trace` the steps of a scenario as strings.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: Value

    init(_ value: Value) {
        storage = value
    }

    /// The value; setting it replaces it whole.
    var value: Value {
        get { withLock { $0 } }
        set { withLock { $0 = newValue } }
    }

    /// Runs `body` with the value while holding the lock.
    @discardableResult
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&storage)
    }

    /// Changes the value in place while holding the lock.
    func modify(_ body: (inout Value) -> Void) {
        withLock(body)
    }
}

extension Locked where Value: ExpressibleByNilLiteral {
    /// An empty slot.
    convenience init() {
        self.init(nil)
    }
}

extension Locked where Value: RangeReplaceableCollection & BidirectionalCollection {
    /// An empty list.
    convenience init() {
        self.init(Value())
    }

    /// Appends `element`.
    func append(_ element: Value.Element) {
        withLock { $0.append(element) }
    }

    /// The elements appended so far, in order.
    var values: Value { value }
    /// The steps of a trace so far, in order.
    var entries: Value { value }
    /// How many elements were appended.
    var count: Int { value.count }
    /// The last element appended.
    var last: Value.Element? { value.last }
}

/// Any value shared between threads.
typealias Box<Value> = Locked<Value>
/// An optional value shared between threads, empty until set.
typealias Slot<Value> = Locked<Value?>
/// Values appended from several threads, in order.
typealias Log<Element> = Locked<[Element]>
/// The steps of a scenario, in the order they happened.
typealias Trace = Locked<[String]>
