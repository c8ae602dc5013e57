import Dispatch
import Foundation
import Switchyard

/// Why the inspector refused to change the history or the store; nothing was changed.
public struct InspectorRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// What stood in the way.
    public enum Reason: Equatable, Sendable {
        /// The store shows a recorded state: return to the present first.
        case travelling
        /// The history shown is an imported session, with no store behind it.
        case importedSession
        /// The store was freed.
        case storeFreed
        /// The action numbered with the payload is not in the history.
        case notInHistory(Int)
        /// Actions ran after the action numbered with the payload that the history does not hold (recording was
        /// paused, or a filter left them out): a replay from it would show states the app never reached.
        case gapAfter(Int)
    }

    /// What stood in the way.
    public let reason: Reason

    /// A refusal for `reason`.
    package init(_ reason: Reason) {
        self.reason = reason
    }

    /// The reason, in a sentence for the person at the page.
    public var description: String {
        switch reason {
        case .travelling: "The store shows a recorded state: return to the present first."
        case .importedSession: "An imported session is shown: go back to the live history first."
        case .storeFreed: "The store was freed."
        case .notInHistory(let id): "Action #\(id) is not in the history."
        case .gapAfter(let id):
            "Actions ran after #\(id) that the history does not hold (recording was paused, or a filter left them "
                + "out): skipping it or bringing it back would show states the app never reached. Commit to start a "
                + "history without gaps."
        }
    }
}

/// The functions that the inspector applies to what it shows and exports.
struct InspectorSanitizers<Action: Sendable, State: Sendable>: Sendable {
    var action: (@Sendable (Action) -> Action)?
    var state: (@Sendable (State) -> State)?

    func callAsFunction(_ action: Action) -> Action { self.action?(action) ?? action }
    func callAsFunction(_ state: State) -> State { self.state?(state) ?? state }
}

extension StoreInspector {
    // MARK: - Pausing the recording

    /// Whether recording is paused: the store processes its actions as usual, and the history does not keep them.
    package var isRecordingPaused: Bool { recorder.withState { $0.isPaused } }

    /// Stops keeping actions in the history, as the pause button of the page does; the store goes on processing
    /// them, and ``returnToPresent()`` still gives back the state after the last one.
    ///
    /// The actions left out make a *gap* in the history: the actions recorded before it can no longer be skipped or
    /// brought back (see ``setSkipped(_:_:)``), and a jump to one of them still shows the state the app had then.
    public func pauseRecording() {
        setPaused(true)
    }

    /// Keeps the store's actions in the history again, after ``pauseRecording()``.
    public func resumeRecording() {
        setPaused(false)
    }

    func setPaused(_ isPaused: Bool) {
        recorder.withState { $0.isPaused = isPaused }
        recorder.notifyListeners()
    }

    // MARK: - Locking the store

    /// Whether the store is locked: its new actions are held until ``unlock()``.
    package var isLocked: Bool { recorder.withState { $0.isLocked } }

    /// Holds every new action, the app's and those that middlewares, IOs and effects dispatch, until ``unlock()``;
    /// the store keeps its state meanwhile. At most `heldLimit` actions (an argument of the initializer) are held:
    /// one more unlocks the store by itself, which processes them all, in order.
    ///
    /// An action the store is processing when the lock comes finishes first. Locking a store that is already locked
    /// does nothing.
    public func lock() {
        startingToHold {
            recorder.withState { state in
                state.isLocked = true
                recorder.updateHolding(state)
            }
        }
        recorder.notifyListeners()
    }

    /// Processes the actions held while the store was locked, in the order they were dispatched, before any action
    /// dispatched afterwards; returns once the store took them. While the store shows a recorded state, they stay held
    /// until ``returnToPresent()``. Unlocking a store that is not locked does nothing.
    public func unlock() async {
        await release(.unlock)
    }

    // MARK: - Committing and reverting

