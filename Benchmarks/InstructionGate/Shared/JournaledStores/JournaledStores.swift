import Foundation
import Switchyard
import SwitchyardPersistence

// The store factory of the journaled workload, in a module of its own as the other factories: generic over the state
// and action types, it restores the store from a file and journals every action, as `Store(restoring:)` does.

/// A store restored from, and journaled to, a new file in a fresh temporary folder; the persistence comes with it.
public func makeJournaledStore<State: Codable & Sendable, Action: Codable & Sendable>(
    _ initialState: State,
    _ reducer: Reducer<Action, State>
) -> (Store<Action, State>, StatePersistence<Action, State>) {
    let folder = FileManager.default.temporaryDirectory.appending(path: "switchyard-gate-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let persistence = try! StatePersistence(
        path: folder.appending(path: "counter.sqlite").path, initialState: initialState, reducer: reducer)
    return (Store(restoring: persistence), persistence)
}

/// Writes a new file at `path` (replacing one there) holding a journal of `actions` and no snapshot: each action
/// dispatched to a store restored from it, journaled in JSON (the default), then the file closed.
public func writeJournal<State: Codable & Sendable, Action: Codable & Sendable>(
    _ actions: [Action],
    _ initialState: State,
    _ reducer: Reducer<Action, State>,
    at path: String
) {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    // No snapshot: every action stays in the journal, for the restore to replay.
    let options = PersistenceOptions(snapshotEveryActions: 100_000_000, snapshotInterval: .seconds(86_400))
    let persistence = try! StatePersistence(
        path: path, initialState: initialState, reducer: reducer, options: options)
    let store = Store(restoring: persistence)
    for action in actions { store.dispatch(action) }
    persistence.close()
}

/// The state restored from the file at `path`, and how many journaled actions were replayed; the file is deleted.
public func restoreJournal<State: Codable & Sendable, Action: Codable & Sendable>(
    _ initialState: State,
    _ reducer: Reducer<Action, State>,
    at path: String
) -> (State, replayed: Int) {
    let persistence = try! StatePersistence(path: path, initialState: initialState, reducer: reducer)
    let state = persistence.restoredState
    guard case .restored(_, let replayed) = persistence.restoration else { fatalError("nothing was restored") }
    persistence.close()
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    return (state, replayed)
}
