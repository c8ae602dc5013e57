import Observation

// Unsafe code of this file, and the invariant it relies on: the stored properties marked `@exclusivity(unchecked)`
// are isolated to the main actor, so no two threads touch them, and every access to them is instantaneous (a read or
// an assignment; no code of the app runs during one), so no two accesses overlap. The run-time check they skip costs
// about eighty instructions per access, on every state.

/// A counter that observations depend on. Not generic, so that its key path is a constant: a generic class's key
/// path is instantiated, with a type lookup, every time it is written.
///
/// It keeps two registrars and uses one at a time. A change does not tell the current registrar's observers at once:
/// it switches later readers to the other registrar and leaves the announcement to ``ObservationBatch``, which makes
/// it once every view took the state. An observation that registers again while it is told (inside its `onChange`)
/// then lands on the other registrar, and other values that the same state changed do not tell it a second time.
@MainActor
@usableFromInline
final class ObservedVersion: Observable {
    @usableFromInline let first = ObservationRegistrar()
    @usableFromInline let second = ObservationRegistrar()
    /// Which registrar readers register with now.
    @usableFromInline @exclusivity(unchecked) var readsSecond = false
    @usableFromInline @exclusivity(unchecked) var version: UInt64 = 0
    /// Whether ``access()`` ran since the last change.
    @usableFromInline @exclusivity(unchecked) var accessedSinceChange = false

    @usableFromInline
    init() {}

    /// Registers the current observation's dependency on this value.
    @inlinable
    func access() {
        accessedSinceChange = true
        if readsSecond {
            second.access(self, keyPath: Self.versionKeyPath)
        } else {
            first.access(self, keyPath: Self.versionKeyPath)
        }
    }

    /// Records a change, to be announced when the state has reached every view (``ObservationBatch/announce()``).
    /// An observation depends on this value only through ``access()``, and ends at its first invalidation: when
    /// nothing read the value since the last change, nothing can be observing it, and nothing is recorded.
    @inlinable
    func bump() {
        guard accessedSinceChange else { return }
        accessedSinceChange = false
        ObservationBatch.record(self, onSecond: readsSecond)
        readsSecond.toggle()
    }

    /// Invalidates the observations registered with one registrar: the first, or the second.
    ///
    /// `willSet` and `didSet` around the change, which is what `withMutation` does, without its closure: in Swift 6
    /// mode, a main-actor closure handed to the Observation module checks its executor when it runs, about 300
    /// instructions per state.
    @inlinable
    func announce(onSecond: Bool) {
        let registrar = onSecond ? second : first
        registrar.willSet(self, keyPath: Self.versionKeyPath)
        version &+= 1
        registrar.didSet(self, keyPath: Self.versionKeyPath)
    }

    /// The key path of ``version``, made once: a key path literal is looked up in the runtime's cache each time it is
    /// evaluated, about sixty instructions.
    @usableFromInline static let versionKeyPath: KeyPath<ObservedVersion, UInt64> = \.version
}
