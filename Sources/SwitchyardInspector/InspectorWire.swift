import CustomDump
import Foundation
import Switchyard

/// The JSON documents the inspector's page reads and sends.
package enum InspectorWire {
    struct Status: Codable, Equatable, Sendable {
        var stateType: String
        var actionType: String
        var capacity: Int
        var dropped: Int
        var count: Int
        var firstID: Int?
        var lastID: Int?
        var mode: String
        var cursor: Int?
        var held: Int
        var canDispatch: Bool
        var canExport: Bool
        var imported: Bool
        /// The most actions held while travelling.
        var heldLimit: Int
        /// How many times the held actions reached their limit and the inspector returned to the present.
        var heldLimitReturns: Int
        /// The JSON of the app's latest action, as an example for the dispatch box; `nil` when actions are not
        /// `Encodable` or none was recorded.
        var dispatchExample: String?
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

    struct Summary: Codable, Equatable, Sendable {
        var id: Int
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
    }

    struct Detail: Codable, Sendable {
        var entry: Summary
        var payload: ValueTree
        var state: ValueTree
        var diff: String
    }

    struct Entries: Codable, Sendable {
        var entries: [Summary]
        var status: Status
    }

    struct Message: Codable, Sendable {
        var type: String
        var entries: [Summary]?
        var status: Status
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

    /// `status` with its dispatch example, encoded with no lock held (the encoding is the app's code).
    func withExample(_ status: InspectorWire.Status, _ example: Action?) -> InspectorWire.Status {
        var status = status
        if let example, let encode = codec.encodeAction, let data = try? encode(example) {
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
            dispatchExample: nil
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
        return InspectorWire.Entries(entries: entries.map { summary(of: $0, in: all) }, status: status)
    }

    func summary(
        of entry: InspectorEntry<Action, State>, in history: [InspectorEntry<Action, State>]
    )
        -> InspectorWire.Summary
    {
        let source = entry.dispatched.dispatcher
        var bridges: [String] = []
        for line in (source.info ?? "").split(separator: "\n") where line.hasPrefix("Bridged from ") {
            bridges.append(String(line))
        }
        return InspectorWire.Summary(
            id: entry.id,
            action: Self.describe(entry.dispatched.action),
            source: InspectorWire.Source(
                file: source.file,
                function: source.function,
                line: source.line,
                info: source.info,
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
            origin: bridges.last.flatMap { origin(of: entry, bridgedFrom: $0, in: history) }
        )
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
        guard let (entry, before, history) = found else { return nil }
        return InspectorWire.Detail(
            entry: summary(of: entry, in: history),
            payload: ValueTree(of: entry.dispatched.action),
            state: ValueTree(of: entry.state),
            diff: diff(before, entry.state) ?? ""
        )
    }

    /// The action on one line, as string interpolation writes it but without the app module's name before the
    /// nested types (`search(.queryChanged("swift"))` rather than `search(App.SearchAction.queryChanged("swift"))`).
    static func describe(_ action: Action) -> String {
        var oneLine = String(describing: action).split(separator: "\n").joined(separator: " ")
        if let module = String(reflecting: Action.self).split(separator: ".").first {
            oneLine = oneLine.replacingOccurrences(of: "\(module).", with: "")
        }
        return oneLine.count > 300 ? String(oneLine.prefix(299)) + "…" : oneLine
    }
}
