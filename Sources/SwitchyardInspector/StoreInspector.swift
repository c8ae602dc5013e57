import Dispatch
import Foundation
import Switchyard

/// Records every action of a store with where it came from, and lets you travel back in time through them: the
/// engine behind the desktop inspector's page (see ``connect(to:app:store:)``).
///
/// Attach it to a store once, early; from then on each action is kept with its `ActionSource` (file, function,
/// line, info and the "Bridged from …" chain), the thread that dispatched it, when it ran, the time spent in the
/// middlewares, the reducer and the observers and IOs, and the state after it, in a history of fixed capacity: when
/// it is full, the oldest action goes.
///
/// ```swift
/// let store = Store(initialState: AppState(), reducer: appReducer, middleware: appMiddleware)
/// let inspector = StoreInspector(inspecting: store, capacity: 1_000)
/// let server = try await InspectorServer.start(inspector)
/// print("Inspector: \(server.url)")
/// ```
///
/// **Time travel.** ``jump(to:)`` makes the store show the state after a recorded action to its observers; no
/// middleware or effect runs again. While the store shows the past, the actions the app dispatches are *held*, in
/// order, and processed on ``returnToPresent()``. ``setSkipped(_:_:)`` runs the reducer again over the history
/// without an action (middlewares and effects are not replayed).
///
/// **Controls**, as in Redux DevTools: ``pauseRecording()``, ``lock()`` (new actions are held until ``unlock()``),
/// ``commit()``, ``revert()``, ``sweep()``, ``setFilter(allow:deny:)``, and ``actionSanitizer`` and
/// ``stateSanitizer`` for what leaves the inspector. A replay never shows a state the app could not reach: actions
/// that ran unrecorded (paused or filtered) leave a gap that no replay crosses (see ``setSkipped(_:_:)``).
///
/// Recording costs the processing thread a copy of the action and of the state (a reference count for most
/// states); the descriptions, trees and diffs that the page shows are made off it, when the page asks. Keep the
/// inspector out of release builds.
public final class StoreInspector<Action: Sendable, State: Sendable>: Sendable {
    /// Whether the store shows its present state or a recorded one.
    @usableFromInline
    package enum Mode: Equatable, Sendable {
        /// The store runs as usual.
        case present
        /// The store shows the state after the recorded action numbered `cursor`; new actions are held.
        case travelling(cursor: Int)
    }

    let recorder: Recorder<Action, State>
    let codec: InspectorCodec<Action, State>
    /// How this app reads a persistence journal, once it said so with ``readsJournals(with:)``.
    let journalReader = LockedValue<JournalReader?>(nil)
    private let store: WeakReference<Store<Action, State>>
    /// The inspector's probe on the store: it records each action.
    let registration: StoreProbeRegistration<Action, State>
    /// The probe that holds actions, attached only while the inspector may hold them (the store shows the past, or
    /// is locked): the rest of the time no hook of the inspector's runs before an action's middlewares. Attached for
    /// good, its `admit` cost every action about 140 instructions, to be told that nothing is held (callgrind, W1
    /// inspected).
    let holdRegistration = LockedValue<StoreProbeRegistration<Action, State>?>(nil)
    /// Taken around each change that makes the inspector hold actions, with the holding probe attached first, and
    /// around each detach of that probe once nothing is held: the probe is on the store whenever actions are held.
    let holdingChanges = LockedValue(())
    /// What the inspector applies to actions and states before they leave it.
    let sanitizers = LockedValue(InspectorSanitizers<Action, State>())
    let stateTypeName = String(reflecting: State.self)
    let actionTypeName = String(reflecting: Action.self)

