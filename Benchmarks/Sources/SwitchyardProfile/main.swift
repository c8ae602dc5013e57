import SwitchyardWorkloads

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Runs one workload without the benchmark harness, for `valgrind --tool=callgrind` or `perf`:
//
//     SwitchyardProfile w1 1000000
//
// Instructions per dispatch = (instructions of a run with 2N dispatches - those of a run with N) / N, which
// cancels the process start and the store's setup.
let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]),
    let workload = allWorkloads.first(where: { $0.name == arguments[1] })
else {
    print("usage: SwitchyardProfile <\(allWorkloads.map { $0.name }.joined(separator: "|"))> <dispatches>")
    exit(1)
}
workload.init().run(count)
