import Switchyard

/// An action recorded outside the inspector, such as one a persisted store journaled, to show with
/// ``StoreInspector/importRecording(base:actions:)``.
public struct RecordedAction<Action: Sendable>: Sendable {
    /// The action and where it was dispatched from.
    public var dispatched: DispatchedAction<Action>
    /// When it was processed, in seconds since 1970.
    public var time: Double

    /// An action dispatched as `dispatched` and processed at `time`.
    public init(_ dispatched: DispatchedAction<Action>, time: Double) {
        self.dispatched = dispatched
        self.time = time
    }
}

extension StoreInspector {
    /// Shows actions recorded elsewhere, such as the journal of a persisted store (SwitchyardPersistence's
    /// `JournalRecording`), as an imported session: each action is replayed through the store's reducer from
    /// `base`, and the page shows every action with its source, its time and the state after it. As with
    /// ``importSession(_:)``, the recorded history is discarded, the store is not touched, and
    /// ``showLiveHistory()`` goes back to recording. Middlewares do not run, and the phases' times are not known
    /// (shown as zero). When there are more actions than the history holds, the oldest are counted as dropped.
    ///
    /// - Throws: when the store was freed: its reducer replays the actions.
    public func importRecording(base: State, actions: [RecordedAction<Action>]) throws {
        guard liveStore != nil else {
            throw InspectorSessionError(description: "The store was freed: its reducer replays a recording.")
        }
        let reducer = registration.reducer
        // The reducer is the app's code: it runs here, with no lock held.
        var state = base
        var entries: [InspectorEntry<Action, State>] = []
        entries.reserveCapacity(actions.count)
        for (index, recorded) in actions.enumerated() {
            reducer.reduce(recorded.dispatched.action, &state)
            entries.append(
                InspectorEntry(
                    id: index + 1,
                    dispatched: recorded.dispatched,
                    thread: .described("recorded"),
                    isFollowUp: false,
                    time: recorded.time,
                    handleNanoseconds: 0,
                    reduceNanoseconds: 0,
                    ioNanoseconds: 0,
                    state: state,
                    isSkipped: false,
                    wasHeld: false
                )
            )
        }
        showImported(base: base, entries: entries, dropped: 0)
    }
}