    /// Attaches an inspector to `store`, after the tools attached to it before (see `StoreProbe`). Actions that are
    /// not `Decodable` cannot be dispatched from the page, and a session cannot be exported unless both the actions
    /// and the state are `Codable`. While it holds actions (the store shows the past, or is locked), the inspector
    /// takes each new action after the tools that were attached when it started holding have seen it; the rest of the
    /// time it sees no action before its middlewares.
    /// - Parameters:
    ///   - store: the store to record.
    ///   - capacity: the most actions kept; when the history is full, the oldest action goes.
    ///   - heldLimit: the most actions held while the store shows a recorded state or is locked. No action of the
    ///     app is ever dropped: when one more would pass the limit, the inspector returns to the present by itself,
    ///     as ``returnToPresent()`` does, unlocks the store, and processes the held actions in order, and the page
    ///     says so. Travelling and locking are ways to look at the app, and an app that keeps dispatching meanwhile
    ///     would otherwise hold memory without bound.
    @inlinable
    public convenience init(
        inspecting store: Store<Action, State>,
        capacity: Int = 1_000,
        heldLimit: Int = 10_000
    ) {
        self.init(
            store: store,
            recorder: Recorder(capacity: capacity, heldLimit: heldLimit, base: store.state),
            codec: InspectorCodec()
        )
    }

    /// Attaches an inspector to `store`, whose actions can be dispatched from the page as JSON.
    @inlinable
    public convenience init(
        inspecting store: Store<Action, State>,
        capacity: Int = 1_000,
        heldLimit: Int = 10_000
    ) where Action: Decodable {
        self.init(
            store: store,
            recorder: Recorder(capacity: capacity, heldLimit: heldLimit, base: store.state),
            codec: .decodingActions()
        )
    }

    /// Attaches an inspector to `store`, whose actions can be dispatched from the page as JSON and whose sessions
    /// can be exported and imported.
    @inlinable
    public convenience init(
        inspecting store: Store<Action, State>,
        capacity: Int = 1_000,
        heldLimit: Int = 10_000
    ) where Action: Codable, State: Codable {
        self.init(
            store: store,
            recorder: Recorder(capacity: capacity, heldLimit: heldLimit, base: store.state),
            codec: .codable()
        )
    }

    /// Inlinable, with the hooks it attaches, so that the recording path is specialized for the app's types.
    @inlinable
    convenience init(
        store: Store<Action, State>,
        recorder: Recorder<Action, State>,
        codec: InspectorCodec<Action, State>
    ) {
        var probe = StoreProbe<Action, State>(didRunEffects: { nanoseconds in recorder.didRunIO(nanoseconds) })
        probe.didReduceInPlace = { reduced in recorder.record(reduced) }
        let registration = store.attach(probe)
        self.init(store: store, registration: registration, recorder: recorder, codec: codec)
    }

    @usableFromInline
    init(
        store: Store<Action, State>,
        registration: StoreProbeRegistration<Action, State>,
        recorder: Recorder<Action, State>,
        codec: InspectorCodec<Action, State>
    ) {
        self.recorder = recorder
        self.codec = codec
        self.store = WeakReference(store)
        self.registration = registration
        recorder.setHeldLimitReached { [weak self] in
            guard let self else { return }
            Task(executorPreference: InspectorExecutor.shared) { await self.release(.heldLimit) }
        }
    }

    /// Stops recording and holding: the store runs as if no inspector had been attached. A store that shows a
    /// recorded state keeps it until its next action; call ``returnToPresent()`` first to get the present back.
    public func detach() {
        registration.detach()
        holdingChanges.withLock { _ in detachHoldingProbe() }
        let held = recorder.withState { state in
            state.mode = .present
            state.isLocked = false
            recorder.updateHolding(state)
            state.isReturningForHeldLimit = false
            defer { state.held = [] }
            return state.held
        }
        for action in held { store.object?.dispatch(action.dispatched) }
    }

    // MARK: - Reading the history

    /// Whether the store shows its present state or a recorded one.
    package var mode: Mode { recorder.withState { $0.mode } }

    /// How many actions the history holds now.
    public var count: Int { recorder.withState { $0.history.count } }

    /// How many of the oldest actions the history let go because it was full.
    package var dropped: Int { recorder.withState { $0.history.dropped } }

    /// The actions held while the store shows a recorded state or is locked, in the order they were dispatched.
    package var held: [DispatchedAction<Action>] { recorder.withState { $0.held.map(\.dispatched) } }

    /// The most actions held while the store shows a recorded state or is locked: the initializer's `heldLimit`.
    package var heldLimit: Int { recorder.withState { $0.heldLimit } }

    /// How many times the inspector returned to the present or unlocked the store by itself because the held actions
    /// reached `heldLimit`.
    package var heldLimitReturns: Int { recorder.withState { $0.heldLimitReturns } }

