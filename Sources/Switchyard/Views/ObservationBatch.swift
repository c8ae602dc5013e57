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

    @exclusivity(unchecked) static var pending: [Change] = []
    /// Whether ``pending`` holds a change: a flag with a constant initial value, which a state that changed nothing
    /// anybody read checks without the lazy initialization of the list.
    @exclusivity(unchecked) static var hasPending = false
    /// Set while ``announce()`` tells observers: a state that an observer's code makes a view take then is
    /// announced by the same loop.
    @exclusivity(unchecked) static var isAnnouncing = false

    @usableFromInline
    static func record(_ version: ObservedVersion, onSecond: Bool) {
        pending.append(Change(version: version, onSecond: onSecond))
        hasPending = true
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
        var index = 0
        while index < pending.count {
            let change = pending[index]
            index += 1
            change.version.announce(onSecond: change.onSecond)
        }
        // The list's buffer is kept for the next state, unless an unusual state made it large.
        pending.removeAll(keepingCapacity: pending.capacity <= 256)
        hasPending = false
        isAnnouncing = false
    }
}
