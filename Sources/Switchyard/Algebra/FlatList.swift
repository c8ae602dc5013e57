import Synchronization

// A persistent list that grows at both ends in amortized O(1): what lets `<>` compose IOs and middlewares one at a
// time in linear total time, and run them with a loop instead of nested calls.
//
// Invariants this file relies on (its unsafe code is here only):
// - A buffer has a fixed capacity; its elements never move. Growing past it copies the list into a new buffer,
//   and the old buffer stays intact for the lists that still use it.
// - A buffer's claimed region `lowerClaim..<upperClaim` only grows. A list claims the slots next to its own ends
//   with a compare-and-exchange of that bound, which succeeds only while the list ends exactly at the claimed
//   region's end: of two lists sharing a buffer, at most one extends it past a given bound, and the other copies.
// - A slot is initialized right after it is claimed, by the claimer, and never written again. A list covers only
//   slots that were initialized before the list existed, so reading them needs no synchronization beyond the one
//   that handed the list over.
// - `deinit` runs after every claimer has released the buffer, so every claimed slot is initialized then.

/// The storage of ``FlatList``: a fixed-capacity block of elements, claimed from a starting point outwards.
@usableFromInline
final class FlatListBuffer<Element> {
    @usableFromInline let elements: UnsafeMutablePointer<Element>
    let capacity: Int
    let lowerClaim: Atomic<Int>
    let upperClaim: Atomic<Int>

    /// A buffer of `capacity` slots, none claimed, whose claims start at `start`.
    init(capacity: Int, start: Int) {
        self.elements = .allocate(capacity: capacity)
        self.capacity = capacity
        self.lowerClaim = Atomic(start)
        self.upperClaim = Atomic(start)
    }

    deinit {
        let lower = lowerClaim.load(ordering: .acquiring)
        let upper = upperClaim.load(ordering: .acquiring)
        (elements + lower).deinitialize(count: upper - lower)
        elements.deallocate()
    }

    /// Claims `count` slots from `bound` upwards, if `bound` is the end of the claimed region and they fit.
    func claimUpper(from bound: Int, count: Int) -> Bool {
        guard count <= capacity - bound else { return false }
        return upperClaim.compareExchange(
            expected: bound, desired: bound + count, ordering: .acquiringAndReleasing
        ).exchanged
    }

    /// Claims `count` slots from `bound` downwards, if `bound` is the start of the claimed region and they fit.
    func claimLower(from bound: Int, count: Int) -> Bool {
        guard count <= bound else { return false }
        return lowerClaim.compareExchange(
            expected: bound, desired: bound - count, ordering: .acquiringAndReleasing
        ).exchanged
    }
}

extension FlatListBuffer: @unchecked Sendable where Element: Sendable {}

/// An immutable, non-empty list of values that shares its storage with the lists it was built from.
///
/// Appending to a list, or prepending, reuses its buffer when no other list has grown that end of it yet, and
/// copies otherwise: building a list one element at a time, at either end, costs amortized O(1) per element.
@usableFromInline
struct FlatList<Element> {
    @usableFromInline let buffer: FlatListBuffer<Element>
    @usableFromInline let lowerBound: Int
    @usableFromInline let upperBound: Int

    private init(buffer: FlatListBuffer<Element>, lowerBound: Int, upperBound: Int) {
        self.buffer = buffer
        self.lowerBound = lowerBound
        self.upperBound = upperBound
    }

    /// A list of one element.
    @usableFromInline
    init(_ element: Element) {
        self = Self.copying(count: 1) { $0.initialize(to: element) }
    }

    /// The number of elements: at least one.
    @usableFromInline
    var count: Int { upperBound - lowerBound }

