// Unsafe code of this file, and the invariant it relies on: `ObservableStore.id` of a view that is not a row copies its
// state's id out of `MainActor.assumeIsolated` through a `nonisolated(unsafe)` local: the closure runs synchronously on
// the calling thread (which it has checked is the main actor's) before the local is read, so no other thread sees it.

/// The row views of a collection in a view's state, in the collection's order: what `ForEach` takes.
///
/// ```swift
/// ForEach(listView.scope(collection: \.todos, action: ListAction.todo)) { row in
///     TodoRow(view: row)
/// }
/// ```
///
/// Made by ``ObservableStore/scope(collection:action:)``. Each row is an ``ObservableStore`` of one element,
/// identified by the element's id; it is made once and kept while its id stays in the collection, wherever the
/// element moves. An id that the collection holds more than once has one row, at each of its positions, showing the
/// first element with that id on every state; the later elements with it are not shown.
public struct ObservableRows<Action, Element: Identifiable>: RandomAccessCollection, Sendable
where Element.ID: Sendable {
    /// The row views, in the collection's order.
    @usableFromInline let rows: [ObservableStore<Action, Element>]

    @inlinable
    init(rows: [ObservableStore<Action, Element>]) {
        self.rows = rows
    }

    /// The position of the first row.
    @inlinable public var startIndex: Int { rows.startIndex }
    /// The position after the last row.
    @inlinable public var endIndex: Int { rows.endIndex }

    /// The row view at `position`.
    @inlinable
    public subscript(position: Int) -> ObservableStore<Action, Element> { rows[position] }
}

extension ObservableStore: Identifiable where State: Identifiable {
    /// The id of the element this view shows: for a row view (from ``scope(collection:action:)`` or
    /// ``scope(element:in:action:)``), its element's id, fixed for the row's life; for another view, the id of its
    /// current state, read on the main actor.
    public nonisolated var id: State.ID {
        if let elementID { return elementID as! State.ID }
        nonisolated(unsafe) var id: State.ID?
        MainActor.assumeIsolated { id = stateWithoutTracking.id }
        return id!
    }
}

/// The rows of one collection scoped from a view: a row view per id, kept while the id stays, updated with the
/// parent's states in one pass over the collection.
@MainActor
@usableFromInline
final class RowCache<Action, Element: Identifiable> where Element.ID: Sendable {
    @usableFromInline var rows: [ObservableStore<Action, Element>] = []
    /// The ids of ``rows``, in the same order.
    @usableFromInline var ids: [Element.ID] = []
    /// Whether each position of ``rows`` holds an id that an earlier position holds too (its row shows the element at
    /// that earlier position); empty when no id is repeated, as in most collections.
    @usableFromInline var repeats: [Bool] = []
    @usableFromInline var byID: [Element.ID: ObservableStore<Action, Element>] = [:]
    /// What readers of the rows depend on: bumped when the ids or their order change.
    @usableFromInline let order = ObservedVersion()
    @usableFromInline let makeRow: (Element) -> ObservableStore<Action, Element>
    @usableFromInline let diagnostics: StoreDiagnostics

    @inlinable
    init(diagnostics: StoreDiagnostics, makeRow: @escaping (Element) -> ObservableStore<Action, Element>) {
        self.diagnostics = diagnostics
        self.makeRow = makeRow
    }

    /// Gives each element to its row, making rows for new ids and letting go of the rows whose ids left; bumps
    /// ``order`` when the ids or their order changed. While they stay in order, nothing is allocated.
    ///
    /// An element that is the same, bit for bit, as the one its row holds (every element an action did not touch)
    /// is not given to the row: nothing in it can have changed, and comparing its values one by one would cost the
    /// row about fifty nanoseconds per state.
    ///
    /// An id that the collection holds more than once has one row, at each of its positions, which shows the first
    /// element with that id: the later ones are never given to it.
    @inlinable
    func update<Elements: Collection>(_ elements: Elements) where Elements.Element == Element {
        // Local copies: an access to the class's arrays would pay the run-time exclusivity check at every row.
        let ids = ids
        let rows = rows
        if elements.count == ids.count {
            var offset = 0
            if repeats.isEmpty {
                for element in elements {
                    guard ids[offset] == element.id else { break }
                    let row = rows[offset]
                    if !isBitwiseIdentical(row.current, element) { row.apply(element) }
                    offset += 1
                }
            } else {
                let repeats = repeats
                for element in elements {
                    guard ids[offset] == element.id else { break }
                    if !repeats[offset] {
                        let row = rows[offset]
                        if !isBitwiseIdentical(row.current, element) { row.apply(element) }
                    }
                    offset += 1
                }
            }
            if offset == ids.count { return }
        }
        reorder(elements)
    }

    /// ``update(_:)`` when the ids changed: rows for the ids that stay are kept, wherever they moved.
    @inlinable
    func reorder<Elements: Collection>(_ elements: Elements) where Elements.Element == Element {
        var newRows: [ObservableStore<Action, Element>] = []
        var newIDs: [Element.ID] = []
        var newRepeats: [Bool] = []
        newRows.reserveCapacity(elements.count)
        newIDs.reserveCapacity(elements.count)
        var left = byID
        for element in elements {
            let row: ObservableStore<Action, Element>
            if let existing = left.removeValue(forKey: element.id) {
                row = existing
                if !isBitwiseIdentical(row.current, element) { row.apply(element) }
            } else if let repeated = byID[element.id] {
                // The same id twice in the collection: one row shows the first element with it.
                row = repeated
                if newRepeats.isEmpty { newRepeats = Array(repeating: false, count: elements.count) }
                newRepeats[newRows.count] = true
            } else {
                row = makeRow(element)
                byID[element.id] = row
            }
            newRows.append(row)
            newIDs.append(element.id)
        }
        for (id, row) in left {
            row.detach()
            byID[id] = nil
        }
        rows = newRows
        ids = newIDs
        repeats = newRepeats
        order.bump()
    }
}

/// Whether two values are the same bit for bit: then they hold the same values and the same instances. The converse
/// does not hold (padding, strings stored differently), so `false` only means "compare them".
///
/// Not isolated to the main actor: a closure of main-actor code given to `withUnsafeBytes` checks, each time it
/// runs, that it runs there, at a cost of about seventy nanoseconds.
@inlinable
func isBitwiseIdentical<Value>(_ a: Value, _ b: Value) -> Bool {
    withUnsafeBytes(of: a) { a in
        withUnsafeBytes(of: b) { b in
            var offset = 0
            while offset + 8 <= a.count {
                guard
                    a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        == b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                else { return false }
                offset += 8
            }
            while offset < a.count {
                guard a[offset] == b[offset] else { return false }
                offset += 1
            }
            return true
        }
    }
}