    /// Makes the present state the history's base and empties the history, as Redux DevTools' *Commit* does: the
    /// actions recorded so far are forgotten, and the numbers of the next ones go on from the last one given.
    /// Gaps go with them: every action recorded afterwards can be skipped and brought back.
    ///
    /// - Throws: ``InspectorRefusal`` while the store shows a recorded state or while an imported session is shown.
    public func commit() throws(InspectorRefusal) {
        let refusal = recorder.withState { state -> InspectorRefusal? in
            if let refusal = Self.refusalToRewrite(state) { return refusal }
            state.history.empty(base: state.present)
            Self.forgetGaps(&state)
            return nil
        }
        if let refusal { throw refusal }
        recorder.notifyListeners()
    }

    /// Gives the store back the history's base state, as Redux DevTools' *Revert* does, and empties the history: the
    /// state that ``commit()`` last made the base, or the state when the inspector was attached (or after the
    /// oldest actions that a full history let go). The state is committed as travelling in time commits one: no
    /// middleware runs and no effect starts; the observers see it. Actions held by a lock stay held.
    ///
    /// - Throws: ``InspectorRefusal`` while the store shows a recorded state, while an imported session is shown, or
    ///   when the store was freed.
    public func revert() async throws(InspectorRefusal) {
        guard liveStore != nil else { throw InspectorRefusal(.storeFreed) }
        if let refusal = recorder.withState({ Self.refusalToRewrite($0) }) { throw refusal }
        let recorder = recorder
        let refused = LockedValue<InspectorRefusal?>(nil)
        let committed = await registration.commitOutOfBand { storeState, _ in
            recorder.withState { state in
                // The store processes nothing meanwhile; the page may have jumped or imported since the check.
                if let refusal = Self.refusalToRewrite(state) {
                    refused.withLock { $0 = refusal }
                    return
                }
                storeState = state.history.base
                state.present = state.history.base
                state.history.empty(base: state.history.base)
                Self.forgetGaps(&state)
            }
        }
        guard committed else { throw InspectorRefusal(.storeFreed) }
        if let refusal = refused.withLock({ $0 }) { throw refusal }
        recorder.notifyListeners()
    }

    /// Removes the skipped actions from the history, as Redux DevTools' *Sweep* does; returns how many went. The
    /// store and the states of the other entries do not change: a skipped action left its state as it was.
    ///
    /// - Throws: ``InspectorRefusal`` while the store shows a recorded state or while an imported session is shown.
    @discardableResult
    public func sweep() throws(InspectorRefusal) -> Int {
        let result = recorder.withState { state -> Result<Int, InspectorRefusal> in
            if let refusal = Self.refusalToRewrite(state) { return .failure(refusal) }
            let (removed, gapAtEnd) = state.history.removeSkipped()
            if gapAtEnd { state.gapAtEnd = true }
            if removed > 0 { state.lastRecordedID = nil }
            return .success(removed)
        }
        let removed = try result.get()
        if removed > 0 { recorder.notifyListeners() }
        return removed
    }

    /// Why the history cannot be committed, reverted or swept now.
    static func refusalToRewrite(_ state: Recorder<Action, State>.RecorderState) -> InspectorRefusal? {
        if state.isImported { return InspectorRefusal(.importedSession) }
        if state.mode != .present { return InspectorRefusal(.travelling) }
        return nil
    }

    /// After a commit or a revert: the empty history has no gap.
    static func forgetGaps(_ state: inout Recorder<Action, State>.RecorderState) {
        state.gapAtEnd = false
        state.notRecorded = 0
        state.lastRecordedID = nil
        state.releasing = 0
    }

    // MARK: - Skipping across gaps

    /// Why ``setSkipped(_:_:)`` would refuse to skip the action numbered `id` or bring it back, or `nil` when it
    /// would not (with the store still alive). Replays never cross a gap: see ``setSkipped(_:_:)``.
    package func refusalToSkip(_ id: Int) -> InspectorRefusal? {
        guard liveStore != nil else { return InspectorRefusal(.storeFreed) }
        return recorder.withState { Self.refusalToSkip(id, in: $0) }
    }

    static func refusalToSkip(_ id: Int, in state: Recorder<Action, State>.RecorderState) -> InspectorRefusal? {
        if state.isImported { return InspectorRefusal(.importedSession) }
        guard state.history.entry(id) != nil else { return InspectorRefusal(.notInHistory(id)) }
        if let from = state.skippableFrom, id < from { return InspectorRefusal(.gapAfter(id)) }
        return nil
    }

