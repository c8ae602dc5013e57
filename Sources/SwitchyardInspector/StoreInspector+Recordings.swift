import Foundation
import Switchyard

/// An action recorded outside the inspector, such as one a persisted store journaled, to show with
/// ``StoreInspector/importRecording(base:actions:)``.
public struct RecordedAction<Action: Sendable>: Sendable {
    /// The action and where it was dispatched from.
    package var dispatched: DispatchedAction<Action>
    /// When it was processed, in seconds since 1970.
    package var time: Double

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
        let entries = replayed(base: base, actions: actions)
        showImported(base: base, entries: entries, dropped: 0)
    }

    /// `actions` replayed through the store's reducer from `base`, as entries of a history.
    func replayed(base: State, actions: [RecordedAction<Action>]) -> [InspectorEntry<Action, State>] {
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
                    action: recorded.dispatched.action,
                    place: InspectorPlace(recorded.dispatched.dispatcher),
                    info: recorded.dispatched.dispatcher.info,
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
        return entries
    }
}

extension StoreInspector {
    /// Reads a persistence journal file: the state it starts from and its actions, in order.
    typealias JournalReader =
        @Sendable (_ path: String) throws -> (base: State, actions: [RecordedAction<Action>])

    /// Lets the desktop inspector turn a persisted store's journal into a test, with this app's types and reducer:
    /// on the page, and with `switchyard-inspector export-test JOURNAL --store-page URL`, a journal copied from a
    /// tester's device becomes a `TestStore` test of the app's reducer.
    /// In a file that imports SwitchyardPersistence:
    ///
    /// ```swift
    /// inspector.readsJournals { path in
    ///     let recording = try JournalRecording<AppAction, AppState>(path: path, initialState: AppState())
    ///     return (recording.base, recording.actions.map { RecordedAction($0.dispatched, time: $0.time) })
    /// }
    /// ```
    public func readsJournals(
        with reader: @escaping @Sendable (_ path: String) throws -> (base: State, actions: [RecordedAction<Action>])
    ) {
        journalReader.withLock { $0 = reader }
    }

    /// The journal in `data` (the bytes of a journal file) replayed, for the desktop to write as a test, or why it
    /// cannot be.
    func journalTestRecording(_ data: Data) -> Result<InspectorLink.TestRecording, InspectorSessionError> {
        guard let reader = journalReader.withLock({ $0 }) else {
            return .failure(
                InspectorSessionError(
                    description: "This app does not read journals: call readsJournals(with:) on its inspector, with "
                        + "a JournalRecording of its types."))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "switchyard-journal-\(UUID().uuidString)")
        let file = folder.appendingPathComponent("journal.sqlite")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: file)
            let (base, actions) = try reader(file.path)
            return .success(try testRecording(of: base, actions: actions))
        } catch let error as InspectorSessionError {
            return .failure(error)
        } catch {
            return .failure(InspectorSessionError(description: "The journal cannot be read: \(error)"))
        }
    }
}
