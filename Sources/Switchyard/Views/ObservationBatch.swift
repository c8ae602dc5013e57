// Unsafe code of this file, and the invariant it relies on: the static properties marked `@exclusivity(unchecked)`
// are isolated to the main actor, so no two threads touch them, and every access to them is instantaneous (a read,
// an assignment or an append; the observers are told between accesses, never during one), so no two accesses
// overlap. The run-time check they skip costs about eighty instructions per access, on every state.

/// The changes of the state a view tree is taking, announced together once every view of the tree holds it.
///
/// A view that takes a state records each changed value that something read (``ObservedVersion/bump()``), then
/// hands the state to the views scoped from it, which do the same; the view that received the state from the store
/// announces them all at the end. So an observer is told once per state, however many of the values it read
/// changed and in however many views, even when it observes again inside its `onChange`; and when it is told,
/// every view already holds the new state.
@MainActor
@usableFromInline
enum ObservationBatch {
    /// A change waiting to be announced: the value, and the registrar its observers registered with.
    struct Change {
        let version: ObservedVersion
        let onSecond: Bool
    }

    /// The first change recorded, kept apart from the others: a state usually changes one value that something
    /// read, and recording it here, then taking it, costs a store and a load where a list costs about 250
    /// instructions to append to and to empty.
    @exclusivity(unchecked) static var first: Change?
    /// The changes recorded after ``first``, in order.
    @exclusivity(unchecked) static var others: [Change] = []
    /// Whether a change waits to be announced: a flag with a constant initial value, which a state that changed
    /// nothing anybody read checks without the lazy initialization of the list.
    @exclusivity(unchecked) static var hasPending = false
    /// Set while ``announce()`` tells observers: a state that an observer's code makes a view take then is
    /// announced by the same loop.
    @exclusivity(unchecked) static var isAnnouncing = false

    @usableFromInline
    static func record(_ version: ObservedVersion, onSecond: Bool) {
        let change = Change(version: version, onSecond: onSecond)
        if hasPending {
            others.append(change)
        } else {
            first = change
            hasPending = true
        }
    }

    /// Tells the observers of every change recorded so far.
    ///
    /// Not inlinable: from the module that makes the view, the flags would be reached through their accessors, about
    /// twelve instructions per state; here, where they are defined, a call and a load.
    @usableFromInline
    static func announce() {
        if hasPending { announcePending() }
    }

    static func announcePending() {
        if isAnnouncing { return }
        isAnnouncing = true
        // An observer told here may make a view take another state, which records its changes while this loop runs
        // (in `others`, since `hasPending` stays set): they are announced by this loop too, in order.
        var index = 0
        while true {
            let change: Change
            if let recorded = first {
                first = nil
                change = recorded
            } else if index < others.count {
                change = others[index]
                index += 1
            } else {
                break
            }
            change.version.announce(onSecond: change.onSecond)
        }
        // The list's buffer is kept for the next state, unless an unusual state made it large.
        if index > 0 { others.removeAll(keepingCapacity: others.capacity <= 256) }
        hasPending = false
        isAnnouncing = false
    }
}
