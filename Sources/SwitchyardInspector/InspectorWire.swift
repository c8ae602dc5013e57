import CustomDump
import Foundation
import Switchyard

/// The JSON documents the inspector's page reads and sends.
package enum InspectorWire {
    package struct Status: Codable, Equatable, Sendable {
        var stateType: String
        var actionType: String
        var capacity: Int
        var dropped: Int
        var count: Int
        var firstID: Int?
        package var lastID: Int?
        var mode: String
        var cursor: Int?
        var held: Int
        var canDispatch: Bool
        var canExport: Bool
        package var imported: Bool
        /// The most actions held while travelling or locked.
        var heldLimit: Int
        /// How many times the held actions reached their limit and the inspector returned to the present or unlocked.
        var heldLimitReturns: Int
        /// The JSON of the app's latest action, as an example for the dispatch box; `nil` when actions are not
        /// `Encodable` or none was recorded.
        var dispatchExample: String?
        /// Recording is paused: actions are processed, not recorded.
        var paused = false
        /// The store is locked: new actions are held until it is unlocked.
        var locked = false
        /// The names of the cases recorded, or `nil` for every case.
        var allow: [String]?
        /// The names of the cases not recorded.
        var deny: [String] = []
        /// How many actions the store processed that the history does not hold (paused or filtered), since the
        /// inspector started or the history was last committed or reverted.
        var notRecorded = 0
        /// The oldest entry that may be skipped or brought back; `nil` when every entry may (older ones are before a
        /// gap: actions ran after them that the history does not hold).
        var skippableFrom: Int?
        /// A sanitizer rewrites the actions or the states shown.
        var sanitized = false
    }

    /// The actions a store processed in each of the last 60 seconds, for the page's chart.
    struct Rate: Codable, Equatable, Sendable {
        /// Oldest first; the last is the current second, still counting.
        var perSecond: [Int]
        /// When the last second ends, in seconds since 1970.
        var end: Double
        /// The sum of `perSecond`.
        var total: Int
    }

    /// The allow and deny lists, as `GET` and `POST /api/filter` read and take them.
    struct Filter: Codable, Equatable, Sendable {
        /// The names of the cases recorded, or `nil` for every case.
        var allow: [String]?
        /// The names of the cases not recorded.
        var deny: [String]?
    }

    struct Pause: Codable, Sendable {
        var paused: Bool
    }

    struct Lock: Codable, Sendable {
        var locked: Bool
    }

    struct Swept: Codable, Sendable {
        var removed: Int
        var status: Status
    }

    struct Source: Codable, Equatable, Sendable {
        var file: String
        var function: String
        var line: UInt
        var info: String?
        /// The "Bridged from …" lines of `info`, in order.
        var bridges: [String]
    }

    struct Durations: Codable, Equatable, Sendable {
        var handle: UInt64
        var reduce: UInt64
        var io: UInt64
        var total: UInt64
    }

    package struct Summary: Codable, Equatable, Sendable {
        package var id: Int
        var action: String
        var source: Source
        var thread: String
        var time: Double
        var durations: Durations
        var skipped: Bool
        var followUp: Bool
        /// Held while the store showed a recorded state, and processed on the return to the present.
        var held: Bool
        /// For a bridged action, the entry it was bridged from, when still in the history.
        var origin: Int?
        /// Actions ran right before this one that the history does not hold (recording was paused, or a filter left
        /// them out).
        var gap = false
    }

    struct Detail: Codable, Sendable {
        var entry: Summary
        var payload: ValueTree
        var state: ValueTree
        var diff: String
    }

    package struct Entries: Codable, Sendable {
        package var entries: [Summary]
        package var status: Status
    }

    package struct Message: Codable, Sendable {
        package var type: String
        package var entries: [Summary]?
        package var status: Status
        /// Why the page must reload what it shows, when it is not the obvious reason.
        var note: String?
    }

    struct Failure: Codable, Sendable {
        var error: String
    }

    struct Dispatched: Codable, Sendable {
        var dispatched: String
    }

    struct StateDocument: Codable, Sendable {
        var state: ValueTree
    }

    struct Jump: Codable, Sendable {
        var id: Int
    }

    struct Skip: Codable, Sendable {
        var id: Int
        var skipped: Bool
    }
}

