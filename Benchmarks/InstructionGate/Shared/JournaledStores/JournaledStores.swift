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
