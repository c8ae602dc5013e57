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
    /// What the processing thread reads of a snapshot per action, made once per snapshot by the engine and copied
    /// into the context whole at a decision that finds the context stale.
    @usableFromInline
    struct View: Sendable {
        @usableFromInline var registrations: Unmanaged<Registrations<Action, State>>?
        /// Whether the snapshot holds observers, runtime middlewares, and which hooks its probes set.
        @usableFromInline var hasObservers = false
        @usableFromInline var hasRuntime = false
        @usableFromInline var probeUse = ProbeUse.none
        /// The one feed of the snapshot, when its probes keep actions through it alone: the processing thread appends
        /// to it directly.
        @usableFromInline var soleFeed: Unmanaged<ActionFeed<Action, State>>?

        @inlinable
        init() {}

        @usableFromInline
        init(_ registrations: Registrations<Action, State>?, probeUse: ProbeUse) {
            self.registrations = registrations.map { Unmanaged.passUnretained($0) }
            hasObservers = !(registrations?.observers.isEmpty ?? true)
            hasRuntime = !(registrations?.runtime.isEmpty ?? true)
            self.probeUse = probeUse
            if let registrations, registrations.keepers.isEmpty, registrations.feeds.count == 1 {
                soleFeed = Unmanaged.passUnretained(registrations.feeds[0])
            }
        }
    }

    @usableFromInline var view = View()
    /// The registrations' version the snapshot was taken at.
    @usableFromInline var version: UInt64 = 0
    /// Whether probes keep the action just processed: the thread that owns the action hands it to them
    /// (``StoreCore/probesKeep(_:origin:context:)``) before the engine decides what comes next.
    @usableFromInline var keepPending = false

    @inlinable
    init() {}

    @inlinable var registrations: Unmanaged<Registrations<Action, State>>? { view.registrations }
    @inlinable var hasObservers: Bool { view.hasObservers }
    @inlinable var hasRuntime: Bool { view.hasRuntime }
    @inlinable var probeUse: ProbeUse { view.probeUse }

    /// Runs `body` with the borrowed snapshot; `nil` when nothing is registered.
    @inlinable
    func withRegistrations<Result>(_ body: (Registrations<Action, State>) -> Result) -> Result? {
        view.registrations?._withUnsafeGuaranteedRef(body)
    }
}