extension StoreInspector {
    func status() -> InspectorWire.Status {
        let (current, example) = recorder.withState { state in
            (self.status(of: state), self.exampleAction(in: state))
        }
        return withExample(current, example)
    }

    /// `status` with what lives outside the recorder's lock: the filter and whether a sanitizer is set.
    func withSettings(
        _ status: InspectorWire.Status, _ sanitizers: InspectorSanitizers<Action, State>
    )
        -> InspectorWire.Status
    {
        var status = status
        let filter = recorder.filter.withLock { $0 }
        status.allow = filter.allow.map { $0.sorted() }
        status.deny = filter.deny.sorted()
        status.sanitized = sanitizers.action != nil || sanitizers.state != nil
        return status
    }

    /// The latest action the app dispatched (not a follow-up), among the last few recorded.
    func exampleAction(in state: Recorder<Action, State>.RecorderState) -> Action? {
        guard codec.encodeAction != nil else { return nil }
        var offset = state.history.count - 1
        while offset >= 0, offset >= state.history.count - 64 {
            if !state.history[offset].isFollowUp { return state.history[offset].dispatched.action }
            offset -= 1
        }
        return nil
    }

    /// `status` with its dispatch example and settings; the example is sanitized and encoded with no lock held (both
    /// are the app's code).
    func withExample(_ status: InspectorWire.Status, _ example: Action?) -> InspectorWire.Status {
        let sanitize = currentSanitizers
        var status = withSettings(status, sanitize)
        if let example, let encode = codec.encodeAction, let data = try? encode(sanitize(example)) {
            let text = String(decoding: data, as: UTF8.self)
            status.dispatchExample = text.count <= 400 ? text : nil
        }
        return status
    }

    func status(of state: Recorder<Action, State>.RecorderState) -> InspectorWire.Status {
        let cursor: Int?
        if case .travelling(let id) = state.mode { cursor = id } else { cursor = nil }
        return InspectorWire.Status(
            stateType: String(describing: State.self),
            actionType: String(describing: Action.self),
            capacity: state.history.capacity,
            dropped: state.history.dropped,
            count: state.history.count,
            firstID: state.history.first?.id,
            lastID: state.history.last?.id,
            mode: cursor == nil ? "present" : "travelling",
            cursor: cursor,
            held: state.held.count,
            canDispatch: codec.decodeAction != nil && !state.isImported,
            canExport: codec.encodeSession != nil,
            imported: state.isImported,
            heldLimit: state.heldLimit,
            heldLimitReturns: state.heldLimitReturns,
            dispatchExample: nil,
            paused: state.isPaused,
            locked: state.isLocked,
            notRecorded: state.notRecorded,
            skippableFrom: state.skippableFrom
        )
    }

    /// The entries after `id` (all of them for `nil`), described for the page, with the status.
    func summaries(after id: Int?) -> InspectorWire.Entries {
        let (entries, all, current, example) = recorder.withState { state in
            (
                state.history.entries(after: id), state.history.entries(after: nil), self.status(of: state),
                exampleAction(in: state)
            )
        }
        let status = withExample(current, example)
        let sanitize = currentSanitizers
        return InspectorWire.Entries(
            entries: entries.map { summary(of: $0, in: all, sanitizedBy: sanitize) }, status: status)
    }

