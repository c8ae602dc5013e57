import Benchmark
import SwitchyardWorkloads

// Each benchmark iteration dispatches one million actions (`scalingFactor: .mega`), so the scaled results read per
// dispatch. The store is created in `setup`, outside the measurement.
//
// Every workload is measured twice: for time and memory, then, under `<name>_allocations`, for heap allocations
// alone. The harness itself allocates while it samples memory and reads CPU time, inside the measured window, so
// only a benchmark that asks for nothing but the malloc count sees the store's own allocations.
let benchmarks: @Sendable () -> Void = {
    func register<W: Workload>(_ name: String, _ workload: W.Type, allocationFree: Bool) {
        Benchmark(
            name,
            configuration: .init(
                metrics: [.wallClock, .cpuTotal, .peakMemoryResident],
                timeUnits: .nanoseconds,
                warmupIterations: 1,
                scalingFactor: .mega,
                maxDuration: .seconds(5),
                maxIterations: 30
            ),
            closure: { benchmark, workload in workload.run(benchmark.scaledIterations.count) },
            setup: { W() }
        )
        Benchmark(
            name + "_allocations",
            configuration: .init(
                metrics: [.mallocCountTotal],
                warmupIterations: 1,
                scalingFactor: .mega,
                maxDuration: .seconds(1),
                maxIterations: 3,
                // Tolerance 0 around the p90 of 0 in Thresholds/: `swift package benchmark thresholds check` fails
                // on a single allocation in a million dispatches.
                thresholds: allocationFree ? [.mallocCountTotal: .init(absolute: [.p90: 0])] : [:]
            ),
            closure: { benchmark, workload in workload.run(benchmark.scaledIterations.count) },
            setup: { W() }
        )
    }

    register("baseline_plain_loop", PlainLoopWorkload.self, allocationFree: true)
    register("W1_counter", CounterWorkload.self, allocationFree: true)
    register("W2_ten_middlewares", ComposedMiddlewareWorkload.self, allocationFree: true)
    register("W3_hundred_lifted_middlewares", LiftedMiddlewareWorkload.self, allocationFree: true)
    register("W4_one_observer", ObserverWorkload.self, allocationFree: false)
    register("W5_large_state", LargeStateWorkload.self, allocationFree: false)
}
