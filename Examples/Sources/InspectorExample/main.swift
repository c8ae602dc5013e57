import Foundation
import InspectorExampleApp
import Switchyard
import SwitchyardInspector

// Runs the search-and-favorites app with the inspector attached, and a scripted user who searches, selects and
// removes favorites until stopped. `--for SECONDS` stops it after that long; `--port PORT` picks the port;
// `--capacity N` keeps the last N actions (500 by default).
let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { arguments.index(after: $0) < arguments.endIndex ? arguments[$0 + 1] : nil }
}
let duration = option("--for").flatMap(Double.init)
let port = option("--port").flatMap(UInt16.init) ?? 0
let capacity = option("--capacity").flatMap(Int.init).map { max(1, $0) } ?? 500
/// The scripted user's pace: every 2 seconds, or faster for a short run.
let interval = duration.map { min(2, $0 / 10) } ?? 2

let store = makeStore()
let inspector = StoreInspector(inspecting: store, capacity: capacity)
let server = try await InspectorServer.start(inspector, port: port)
/// Prints a line at once, even when the output goes to a pipe, so that a script can read the address.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
say("Inspector: \(server.url)")
say("Open it in a browser; the scripted user acts every \(Int(interval * 1000)) ms. Stop with Ctrl-C.")

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
await server.stop()
say("Stopped after \(step) scripted actions; the store holds \(store.state.favorites.count) favorites.")