    /// The recorded actions, oldest first, as they were dispatched.
    package var actions: [DispatchedAction<Action>] {
        recorder.withState { state in state.history.entries(after: nil).map(\.dispatched) }
    }

    /// The number of the newest recorded action, or `nil` while the history is empty.
    public var lastID: Int? { recorder.withState { $0.history.last?.id } }

    /// The state after the recorded action numbered `id`, if it is still in the history.
    package func state(after id: Int) -> State? {
        recorder.withState { $0.history.entry(id)?.state }
    }

    /// Whether the recorded action numbered `id` is skipped; `nil` when it is not in the history.
    package func isSkipped(_ id: Int) -> Bool? {
        recorder.withState { $0.history.entry(id)?.isSkipped }
    }

    // MARK: - Time travel

    /// Makes the store show the state after the recorded action numbered `id`; returns `false`, changing nothing,
    /// when that action is no longer in the history, when the history is an imported session or when the store was
    /// freed. From now on the app's new actions are held until ``returnToPresent()``.
    ///
    /// The state is changed at the next point where the store is between two actions, without waiting for it to
    /// become idle: an app that dispatches all the time can still be travelled.
    @discardableResult
    public func jump(to id: Int) async -> Bool {
        await travel(to: id) == .travelled
    }

    enum Travel: Equatable {
        case travelled
        case notFound
    }

    func travel(to id: Int) async -> Travel {
        guard store.object != nil else { return .notFound }
        let recorder = recorder
        let canJump = startingToHold {
            recorder.withState { state in
                guard !state.isImported, state.history.entry(id) != nil else { return false }
                state.mode = .travelling(cursor: id)
                // Held actions not processed yet when the store travels again are held again, and counted again on
                // the next return.
                state.releasing = 0
                recorder.updateHolding(state)
                return true
            }
        }
        guard canJump else {
            stopHoldingWhenNothingIs()
            return .notFound
        }
        let committed = await registration.commitOutOfBand { storeState, _ in
            recorder.withState { state in
                guard case .travelling(let cursor) = state.mode, let entry = state.history.entry(cursor) else { return }
                storeState = entry.state
            }
        }
        recorder.notifyListeners()
        return committed ? .travelled : .notFound
    }

    /// Gives the store its present state back, then processes the actions held meanwhile, in order; while the
    /// store is locked (see ``lock()``), they stay held until ``unlock()``.
    ///
    /// The present is the state after the last action the store processed, recorded or not: with recording paused or
    /// a filter set, it is not the state of the newest entry.
    public func returnToPresent() async {
        await release(.returnToPresent)
    }

    /// What gives held actions back.
    enum Release {
        /// Back to the present; held actions stay held while the store is locked.
        case returnToPresent
        /// The lock goes; held actions stay held while the store shows the past.
        case unlock
        /// The held actions reached their limit: back to the present, unlocked.
        case heldLimit
    }

    func release(_ release: Release) async {
        guard let store = store.object else { return }
        let recorder = recorder
        let isNeeded = recorder.withState { state in
            switch release {
            case .returnToPresent: state.mode != .present
            case .unlock: state.isLocked
            case .heldLimit: state.mode != .present || state.isLocked
            }
        }
        guard isNeeded else { return }
        // One commit gives the store its present state back and puts the held actions at the front of its queue:
        // they are processed in order, before any action dispatched meanwhile. The mode and the lock change in the
        // commit, between two actions: every action admitted before is held, every one after is processed after them.
        _ = await registration.commitOutOfBand { storeState, change in
            let held = recorder.withState { state -> [HeldAction<Action>] in
                let wasTravelling = state.mode != .present
                switch release {
                case .returnToPresent:
                    guard wasTravelling else { return [] }
                case .unlock:
                    guard state.isLocked else { return [] }
                    state.isLocked = false
                case .heldLimit:
                    guard wasTravelling || state.isLocked else { return [] }
                    state.heldLimitReturns += 1
                    state.isLocked = false
                }
                if release != .unlock, wasTravelling {
                    storeState = state.present
                    state.mode = .present
                }
                state.isReturningForHeldLimit = false
                recorder.updateHolding(state)
                guard state.mode == .present, !state.isLocked else { return [] }
                // They are the next actions the store processes: their entries say they were held.
                state.releasing = state.held.count
                defer { state.held = [] }
                return state.held
            }
            // Each is processed as an action of the thread that dispatched it, so the thread that processes them counts
            // them against its fairness budget.
            if !held.isEmpty, !change.processFirst(held) {
                for action in held { store.dispatch(action.dispatched) }
            }
        }
        stopHoldingWhenNothingIs()
        recorder.notifyListeners()
    }

