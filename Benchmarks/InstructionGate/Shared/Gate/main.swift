// Runs one workload of the instruction gate: `InstructionGateSwift6 w1 20000` sets up the counter store and
// dispatches 20,000 actions on this thread. `Benchmarks/instructions.sh` runs it under callgrind with two counts:
// the difference of the two totals, divided by the difference of the counts, is the cost of one dispatch, without
// the process start and the setup.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]), count >= 0,
    let workload = workloads.first(where: { $0.name == arguments[1] })
else {
    let names = workloads.map(\.name).joined(separator: "|")
    print("usage: \(arguments.first ?? "InstructionGate") <\(names)> <dispatches>")
    print("built in Swift \(languageMode) language mode")
    exit(2)
}
workload.run(count)
