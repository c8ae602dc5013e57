import Foundation
import InspectorExampleApp
import Switchyard
import SwitchyardInspector
import SwitchyardPersistence

// Runs the search-and-favorites app with the inspector attached and connected to the desktop inspector, and a
// scripted user who searches, selects and removes favorites until stopped. Start the desktop inspector first
// (`swift run switchyard-inspector`) and pass the address it prints in `SWITCHYARD_INSPECTOR` (or `--desktop`).
// `--for SECONDS` stops after that long; `--every SECONDS` sets the scripted user's pace; `--app NAME` names the app on
// the page; `--capacity N` keeps the last N actions (500 by default); `--persist FILE` keeps the state and a journal of
// the actions in FILE (SwitchyardPersistence), which `switchyard-inspector export-test` turns into a test.
let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { arguments.index(after: $0) < arguments.endIndex ? arguments[$0 + 1] : nil }
}
let duration = option("--for").flatMap(Double.init)
let appName = option("--app") ?? "InspectorExample"
let capacity = option("--capacity").flatMap(Int.init).map { max(1, $0) } ?? 500
/// The scripted user's pace: every 2 seconds, or faster for a short run; `--every SECONDS` sets it.
let interval = option("--every").flatMap(Double.init).map { max(0.01, $0) } ?? duration.map { min(2, $0 / 10) } ?? 2

/// Prints a line at once, even when the output goes to a pipe, so that a script can read it.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
let address = option("--desktop") ?? ProcessInfo.processInfo.environment["SWITCHYARD_INSPECTOR"]
guard let desktop = address.flatMap(InspectorDesktop.init(address:)) else {
    say("Start the desktop inspector first (swift run switchyard-inspector), then run this example with the address")
    say("it prints: SWITCHYARD_INSPECTOR=HOST:PORT/CODE swift run --package-path Examples InspectorExample")
    exit(2)
}

let persistence = try option("--persist").map {
    try StatePersistence(path: $0, initialState: AppState(), reducer: appReducer)
}
let store = persistence.map { Store(restoring: $0, middleware: appMiddleware) } ?? makeStore()
let inspector = StoreInspector(inspecting: store, capacity: capacity)
// A journal of this app's store, sent from the desktop inspector, becomes a test of this app's reducer.
inspector.readsJournals { path in
    let recording = try JournalRecording<AppAction, AppState>(path: path, initialState: AppState())
    return (recording.base, recording.actions.map { RecordedAction($0.dispatched, time: $0.time) })
}
// The app connects out to the desktop inspector; it listens on no port.
let connection = inspector.connect(to: desktop, app: appName, store: "main")
if await connection.waitUntilConnected(timeout: .seconds(10)) {
    say("Connected to the desktop inspector as \(appName).")
} else {
    say("Not connected yet (\(connection.status)); the example goes on and connects when it can.")
}
say("The scripted user acts every \(Int(interval * 1000)) ms. Stop with Ctrl-C.")

/// What the scripted user does, in a loop.
let script: [@Sendable () -> Void] = [
    { store.dispatch(.search(.queryChanged("swift"))) },  // user: search
    { store.dispatch(.search(.select("Switchyard"))) },  // user: select
    { store.dispatch(.search(.queryChanged("concurrency"))) },
    { store.dispatch(.search(.select("Structured Concurrency"))) },
    { store.dispatch(.favorites(.remove("Switchyard"))) },  // user: remove
]

let start = Date()
var step = 0
while duration.map({ Date().timeIntervalSince(start) < $0 }) ?? true {
    script[step % script.count]()
    step += 1
    try await Task.sleep(for: .seconds(interval))
}
await connection.close()
persistence?.close()
say("Stopped after \(step) scripted actions; the store holds \(store.state.favorites.count) favorites.")
