/// A probe attached to a store (``Store/attach(_:)``): detaches it, and lets the tool commit states that no
/// action produced.
///
/// The registration does not keep the store alive: once the store is freed, ``commitOutOfBand(_:)`` returns `false`
/// and ``detach()`` does nothing.
public final class StoreProbeRegistration<Action: Sendable, State: Sendable>: Sendable {
    /// The registration's number, unique in its store; 0 when the store was already freed and nothing was attached.
    package let id: UInt64
    /// The store's reducer, for a tool that replays actions it recorded (the reducer is pure).
    public let reducer: Reducer<Action, State>
    private let core: WeakReference<StoreCore<Action, State>>

    init(id: UInt64, core: StoreCore<Action, State>) {
        self.id = id
        self.reducer = core.reducer
        self.core = WeakReference(core)
    }

    /// Detaches the probe: it sees no action that the store decides to process afterwards, though its hooks may still
    /// run once, for the action in progress. Detaching twice does nothing.
    public func detach() {
        core.object?.detachProbe(id: id)
    }

    /// Commits a state that no action produced, as a tool travelling in time does: `change` edits the state, the
    /// probes' `didCommitOutOfBand` and the observers are told as for an action, no middleware sees it
    /// and no IO runs.
    ///
    /// Waits, without blocking a thread, until the store reaches a point between two actions or goes idle: the
    /// commit then runs before the actions still queued. A store that is idle runs it at once, on the calling
    /// thread when the scheduling policy lets that thread process; with the main-thread scheduling policy, the
    /// commit always runs on the main thread. `change` runs on the store's processing thread with no lock held,
    /// while other threads wait to read the state. Returns `false` when the store was freed first.
    ///
    /// ```swift
    /// let returned = await registration.commitOutOfBand { state, change in
    ///     state = present
    ///     change.processFirst(heldActions)
    /// }
    /// ```
    public func commitOutOfBand(
        _ change: @escaping @Sendable (inout State, OutOfBandChange<Action>) -> Void
    ) async -> Bool {
        guard let core = core.object else { return false }
        return await core.commitOutOfBand { state, id in
            change(&state, OutOfBandChange(commit: id, core: core))
        }
    }
}

/// The change of an out-of-band commit in progress (``StoreProbeRegistration/commitOutOfBand(_:)``): through it, the
/// tool gives back the actions it held.
///
/// Valid only while the change runs: afterwards, and from any other thread, ``processFirst(_:)`` refuses.
public struct OutOfBandChange<Action: Sendable>: Sendable {
    private let commit: UInt64
    private let prepend: @Sendable ([HeldAction<Action>], UInt64) -> Bool

    init<State>(commit: UInt64, core: StoreCore<Action, State>) {
        self.commit = commit
        self.prepend = { [weak core] actions, commit in core?.processFirst(actions, commit: commit) ?? false }
    }

    /// Processes `actions` right after this commit, in order, before any action dispatched meanwhile, as a tool that
    /// held actions while it showed the past gives them back. Called twice in one change, it processes the first
    /// call's actions first. A held action belongs to no dispatch any more: whichever thread processes it counts it
    /// against its fairness budget, so the main thread (or a thread that dispatched one action) is never kept
    /// processing them all.
    ///
    /// The store processes a held action once: an action given back already (in this change or an earlier one), or
    /// held by another store, is refused, and reported through the store's diagnostics hook
    /// (``StoreDiagnostic/Kind/actionNotHeld``); the others are processed. An action that a tool holds and never gives
    /// back costs the store a few bytes until it is freed.
    ///
    /// Returns `false`, processing nothing, when called anywhere but in this change, on the thread that runs it
    /// (from an observer, an IO, another thread, or after the change returned); the caller then still holds the
    /// actions, and may dispatch them.
    @discardableResult
    public func processFirst(_ actions: [HeldAction<Action>]) -> Bool {
        prepend(actions, commit)
    }
}