    func summary(
        of entry: InspectorEntry<Action, State>,
        in history: [InspectorEntry<Action, State>],
        sanitizedBy sanitize: InspectorSanitizers<Action, State>
    )
        -> InspectorWire.Summary
    {
        let source = entry.dispatched.dispatcher
        var rawBridges: [String] = []
        for line in (source.info ?? "").split(separator: "\n") where line.hasPrefix("Bridged from ") {
            rawBridges.append(String(line))
        }
        let info = Self.sanitizedInfo(source.info, in: history, sanitizedBy: sanitize)
        var bridges: [String] = []
        for line in (info ?? "").split(separator: "\n") where line.hasPrefix("Bridged from ") {
            bridges.append(String(line))
        }
        return InspectorWire.Summary(
            id: entry.id,
            action: Self.describe(sanitize(entry.dispatched.action)),
            source: InspectorWire.Source(
                file: source.file,
                function: source.function,
                line: source.line,
                info: info,
                bridges: bridges
            ),
            thread: entry.thread.description,
            time: entry.time,
            durations: InspectorWire.Durations(
                handle: entry.handleNanoseconds,
                reduce: entry.reduceNanoseconds,
                io: entry.ioNanoseconds,
                total: entry.handleNanoseconds + entry.reduceNanoseconds + entry.ioNanoseconds
            ),
            skipped: entry.isSkipped,
            followUp: entry.isFollowUp,
            held: entry.wasHeld,
            origin: rawBridges.last.flatMap { origin(of: entry, bridgedFrom: $0, in: history) },
            gap: entry.stateBefore != nil
        )
    }

    /// An action's info with the actions that its "Bridged from …" lines name sanitized, when a sanitizer is set and
    /// the action named is in `history` (the line names the action as string interpolation writes it).
    static func sanitizedInfo(
        _ info: String?, in history: [InspectorEntry<Action, State>],
        sanitizedBy sanitize: InspectorSanitizers<Action, State>
    ) -> String? {
        guard let info, sanitize.action != nil, info.contains("Bridged from ") else { return info }
        var described: [String: String] = [:]
        let lines = info.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("Bridged from "),
                let at = line.range(of: " at ", options: .backwards),
                at.lowerBound >= line.index(line.startIndex, offsetBy: "Bridged from ".count)
            else { return String(line) }
            let named = String(line[line.index(line.startIndex, offsetBy: "Bridged from ".count)..<at.lowerBound])
            if described[named] == nil {
                let action = history.last { "\($0.dispatched.action)" == named }?.dispatched.action
                // An action not in the history is not shown: it could hold what the sanitizer hides.
                described[named] = action.map { "\(sanitize($0))" } ?? "an action no longer in the history"
            }
            return "Bridged from " + (described[named] ?? named) + String(line[at.lowerBound...])
        }
        return lines.joined(separator: "\n")
    }

    /// The entry a bridged action came from: the newest earlier entry with the same source whose action is the one
    /// the line names ("Bridged from <action> at <place>").
    func origin(
        of entry: InspectorEntry<Action, State>,
        bridgedFrom line: String,
        in history: [InspectorEntry<Action, State>]
    ) -> Int? {
        let named = line.dropFirst("Bridged from ".count)
        guard let at = named.range(of: " at ", options: .backwards) else { return nil }
        let actionText = String(named[..<at.lowerBound])
        let source = entry.dispatched.dispatcher
        return history.last { candidate in
            candidate.id < entry.id
                && candidate.dispatched.dispatcher.file == source.file
                && candidate.dispatched.dispatcher.line == source.line
                && "\(candidate.dispatched.action)" == actionText
        }?.id
    }

    /// The detail of the entry numbered `id`: payload, state after and diff against the state before.
    func detail(_ id: Int) -> InspectorWire.Detail? {
        let found = recorder.withState {
            state -> (InspectorEntry<Action, State>, State, [InspectorEntry<Action, State>])? in
            guard let offset = state.history.offset(of: id) else { return nil }
            return (state.history[offset], state.history.state(before: offset), state.history.entries(after: nil))
        }
        guard let (entry, rawBefore, history) = found else { return nil }
        let sanitize = currentSanitizers
        let before = sanitize(entry.stateBefore ?? rawBefore)
        let after = sanitize(entry.state)
        return InspectorWire.Detail(
            entry: summary(of: entry, in: history, sanitizedBy: sanitize),
            payload: ValueTree(of: sanitize(entry.dispatched.action)),
            state: ValueTree(of: after),
            diff: diff(before, after) ?? ""
        )
    }

    /// The action on one line, as string interpolation writes it but without the app module's name before the
    /// nested types (`search(.queryChanged("swift"))` rather than `search(App.SearchAction.queryChanged("swift"))`).
    static func describe(_ action: Action) -> String {
        ActionNames.describe(action)
    }
}
