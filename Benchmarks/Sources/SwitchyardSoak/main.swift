import Foundation

// A soak run: one store used the way an app uses it, by every feature at once, for minutes, with its resident memory
// and throughput printed every second. Exits 1 when memory grew (RSS at the end above 1.5 times RSS at a tenth of
// the run, plus 20 MB) or when the store lost an action.
//
//     SwitchyardSoak 300
//
// The main thread hands itself to `dispatchMain()`, which serves the main queue, so main-actor observers are called.
// (Serving it with `RunLoop.main` instead works too, but on Linux libdispatch then starts some 250 idle worker threads
// when blocks are posted to the main queue at this rate, even without Switchyard.)
let arguments = CommandLine.arguments.dropFirst()
let requested = arguments.first.map { Int($0) } ?? 300
guard arguments.count <= 1, let seconds = requested, seconds >= 10 else {
    print("usage: SwitchyardSoak [seconds, at least 10; default 300]")
    exit(2)
}
let soak = Soak()
Thread.detachNewThread { [soak, seconds] in
    exit(soak.run(seconds: seconds))
}
dispatchMain()
