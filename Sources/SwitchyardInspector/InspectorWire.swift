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
    package struct Filter: Codable, Equatable, Sendable {
        /// The names of the cases recorded, or `nil` for every case.
        package var allow: [String]?
        /// The names of the cases not recorded.
        package var deny: [String]?
    }

    package struct Pause: Codable, Sendable {
        package var paused: Bool
    }

    package struct Lock: Codable, Sendable {
        package var locked: Bool
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

    package struct Jump: Codable, Sendable {
        package var id: Int
    }

    package struct Skip: Codable, Sendable {
        package var id: Int
        package var skipped: Bool
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
            if !state.history[offset].isFollowUp { return state.history[offset].action }
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

    /// The action on one line, as string interpolation writes it but without the app module's name before the
    /// nested types (`search(.queryChanged("swift"))` rather than `search(App.SearchAction.queryChanged("swift"))`).
    static func describe(_ action: Action) -> String {
        ActionNames.describe(action)
    }
}