    /// Runs `change`, which may make the inspector hold the store's actions, with the holding probe attached before
    /// it (see ``holdRegistration``).
    func startingToHold<Result>(_ change: () -> Result) -> Result {
        holdingChanges.withLock { _ in
            if holdRegistration.withLock({ $0 == nil }), let store = store.object {
                let recorder = recorder
                let registration = store.attach(
                    StoreProbe(admit: { dispatched, origin in recorder.admit(dispatched, origin: origin) }))
                holdRegistration.withLock { $0 = registration }
            }
            return change()
        }
    }

    /// Detaches the holding probe when the inspector holds nothing any more: the store shows its present and is not
    /// locked.
    func stopHoldingWhenNothingIs() {
        holdingChanges.withLock { _ in
            guard !recorder.isHolding.load(ordering: .acquiring) else { return }
            detachHoldingProbe()
        }
    }

    /// Detaches the holding probe, if it is attached; called with ``holdingChanges`` held.
    private func detachHoldingProbe() {
        holdRegistration.withLock { registration in
            defer { registration = nil }
            return registration
        }?.detach()
    }

    /// Skips the recorded action numbered `id`, or brings it back: the reducer, which is pure, runs again over the
    /// history without the skipped actions, and the store shows the state this gives (the present one, or the one
    /// travelled to). Middlewares and effects are not replayed. Returns `false` when the action is not in the
    /// history, when the history is an imported session, when the store was freed, or when actions ran after it that
    /// the history does not hold.
    ///
    /// A replay never shows a state the app could not reach: it runs the reducer over every action the store
    /// processed after the skipped one, so it needs them all. While recording is paused (``pauseRecording()``) or a
    /// filter leaves actions out (``setFilter(allow:deny:)``), the history has a *gap* where they ran, and an action
    /// recorded before a gap can no longer be skipped or brought back; one recorded after the newest gap can. A
    /// replay starts again from the state recorded before each gap. ``commit()`` or ``revert()`` starts a history
    /// without gaps.
    @discardableResult
    public func setSkipped(_ id: Int, _ isSkipped: Bool) async -> Bool {
        guard store.object != nil else { return false }
        let recorder = recorder
        let reducer = registration.reducer
        guard recorder.withState({ Self.refusalToSkip(id, in: $0) }) == nil else { return false }
        let committed = await registration.commitOutOfBand { storeState, _ in
            // The store processes nothing meanwhile, so nothing is recorded: the history can change only by an
            // import, which the replay checks for before it writes back. The reducer runs with no lock held.
            guard
                let replay = recorder.withState({ state in state.history.replayInput(marking: id, skipped: isSkipped) })
            else { return }
            let states = replay.run(with: reducer)
            recorder.withState { state in
                guard state.history.write(states, of: replay) else { return }
                // No gap after the entry: the newest entry's state is the present.
                state.present = state.history.present
                switch state.mode {
                case .present: storeState = state.present
                case .travelling(let cursor): storeState = state.history.entry(cursor)?.state ?? state.present
                }
            }
        }
        let found = recorder.withState { $0.history.entry(id)?.isSkipped == isSkipped }
        recorder.notifyListeners()
        return committed && found
    }

    /// Dispatches `action` to the store, as the page's dispatch box does; its source says it came from the
    /// inspector. While the store shows a recorded state, the action is held like any other.
    public func dispatch(_ action: Action, info: String? = nil) {
        store.object?.dispatch(
            DispatchedAction(action, dispatcher: ActionSource(file: "Inspector", function: "page", line: 0, info: info))
        )
    }

    /// The store, while it lives.
    var liveStore: Store<Action, State>? { store.object }
}
