import Switchyard

/// The place a recorded action was dispatched from (its source's file, function and line), as an entry of the history
/// keeps it: a position in a table that holds each place once for the process. A plain value, so an entry copies and
/// overwrites it without calling the runtime.
///
/// An app dispatches from a fixed set of places. Keeping the source's strings in each entry made each recorded action
/// retain them and release those of the entry it overwrote: with the cache below, recording costs about 85
/// instructions less per action (callgrind, the gate's i1: 1,057 before, 973 after). The source's `info`, which a
/// bridge writes per action, stays in the entry.
///
/// The table holds at most ``capacity`` places. An app whose actions come from more
/// places than that (file or function names made at run time) records the places past them as unknown, so that the
/// table's memory stays bounded while the inspector is attached.
@usableFromInline
struct InspectorPlace: Equatable, Sendable {
    @usableFromInline let position: UInt32

    @inlinable
    init(position: UInt32) {
        self.position = position
    }

    /// The place of `source`, added to the table when it is not there yet.
    init(_ source: ActionSource) {
        self.init(position: Self.table.withLock { $0.position(of: Place(source)) })
    }

    /// The source of an action dispatched from this place with `info`.
    func source(info: String?) -> ActionSource {
        let place = Self.table.withLock { $0.value(at: position) } ?? Self.unknown
        return ActionSource(file: place.file, function: place.function, line: place.line, info: info)
    }

    /// A source's file, function and line.
    struct Place: Hashable, Sendable {
        var file: String
        var function: String
        var line: UInt
    }

    /// The most places the process's table keeps. A place costs the table about 300 bytes with a file and a
    /// function of 50 characters each: at most about 10 MB.
    static let capacity = 1 << 15
    /// What a place past the capacity reads as.
    static let unknown = Place(file: "unknown (more places than the inspector keeps)", function: "unknown", line: 0)

    /// The process's table.
    private static let table = LockedValue(InspectorTable<Place>(capacity: capacity))
}

extension InspectorPlace.Place {
    /// The file, function and line of `source`.
    init(_ source: ActionSource) {
        self.init(file: source.file, function: source.function, line: source.line)
    }
}

/// Values kept once each, by position, for what recorded entries name many times: the places actions are dispatched
/// from (``InspectorPlace``) and the threads that imported sessions describe (``InspectorThread``). An entry holds a
/// position, a plain number, rather than the value's strings.
struct InspectorTable<Value: Hashable & Sendable>: Sendable {
    /// The position of every value past the capacity, which has no value.
    static var unlisted: UInt32 { .max }

    /// The most values kept.
    let capacity: Int
    private var all: [Value] = []
    private var positions: [Value: UInt32] = [:]

    init(capacity: Int) {
        precondition(capacity > 0 && capacity < Int(Self.unlisted), "A table holds 1 to 2^32 - 2 values.")
        self.capacity = capacity
    }

    /// How many values are kept.
    var count: Int { all.count }

    /// The position of `value`, where it is added when it is not there yet; ``unlisted`` when the table is full and
    /// does not hold it.
    mutating func position(of value: Value) -> UInt32 {
        if let position = positions[value] { return position }
        guard all.count < capacity else { return Self.unlisted }
        let position = UInt32(all.count)
        all.append(value)
        positions[value] = position
        return position
    }

    /// The value at `position`, which ``position(of:)`` returned; `nil` for ``unlisted``.
    func value(at position: UInt32) -> Value? {
        position == Self.unlisted ? nil : all[Int(position)]
    }
}

/// The places a recorder met last, by line, with their positions in the table of ``InspectorPlace``: finding a place
/// here compares its line and, for the string literals that `#fileID` and `#function` give, each string's two words,
/// without hashing them and without taking the table's lock.
@usableFromInline
struct InspectorPlaceCache: Sendable {
    @usableFromInline
    struct Slot: Sendable {
        /// The source's file and function when they are literals (`nil` otherwise): compared first, by address.
        @usableFromInline var literals: ActionSource.Literals?
        @usableFromInline var file: String
        @usableFromInline var function: String
        @usableFromInline var line: UInt
        @usableFromInline var position: UInt32
    }

    /// A power of two: a line's slot is its remainder.
    @usableFromInline static let slotCount = 256
    /// A slot's position until a place is kept in it: the table's ``InspectorTable/unlisted``, which is never kept.
    /// Written as a literal: read from the generic table on each action, it cost about 190 instructions (the gate's
    /// i1).
    @usableFromInline static let empty: UInt32 = .max
    @usableFromInline var slots = ContiguousArray(
        repeating: Slot(literals: nil, file: "", function: "", line: 0, position: empty), count: slotCount)

    @usableFromInline init() {}

    /// The place of the source at `source`, read there: a source given as a value was copied first (about 100
    /// instructions per action).
    @inlinable @inline(__always)
    mutating func place(of source: UnsafePointer<ActionSource>) -> InspectorPlace {
        let line = source.pointee.line
        let index = Int(truncatingIfNeeded: line) & (Self.slotCount - 1)
        guard let literals = source.pointee.literals else { return place(ofStrings: source.pointee, at: index) }
        // Read in place, through the buffer: a copy of the slot would retain its strings. The closure captures the
        // literals and the line alone: a source it captured would be copied, about 60 instructions per action.
        let found = slots.withUnsafeBufferPointer { slots in
            slots[index].line == line && slots[index].position != Self.empty && slots[index].literals == literals
                ? slots[index].position : Self.empty
        }
        if found != Self.empty { return InspectorPlace(position: found) }
        return miss(source.pointee, at: index)
    }

    /// The place of a source whose file and function are strings (forwarded, or decoded).
    @usableFromInline @inline(never)
    mutating func place(ofStrings source: ActionSource, at index: Int) -> InspectorPlace {
        let (file, function, line) = (source.file, source.function, source.line)
        let found = slots.withUnsafeBufferPointer { slots in
            slots[index].line == line && slots[index].position != Self.empty && slots[index].literals == nil
                && slots[index].file == file && slots[index].function == function
                ? slots[index].position : Self.empty
        }
        if found != Self.empty { return InspectorPlace(position: found) }
        return miss(source, at: index)
    }

    /// A place the cache does not hold: looked up in the table (or added to it), then kept in its slot.
    @usableFromInline @inline(never)
    mutating func miss(_ source: ActionSource, at index: Int) -> InspectorPlace {
        let place = InspectorPlace(source)
        if place.position != Self.empty {
            slots[index] = Slot(
                literals: source.literals, file: source.file, function: source.function, line: source.line,
                position: place.position)
        }
        return place
    }
}