    // MARK: - Filtering by action

    /// The names of the cases whose actions are recorded, or `nil` when every case is (see ``setFilter(allow:deny:)``).
    package var allowedActions: Set<String>? { recorder.filter.withLock { $0.allow } }

    /// The names of the cases whose actions are not recorded (see ``setFilter(allow:deny:)``).
    package var deniedActions: Set<String> { recorder.filter.withLock { $0.deny } }

    /// Records only the actions of the cases named in `allow` (every case when `nil`), and none of those named in
    /// `deny`, as Redux DevTools' action filters do. A case is named as the page shows it, without its payload:
    /// `search` for `search(.queryChanged("swift"))`; an action that is not an enum is named by its type. The store
    /// processes every action as usual; only the history leaves some out.
    ///
    /// The actions left out make a *gap* in the history, as a pause does: see ``pauseRecording()``. A store with
    /// lists describes each of its actions on the processing thread to name it; one without pays nothing.
    public func setFilter(allow: Set<String>?, deny: Set<String> = []) {
        let filter = ActionFilter(allow: allow, deny: deny)
        recorder.filter.withLock { $0 = filter }
        recorder.isFiltering.store(!filter.isEmpty, ordering: .relaxed)
        recorder.notifyListeners()
    }

    // MARK: - Sanitizing

    /// Rewrites each action before it leaves the inspector: what the page shows (the list, the details, the
    /// dispatch box's example), and the sessions and tests it exports. Use it to hide secrets or to shorten large
    /// payloads: `{ action in if case .login = action { return .login(password: "•••") }; return action }`.
    ///
    /// The history keeps the actions as the store processed them, and replays (skipping, jumping) run the reducer
    /// over those, so they show states the app reached. Filters name actions before this rewrite. A test exported with a sanitizer sends and
    /// asserts the rewritten values, and may need editing. `nil`, the default, shows actions as they are.
    public var actionSanitizer: (@Sendable (Action) -> Action)? {
        get { sanitizers.withLock { $0.action } }
        set {
            sanitizers.withLock { $0.action = newValue }
            recorder.notifyListeners()
        }
    }

    /// Rewrites each state before it leaves the inspector: the state trees and diffs the page shows, the store's
    /// current state, and the sessions and tests it exports, as ``actionSanitizer`` does for actions. The history and
    /// its replays keep the states as they were. `nil`, the default, shows states as they are.
    public var stateSanitizer: (@Sendable (State) -> State)? {
        get { sanitizers.withLock { $0.state } }
        set {
            sanitizers.withLock { $0.state = newValue }
            recorder.notifyListeners()
        }
    }

    /// The sanitizers now.
    var currentSanitizers: InspectorSanitizers<Action, State> { sanitizers.withLock { $0 } }

    /// The store's current state as the page shows it, sanitized; `nil` when the store was freed.
    func stateDocument() -> InspectorWire.StateDocument? {
        guard let store = liveStore else { return nil }
        return InspectorWire.StateDocument(state: ValueTree(of: currentSanitizers(store.state)))
    }

    // MARK: - Action rate

    /// How many actions the store processed in each of the last 60 seconds, oldest first, the current second last:
    /// every action it processed, recorded or not.
    public var actionsPerSecond: [Int] {
        let now = Int(DispatchTime.now().uptimeNanoseconds / 1_000_000_000)
        return recorder.withState { $0.rate.perSecond(upTo: now) }
    }

    /// The action rate as the page draws it.
    func rateDocument() -> InspectorWire.Rate {
        let uptime = DispatchTime.now().uptimeNanoseconds
        let now = Int(uptime / 1_000_000_000)
        let perSecond = recorder.withState { $0.rate.perSecond(upTo: now) }
        return InspectorWire.Rate(
            perSecond: perSecond,
            end: recorder.wallClockOffset + Double(now + 1),
            total: perSecond.reduce(0, +)
        )
    }
}
