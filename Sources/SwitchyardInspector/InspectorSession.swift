import Foundation
import Switchyard

/// A recorded history written to a file, to look at later or elsewhere.
struct InspectorSession<Action: Sendable, State: Sendable>: Sendable {
    /// Says what the file is, so that another JSON document is refused with a clear error.
    var format = InspectorSessionHeader.formatName
    var version = 1
    var stateType: String
    var actionType: String
    /// How many older actions the history had let go when it was exported.
    var dropped: Int
    /// The state before the first entry.
    var base: State
    var entries: [Entry]

    struct Entry: Sendable {
        var id: Int
        var action: Action
        var source: ActionSource
        var thread: String
        var isFollowUp: Bool
        var time: Double
        var handleNanoseconds: UInt64
        var reduceNanoseconds: UInt64
        var ioNanoseconds: UInt64
        var state: State
        var isSkipped: Bool
        /// `true` when the action was held while the store showed a recorded state; absent otherwise.
        var wasHeld: Bool?
    }
}

extension InspectorSession: Codable where Action: Codable, State: Codable {}
extension InspectorSession.Entry: Codable where Action: Codable, State: Codable {}

/// The first fields of a session, read before the rest to refuse a file of another app with a clear error.
struct InspectorSessionHeader: Decodable {
    static let formatName = "switchyard-inspector-session"
    var format: String
    var version: Int
    var stateType: String
    var actionType: String
}

/// Why a session could not be imported; the store and the history are left as they were.
struct InspectorSessionError: Error, CustomStringConvertible {
    var description: String
}

extension StoreInspector {
    /// The history as a session: JSON that ``importSession(_:)`` reads back, with the actions and states that the
    /// sanitizers give (see ``actionSanitizer`` and ``stateSanitizer``). Throws when the actions or the state are not
    /// `Codable`, or when encoding fails.
    public func exportSession() throws -> Data {
        guard let encodeSession = codec.encodeSession else {
            throw InspectorSessionError(
                description: "Exporting a session needs Codable actions and state; \(actionTypeName) or "
                    + "\(stateTypeName) is not."
            )
        }
        return try encodeSession(session())
    }

    func session() -> InspectorSession<Action, State> {
        let (dropped, base, entries) = recorder.withState { state in
            (state.history.dropped, state.history.base, state.history.entries(after: nil))
        }
        // The sanitizers are the app's code: they run with no lock held.
        let sanitize = currentSanitizers
        return InspectorSession(
            stateType: stateTypeName,
            actionType: actionTypeName,
            dropped: dropped,
            base: sanitize(base),
            entries: entries.map { entry in
                let recorded = entry.source
                let source = ActionSource(
                    file: recorded.file,
                    function: recorded.function,
                    line: recorded.line,
                    info: Self.sanitizedInfo(recorded.info, in: entries, sanitizedBy: sanitize)
                )
                return InspectorSession.Entry(
                    id: entry.id,
                    action: sanitize(entry.action),
                    source: source,
                    thread: entry.thread.description,
                    isFollowUp: entry.isFollowUp,
                    time: entry.time,
                    handleNanoseconds: entry.handleNanoseconds,
                    reduceNanoseconds: entry.reduceNanoseconds,
                    ioNanoseconds: entry.ioNanoseconds,
                    state: sanitize(entry.state),
                    isSkipped: entry.isSkipped,
                    wasHeld: entry.wasHeld ? true : nil
                )
            }
        )
    }

    /// Shows a session read from `data` instead of the recorded history, which is discarded (export it first to
    /// keep it). The store is not touched: while an imported session is shown, the store's actions are not
    /// recorded, and travelling in time, skipping and dispatching are refused; ``showLiveHistory()`` goes back to
    /// recording. Throws, changing nothing, when `data` is not a session of this app's action and state types.
    public func importSession(_ data: Data) throws {
        guard let decodeSession = codec.decodeSession else {
            throw InspectorSessionError(
                description: "Importing a session needs Codable actions and state; \(actionTypeName) or "
                    + "\(stateTypeName) is not."
            )
        }
        let header: InspectorSessionHeader
        do {
            header = try JSONDecoder().decode(InspectorSessionHeader.self, from: data)
        } catch {
            throw InspectorSessionError(description: "This is not an inspector session: \(error)")
        }
        guard header.format == InspectorSessionHeader.formatName, header.version == 1 else {
            throw InspectorSessionError(
                description: "This is not an inspector session of a version this inspector reads "
                    + "(format \(header.format), version \(header.version))."
            )
        }
        guard header.stateType == stateTypeName, header.actionType == actionTypeName else {
            throw InspectorSessionError(
                description: "This session records actions of type \(header.actionType) on a state of type "
                    + "\(header.stateType); this inspector inspects \(actionTypeName) on \(stateTypeName)."
            )
        }
        let session: InspectorSession<Action, State>
        do {
            session = try decodeSession(data)
        } catch {
            throw InspectorSessionError(description: "The session does not decode: \(error)")
        }
        let entries = session.entries.enumerated().map { index, entry in
            InspectorEntry(
                id: index + 1,
                action: entry.action,
                place: InspectorPlace(entry.source),
                info: entry.source.info,
                thread: .described(entry.thread),
                isFollowUp: entry.isFollowUp,
                time: entry.time,
                handleNanoseconds: entry.handleNanoseconds,
                reduceNanoseconds: entry.reduceNanoseconds,
                ioNanoseconds: entry.ioNanoseconds,
                state: entry.state,
                isSkipped: entry.isSkipped,
                wasHeld: entry.wasHeld ?? false
            )
        }
        showImported(base: session.base, entries: entries, dropped: session.dropped)
    }

    /// Shows `entries`, after `base`, instead of the recorded history, as an imported session.
    func showImported(base: State, entries: [InspectorEntry<Action, State>], dropped: Int) {
        recorder.withState { state in
            state.history = InspectorHistory(capacity: state.history.capacity, base: base)
            state.history.replaceAll(base: base, entries: entries, dropped: dropped)
            state.isImported = true
            state.lastRecordedID = nil
        }
        recorder.notifyListeners()
    }

    /// Leaves an imported session: the history starts again, empty, from the store's current state, and records.
    public func showLiveHistory() {
        guard liveStore != nil else { return }
        recorder.withState { state in
            guard state.isImported else { return }
            // The present is kept while a session is shown: the live history starts from it, with no gap.
            state.history = InspectorHistory(capacity: state.history.capacity, base: state.present)
            state.isImported = false
            Self.forgetGaps(&state)
        }
        recorder.notifyListeners()
    }

    /// Whether the history shown is an imported session.
    package var isShowingImportedSession: Bool { recorder.withState { $0.isImported } }
}
