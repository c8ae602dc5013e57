import Foundation
import SwitchyardInspector

/// The entries of one launch of an app's store that the desktop saw: those its pages loaded and the live updates
/// they received. Kept so that a view shows its earlier launches after the app relaunches, read-only.
struct LaunchHistory: Sendable {
    /// The launch's identifier, as the app's hello gave it.
    let launch: String
    /// The launch's number in its view: 1 for the first launch the desktop saw.
    let number: Int
    let processID: Int32
    let started: Date
    /// When the launch's app disconnected, or was replaced by its next launch.
    var ended: Date?
    /// The entries, in the order of their numbers.
    private(set) var entries: [InspectorWire.Summary] = []
    /// Entries dropped to keep at most the limit: the oldest go first.
    private(set) var dropped = 0
    /// The history is an imported session's, not the launch's own: it is not kept.
    private var isImported = false

    init(launch: String, number: Int, processID: Int32, started: Date = Date()) {
        self.launch = launch
        self.number = number
        self.processID = processID
        self.started = started
    }

    /// Takes in entries the app sent: a full list replaces what was kept (the app's history was reloaded), a
    /// partial one adds to it; at most `limit` of the latest entries stay.
    mutating func take(_ new: [InspectorWire.Summary], status: InspectorWire.Status, isFullList: Bool, limit: Int) {
        isImported = status.imported
        if isImported {
            entries.removeAll()
            return
        }
        if isFullList {
            entries = new.sorted { $0.id < $1.id }
        } else {
            for entry in new {
                if let last = entries.last, entry.id <= last.id {
                    if let index = entries.firstIndex(where: { $0.id == entry.id }) { entries[index] = entry }
                } else {
                    entries.append(entry)
                }
            }
        }
        // Entries the app no longer holds (it committed or reverted its history) are gone from its present too.
        if let lastID = status.lastID {
            entries.removeAll { $0.id > lastID }
        } else if isFullList {
            entries.removeAll()
        }
        if entries.count > limit {
            dropped += entries.count - limit
            entries.removeFirst(entries.count - limit)
        }
    }

    /// The launch as the page reads it.
    var document: Document {
        Document(
            number: number, launch: launch, processID: processID, started: started.timeIntervalSince1970,
            ended: ended?.timeIntervalSince1970, entries: entries, dropped: dropped)
    }

    /// An earlier launch, as `GET /stores/ID/launches` answers it.
    struct Document: Codable, Sendable {
        var number: Int
        var launch: String
        var processID: Int32
        var started: Double
        var ended: Double?
        var entries: [InspectorWire.Summary]
        var dropped: Int
    }
}

/// The answer of `GET /stores/ID/launches`: the earlier launches of the view, oldest first, and the bounds the
/// desktop keeps them in.
struct EarlierLaunches: Codable, Sendable {
    var launches: [LaunchHistory.Document]
    /// The number of the launch connected now, or last connected.
    var current: Int
    var maxEarlierLaunches: Int
    var maxEntriesPerLaunch: Int
}
