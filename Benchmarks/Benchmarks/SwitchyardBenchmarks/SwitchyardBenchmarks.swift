import Benchmark
import SwitchyardWorkloads

// Each benchmark iteration dispatches one million actions (`scalingFactor: .mega`; a thousand for the slowest
// workloads), so the scaled results read per dispatch. The store is created in `setup`, outside the measurement.
//
// Every workload is measured twice: for time and memory, then, under `<name>_allocations`, for heap allocations
// alone. The harness itself allocates while it samples memory and reads CPU time, inside the measured window, so
// only a benchmark that asks for nothing but the malloc count sees the store's own allocations.
/// What a workload's `<name>_allocations` benchmark checks.
enum AllocationCheck {
    /// `swift package benchmark thresholds check` compares the malloc count with the one in Thresholds/, with a
    /// tolerance of 0: 0 for a workload that does not allocate, so a single allocation in a million dispatches
    /// fails; the measured count for one that does, so any extra allocation fails.
    case checked
    /// Measured and reported, not checked.
    case unchecked
    /// No `_allocations` benchmark: the workload's own threads allocate in every run.
    case notMeasured
}

let benchmarks: @Sendable () -> Void = {
    // A workload that takes microseconds per dispatch runs a thousand dispatches per iteration (`.kilo`) rather than
    // a million, so that an iteration takes well under a second; results still read per dispatch.
    func register<W: Workload>(
        _ name: String,
        _ workload: W.Type,
        allocations: AllocationCheck,
        scalingFactor: BenchmarkScalingFactor = .mega
    ) {
        Benchmark(
            name,
            configuration: .init(
                metrics: [.wallClock, .cpuTotal, .peakMemoryResident],
                timeUnits: .nanoseconds,
                warmupIterations: 1,
                scalingFactor: scalingFactor,
                maxDuration: .seconds(5),
                maxIterations: 30
            ),
            closure: { benchmark, workload in workload.run(benchmark.scaledIterations.count) },
            setup: { W() }
        )
        guard allocations != .notMeasured else { return }
        Benchmark(
            name + "_allocations",
            configuration: .init(
                metrics: [.mallocCountTotal],
                warmupIterations: 1,
                scalingFactor: scalingFactor,
                maxDuration: .seconds(1),
                maxIterations: 3,
                thresholds: allocations == .checked ? [.mallocCountTotal: .init(absolute: [.p90: 0])] : [:]
            ),
            closure: { benchmark, workload in workload.run(benchmark.scaledIterations.count) },
            setup: { W() }
        )
    }

    register("baseline_plain_loop", PlainLoopWorkload.self, allocations: .checked)
    register("W1_counter", CounterWorkload.self, allocations: .checked)
    register("W2_ten_middlewares", ComposedMiddlewareWorkload.self, allocations: .checked)
    register("W3_hundred_lifted_middlewares", LiftedMiddlewareWorkload.self, allocations: .checked)
    register("W4_one_observer", ObserverWorkload.self, allocations: .unchecked)
    register("W5_large_state", LargeStateWorkload.self, allocations: .unchecked)
    register("W2e_ten_erased_middlewares", ErasedMiddlewareWorkload.self, allocations: .checked)
    register("W3e_hundred_erased_literal_lifts", ErasedLiftWorkload.self, allocations: .checked)
    // W3e with a state map: one allocation per dispatch (the lifted getState of the middleware that handles the
    // action); Thresholds/ records 1,000 per thousand dispatches.
    register("W3s_hundred_erased_state_lifts", StateLiftWorkload.self, allocations: .checked, scalingFactor: .kilo)
    // W3e three levels deep, as a modular app lifts its features: the app's and the area's maps run for every
    // middleware, through two nested erased lifts.
    register(
        "W3c_hundred_erased_lifts_three_deep",
        ErasedLiftChainWorkload.self,
        allocations: .checked,
        scalingFactor: .kilo
    )
    // No allocation per dispatch, but 2 per iteration at the time of writing, which Thresholds/ records.
    register("W6_ten_observers", TenObserversWorkload.self, allocations: .checked)
    register(
        "W7_ten_thousand_middlewares",
        TenThousandMiddlewaresWorkload.self,
        allocations: .checked,
        scalingFactor: .kilo
    )
    // Observable views: one view on W1's counter; a thousand rows of which each action invalidates one.
    register("V1_one_observable_view", ObservableViewWorkload.self, allocations: .checked)
    register("V1000_thousand_views", ThousandViewsWorkload.self, allocations: .checked, scalingFactor: .kilo)
    // The same thousand rows as a SwiftUI list makes them: `ForEach` over `scope(collection:action:)`.
    register("V1000c_thousand_rows_collection", ThousandRowsWorkload.self, allocations: .checked, scalingFactor: .kilo)
    // W1's store persisted: the journal's cost on the processing thread (the writer's allocations, on its own
    // thread, are counted too, so they are reported, not gated), the writer's throughput, every action committed.
    register("P1_journaled_counter", JournaledCounterWorkload.self, allocations: .unchecked)
    // P1's processing thread alone: bursts of a thousand dispatches, each measured while the writer works on its own
    // thread; the writer catches up between bursts, outside the measurement. W1p is W1 measured the same way, with a
    // pause of the same length between bursts: a thread that has slept runs its next burst slower (caches, clock
    // frequency), so P1p is compared with W1p, not with W1's uninterrupted loop.
    func registerBursts<W: Workload>(_ name: String, _ workload: W.Type, between: @escaping @Sendable (W) -> Void) {
        Benchmark(
            name,
            configuration: .init(
                metrics: [.wallClock, .cpuTotal],
                timeUnits: .nanoseconds,
                warmupIterations: 1,
                scalingFactor: .kilo,
                maxDuration: .seconds(5),
                maxIterations: 1_000
            ),
            closure: { benchmark, workload in
                benchmark.startMeasurement()
                workload.run(benchmark.scaledIterations.count)
                benchmark.stopMeasurement()
                between(workload)
            },
            setup: { W() }
        )
    }
    registerBursts("P1p_journaled_processing_thread", JournaledCounterWorkload.self) { $0.catchUp() }
    registerBursts("W1p_counter_bursts", CounterWorkload.self) { _ in pauseLikeTheWritersCatchUp() }
    register(
        "P1w_journal_writer_throughput", JournalWriterWorkload.self, allocations: .notMeasured, scalingFactor: .kilo)
    register(
        "P1e_every_action_committed", EveryActionCounterWorkload.self, allocations: .notMeasured, scalingFactor: .kilo)
    // A launch of a persisted store: a snapshot of a 1 MB state and the 1,000 actions after it; journals of 200,000
    // and 1,000,000 actions replayed with no snapshot. Each iteration is one restore, the file written in setup.
    register(
        "L1_launch_snapshot_and_1000_actions", SnapshotRestoreWorkload.self, allocations: .notMeasured,
        scalingFactor: .one)
    register("L200k_launch_journal", JournalRestore200kWorkload.self, allocations: .notMeasured, scalingFactor: .one)
    register("L1M_launch_journal", JournalRestore1MWorkload.self, allocations: .notMeasured, scalingFactor: .one)
    register(
        "L1Mb_launch_binary_journal", BinaryJournalRestore1MWorkload.self, allocations: .notMeasured,
        scalingFactor: .one)
    // The writer with an action that carries a value, in JSON (the default) and in a binary format of the app's own.
    register("P1wj_writer_json", CatalogJournalWriterWorkload.self, allocations: .notMeasured, scalingFactor: .kilo)
    register("P1wb_writer_binary", BinaryJournalWriterWorkload.self, allocations: .notMeasured, scalingFactor: .kilo)
    // The inspector attached to W1's store: recording alone, connected to a desktop inspector with no page open, then
    // with a page connected to the desktop.
    register("I1_inspected_counter", InspectedCounterWorkload.self, allocations: .unchecked)
    register("I1c_inspected_counter_connected", InspectedConnectedCounterWorkload.self, allocations: .unchecked)
    register("I2_inspected_counter_with_page", InspectedCounterWithPageWorkload.self, allocations: .unchecked)
    // Tracing and metrics on W1's store: attached with no backend bootstrapped (nothing attaches: W1's figures and
    // no allocation); traced into an InMemoryTracer with the phases as events, as child spans, or not at all; and
    // counted into a backend of atomics.
    register("O1_unobserved_counter", UnobservedCounterWorkload.self, allocations: .checked)
    // The floor under O2: the InMemoryTracer's own cost for one action's span, with no store.
    register("O0_in_memory_tracer_floor", TracerFloorWorkload.self, allocations: .unchecked, scalingFactor: .kilo)
    register(
        "O2_traced_counter_events", TracedCounterEventsWorkload.self, allocations: .unchecked, scalingFactor: .kilo)
    register(
        "O2s_traced_counter_phase_spans", TracedCounterSpansWorkload.self, allocations: .unchecked, scalingFactor: .kilo
    )
    register(
        "O2n_traced_counter_no_phases", TracedCounterBareWorkload.self, allocations: .unchecked, scalingFactor: .kilo)
    register("O2c_traced_counter_null_tracer", TracedCounterNullTracerWorkload.self, allocations: .unchecked)
    register("O3_measured_counter", MeasuredCounterWorkload.self, allocations: .checked)
    // Aggregate time per action: the wall time of a run divided by all the actions of all the threads.
    register("T2_two_threads", TwoThreadsWorkload.self, allocations: .notMeasured)
    register("T4_four_threads", FourThreadsWorkload.self, allocations: .notMeasured)
    register("T8_eight_threads", EightThreadsWorkload.self, allocations: .notMeasured)
    // The package's lock against `Synchronization.Mutex`: 1, 2, 4 and 8 threads adding 1 to one counter under the
    // lock; time per increment, all threads together.
    register("L1_lock", PackageLockWorkload.self, allocations: .notMeasured)
    register("L1_mutex", MutexWorkload.self, allocations: .notMeasured)
    register("L2_lock_two_threads", PackageLock2Workload.self, allocations: .notMeasured)
    register("L2_mutex_two_threads", Mutex2Workload.self, allocations: .notMeasured)
    register("L4_lock_four_threads", PackageLock4Workload.self, allocations: .notMeasured)
    register("L4_mutex_four_threads", Mutex4Workload.self, allocations: .notMeasured)
    register("L8_lock_eight_threads", PackageLock8Workload.self, allocations: .notMeasured)
    register("L8_mutex_eight_threads", Mutex8Workload.self, allocations: .notMeasured)
}
