// A process for the persistence crash tests: `run PATH [every|batched]` restores a tally from PATH, prints it, and
// dispatches `add(n)` for n = count + 1, count + 2, … at full speed until it is killed; `check PATH` restores the
// tally, prints it, and exits; `open PATH` prints how opening went (`restored N`, `unusable KIND`, or `throws KIND`)
// and exits, for the tests that run it as another user; `hold PATH` opens the file, prints `holding`, and keeps it
// open until it is killed; `crash PATH COUNT` dispatches COUNT actions, waits until they are written, prints
// `written COUNT`, and kills itself (`SIGKILL`) without closing the journal, leaving its `-wal` as a crash leaves it.
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

let reducer = Reducer<TallyAction, Tally> { action, tally in
    guard case .add(let n) = action else { return }
    tally.count += 1
    tally.hash = (tally.hash ^ UInt64(bitPattern: n)) &* 1_099_511_628_211
}

let arguments = CommandLine.arguments
guard arguments.count >= 3, ["run", "check", "open", "hold", "crash"].contains(arguments[1]) else {
    FileHandle.standardError.write(
        Data("usage: \(arguments[0]) run|check|open|hold PATH [every|batched], or crash PATH COUNT\n".utf8))
    exit(2)
}
if arguments[1] == "crash" {
    let count = arguments.count > 3 ? Int64(arguments[3]) ?? 0 : 0
    let persistence = try StatePersistence(path: arguments[2], initialState: Tally(), reducer: reducer)
    let store = Store(restoring: persistence)
    for n in stride(from: 1, through: count, by: 1) { store.dispatch(.add(n)) }
    let written = persistence.flush(timeout: .seconds(30))
    FileHandle.standardOutput.write(Data((written ? "written \(count)\n" : "not written\n").utf8))
    kill(getpid(), SIGKILL)
    exit(3)
}
if arguments[1] == "open" || arguments[1] == "hold" {
    do {
        let persistence = try StatePersistence(
            path: arguments[2], initialState: Tally(), reducer: reducer, diagnostics: { _ in })
        switch persistence.restoration {
        case .unusableFile(let diagnostic, _):
            FileHandle.standardOutput.write(Data("unusable \(diagnostic.kind)\n".utf8))
        default:
            FileHandle.standardOutput.write(Data("restored \(persistence.restoredState.count)\n".utf8))
        }
        if arguments[1] == "hold" {
            while true { sleep(60) }
        }
        persistence.close()
    } catch let diagnostic as PersistenceDiagnostic {
        FileHandle.standardOutput.write(Data("throws \(diagnostic.kind)\n".utf8))
    }
    exit(0)
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
