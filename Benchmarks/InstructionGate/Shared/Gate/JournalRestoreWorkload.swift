import Foundation
import Switchyard

#if swift(>=6)
    import GateJournaledStoresSwift6
#else
    import GateJournaledStoresSwift5
#endif

/// The state of the restored catalog: how many taps, and the sum of their items.
struct TapCount: Codable, Sendable, Equatable {
    var taps = 0
    var items = 0
}

/// The catalog's action, as an app declares it: `Codable`, journaled in JSON (`{"tap":{"item":42}}`).
enum TapAction: Codable, Sendable {
    case tap(item: Int)
}

let tapReducer = Reducer<TapAction, TapCount> { action, state in
    switch action {
    case .tap(let item):
        state.taps += 1
        state.items += item
    }
}

/// The file of J1's journal of `count` actions, one per language mode.
func journalRestorePath(_ count: Int) -> String {
    FileManager.default.temporaryDirectory.appending(path: "switchyard-gate-j1-swift\(languageMode)-\(count).sqlite")
        .path
}

/// J1's setup, run before it and not counted: a file with a journal of `count` JSON actions and no snapshot.
func prepareJournalRestore(_ count: Int) {
    writeJournal((0..<count).map { TapAction.tap(item: $0) }, TapCount(), tapReducer, at: journalRestorePath(count))
}

/// J1: a launch restoring a journal of `count` JSON-coded actions (written by `prepareJournalRestore`), decoded on
/// every core and replayed; the file is deleted afterwards. The gate's difference of two counts (20,000 and 40,000
/// actions) is the cost of restoring one journaled action, without the opening of the file.
func runJournalRestore(_ count: Int) {
    let (state, replayed) = restoreJournal(TapCount(), tapReducer, at: journalRestorePath(count))
    precondition(replayed == count && state == TapCount(taps: count, items: count * (count - 1) / 2), "lost actions")
}

/// J2: the journal's writer: `count` JSON-coded actions (J1's) dispatched to a journaled store made by the app's
/// generic factory, then the file closed, which writes what waits. Every thread is counted, so the gate's difference
/// of two counts is what journaling one action costs the process: the processing thread's hand-over and the writer's
/// encoding, packing and commits.
func runJournalWrite(_ count: Int) {
    let (store, persistence) = makeJournaledStore(TapCount(), tapReducer)
    for item in 0..<count {
        store.dispatch(.tap(item: item))
    }
    persistence.close()
    precondition(store.state.taps == count, "the store lost actions")
}
