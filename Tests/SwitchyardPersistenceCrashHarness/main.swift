// A process for the persistence crash tests: `run PATH [every|batched]` restores a tally from PATH, prints it, and
// dispatches `add(n)` for n = count + 1, count + 2, … at full speed until it is killed; `check PATH` restores the
// tally, prints it, and exits.
import Foundation
import Switchyard
import SwitchyardPersistence

struct Tally: Codable, Sendable, Equatable {
    var count: Int64 = 0
    var hash: UInt64 = 14_695_981_039_346_656_037
}

enum TallyAction: Codable, Sendable, Equatable {
    case add(Int64)
}

let reducer = Reducer<TallyAction, Tally>.reduce { action, tally in
    guard case .add(let n) = action else { return }
    tally.count += 1
    tally.hash = (tally.hash ^ UInt64(bitPattern: n)) &* 1_099_511_628_211
}

let arguments = CommandLine.arguments
guard arguments.count >= 3, ["run", "check"].contains(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: \(arguments[0]) run|check PATH [every|batched]\n".utf8))
    exit(2)
}
let durability: PersistenceOptions.Durability =
    arguments.count > 3 && arguments[3] == "every" ? .everyAction : .batched(maxDelay: .milliseconds(10))
let persistence = try StatePersistence(
    path: arguments[2],
    initialState: Tally(),
    reducer: reducer,
    options: PersistenceOptions(durability: durability, snapshotEveryActions: 5_000)
)
let restored = persistence.restoredState
FileHandle.standardOutput.write(Data("restored \(restored.count) \(restored.hash)\n".utf8))
if arguments[1] == "check" {
    persistence.close()
    exit(0)
}
let store = Store(restoring: persistence)
var next = restored.count + 1
while true {
    store.dispatch(.add(next))
    next += 1
}