    /// Calls `body` with the elements, in order, borrowed from the buffer: nothing is retained per element.
    @inlinable
    func withElements<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(buffer) {
            try body(UnsafeBufferPointer(start: buffer.elements + lowerBound, count: upperBound - lowerBound))
        }
    }

    /// The elements in an array.
    @usableFromInline
    var array: [Element] {
        withElements { Array($0) }
    }

    /// This list followed by `element`.
    @usableFromInline
    func appending(_ element: Element) -> FlatList {
        if buffer.claimUpper(from: upperBound, count: 1) {
            (buffer.elements + upperBound).initialize(to: element)
            return FlatList(buffer: buffer, lowerBound: lowerBound, upperBound: upperBound + 1)
        }
        return .copying(count: count + 1, headroom: .mostlyAfter) { slots in
            withElements { slots.initialize(from: $0.baseAddress!, count: $0.count) }
            (slots + count).initialize(to: element)
        }
    }

    /// `element` followed by this list.
    @usableFromInline
    func prepending(_ element: Element) -> FlatList {
        if buffer.claimLower(from: lowerBound, count: 1) {
            (buffer.elements + lowerBound - 1).initialize(to: element)
            return FlatList(buffer: buffer, lowerBound: lowerBound - 1, upperBound: upperBound)
        }
        return .copying(count: count + 1, headroom: .mostlyBefore) { slots in
            slots.initialize(to: element)
            withElements { (slots + 1).initialize(from: $0.baseAddress!, count: $0.count) }
        }
    }

    /// `element` followed by `list`, where either may be missing: `nil` when both are.
    static func prepending(_ element: Element?, to list: FlatList?) -> FlatList? {
        guard let element else { return list }
        return list?.prepending(element) ?? FlatList(element)
    }

    /// The elements of `lhs` followed by those of `rhs`: the shorter list is copied into the other's buffer when
    /// that buffer has room at the right end and no other list has grown it there; both are copied otherwise.
    @usableFromInline
    static func + (lhs: FlatList, rhs: FlatList) -> FlatList {
        if lhs.count >= rhs.count {
            return lhs.extendingUpper(with: rhs) ?? rhs.extendingLower(with: lhs) ?? .concatenating(lhs, rhs)
        }
        return rhs.extendingLower(with: lhs) ?? lhs.extendingUpper(with: rhs) ?? .concatenating(lhs, rhs)
    }

    private func extendingUpper(with other: FlatList) -> FlatList? {
        guard buffer.claimUpper(from: upperBound, count: other.count) else { return nil }
        other.withElements { (buffer.elements + upperBound).initialize(from: $0.baseAddress!, count: $0.count) }
        return FlatList(buffer: buffer, lowerBound: lowerBound, upperBound: upperBound + other.count)
    }

    private func extendingLower(with other: FlatList) -> FlatList? {
        guard buffer.claimLower(from: lowerBound, count: other.count) else { return nil }
        other.withElements {
            (buffer.elements + lowerBound - other.count).initialize(from: $0.baseAddress!, count: $0.count)
        }
        return FlatList(buffer: buffer, lowerBound: lowerBound - other.count, upperBound: upperBound)
    }

    private static func concatenating(_ lhs: FlatList, _ rhs: FlatList) -> FlatList {
        copying(count: lhs.count + rhs.count) { slots in
            lhs.withElements { slots.initialize(from: $0.baseAddress!, count: $0.count) }
            rhs.withElements { (slots + lhs.count).initialize(from: $0.baseAddress!, count: $0.count) }
        }
    }

    /// Where a new buffer keeps its free slots: mostly on the side the list grows towards.
    private enum Headroom {
        case mostlyBefore, even, mostlyAfter
    }

    /// A list of `count` elements in a new buffer, which `initialize` fills. The buffer has room to double the list,
    /// three quarters of it on the side given by `headroom` and at least a quarter on the other: growing a list one
    /// element at a time, at either end or alternately, copies it only after a quarter as many more elements as it
    /// has, which keeps each append and prepend amortized O(1).
    private static func copying(
        count: Int,
        headroom: Headroom = .even,
        _ initialize: (UnsafeMutablePointer<Element>) -> Void
    ) -> FlatList {
        let capacity = max(8, 2 * count)
        let free = capacity - count
        let start =
            switch headroom {
            case .mostlyBefore: free - free / 4
            case .even: free / 2
            case .mostlyAfter: free / 4
            }
        let buffer = FlatListBuffer<Element>(capacity: capacity, start: start)
        let claimed = buffer.claimUpper(from: start, count: count)
        precondition(claimed, "a new buffer has room for its list")
        initialize(buffer.elements + start)
        return FlatList(buffer: buffer, lowerBound: start, upperBound: start + count)
    }
}

extension FlatList: Sendable where Element: Sendable {}
