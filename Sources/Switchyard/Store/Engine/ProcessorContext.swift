// Unsafe code of this file, and the invariant it relies on: `registrations` is an unretained reference. The engine
// (`EngineState`) keeps the snapshot it hands to the processing thread alive until that thread's next decision: a
// snapshot replaced while a thread processes is retired, not released, and the retired snapshots are released after
// the processing thread's next decision, which refreshes its context to the current snapshot. The processing thread
// reads `registrations` only between two decisions.

/// What the processing thread works from, a local of its run loop: the registrations it sees, refreshed under the
/// engine's lock at each decision.
///
/// The snapshot is borrowed, not retained: the engine keeps every snapshot it handed to the processing thread alive
/// until that thread's next decision (see ``EngineState/retire(_:)``), so the processing thread counts no reference
/// per action. `nil` while nothing is registered.
@usableFromInline
struct ProcessorContext<Action: Sendable, State: Sendable>: Sendable {
    @usableFromInline var registrations: Unmanaged<Registrations<Action, State>>?
    /// The registrations' version the snapshot was taken at.
    @usableFromInline var version: UInt64 = 0
    /// Whether `registrations` holds observers, runtime middlewares, and which hooks its probes set: read per action
    /// without touching the snapshot.
    @usableFromInline var hasObservers = false
    @usableFromInline var hasRuntime = false
    @usableFromInline var probeUse = ProbeUse.none
    /// The origin of the action just processed when probes keep it: the thread that owns the action hands it to them
    /// (``StoreCore/probesKeep(_:context:)``) before the engine decides what comes next; `nil` otherwise.
    @usableFromInline var keepPending: ActionOrigin?

    @inlinable
    init() {}

    /// Runs `body` with the borrowed snapshot; `nil` when nothing is registered.
    @inlinable
    func withRegistrations<Result>(_ body: (Registrations<Action, State>) -> Result) -> Result? {
        registrations?._withUnsafeGuaranteedRef(body)
    }
}
