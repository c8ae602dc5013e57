// Runs one workload of the instruction gate: `InstructionGateSwift6 w1 20000` sets up the counter store and
// dispatches 20,000 actions on this thread. `Benchmarks/instructions.sh` runs it under callgrind with two counts:
// the difference of the two totals, divided by the difference of the counts, is the cost of one dispatch, without
// the process start and the setup.
//
// With `--prepare` it runs the workload's setup for `count` instead (the j1 file), which the run after it reads.
//
// With `--time` it measures wall time instead, in the same way (runs of `count` and of twice `count` dispatches,
// the difference divided by `count`), seven times, and prints the median in nanoseconds per dispatch. Time depends
// on the machine and its load: compare figures of one run only.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let arguments = CommandLine.arguments
let timed = arguments.count == 4 && arguments[3] == "--time"
let preparing = arguments.count == 4 && arguments[3] == "--prepare"
guard arguments.count == 3 || timed || preparing, let count = Int(arguments[2]), count >= 0,
    let workload = workloads.first(where: { $0.name == arguments[1] })
else {
    let names = workloads.map(\.name).joined(separator: "|")
    print("usage: \(arguments.first ?? "InstructionGate") <\(names)> <dispatches> [--time | --prepare]")
    print("built in Swift \(languageMode) language mode")
    exit(2)
}
if preparing {
    workload.prepare?(count)
} else if timed {
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<7 {
        workload.prepare?(count)
        let single = clock.measure { workload.run(count) }
        workload.prepare?(2 * count)
        let double = clock.measure { workload.run(2 * count) }
        let nanoseconds = (double - single) / count
        samples.append(Double(nanoseconds.components.attoseconds) / 1e9 + Double(nanoseconds.components.seconds) * 1e9)
    }
    samples.sort()
    print("\(workload.name) \(languageMode) \((samples[3] * 10).rounded() / 10) ns per dispatch (median of 7)")
} else {
    workload.run(count)
}
