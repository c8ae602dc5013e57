/// A benchmark workload: a store (or the plain loop) set up once, then driven by ``run(_:)``.
package protocol Workload: AnyObject {
    /// The workload's short name, as the benchmarks and the profiler spell it (`w1`, `baseline` …).
    static var name: String { get }

    /// Creates the store and everything it needs; nothing here is measured.
    init()

    /// Dispatches `count` actions, on the calling thread unless the workload says otherwise, and returns once the
    /// state reflects every one of them; it stops the process if it does not, so no dispatch can be optimised away.
    func run(_ count: Int)
}

/// Every workload, by ``Workload/name``.
package var allWorkloads: [any Workload.Type] {
    [
        PlainLoopWorkload.self,
        CounterWorkload.self,
        ComposedMiddlewareWorkload.self,
        LiftedMiddlewareWorkload.self,
        ObserverWorkload.self,
        LargeStateWorkload.self,
        ErasedMiddlewareWorkload.self,
        ErasedLiftWorkload.self,
        StateLiftWorkload.self,
        ErasedLiftChainWorkload.self,
        TwoThreadsWorkload.self,
        FourThreadsWorkload.self,
        EightThreadsWorkload.self,
        TenObserversWorkload.self,
        TenThousandMiddlewaresWorkload.self,
        ObservableViewWorkload.self,
        ThousandViewsWorkload.self,
        ThousandRowsWorkload.self,
        JournaledCounterWorkload.self,
        JournalWriterWorkload.self,
        EveryActionCounterWorkload.self,
        SnapshotRestoreWorkload.self,
        JournalRestore200kWorkload.self,
        JournalRestore1MWorkload.self,
        BinaryJournalRestore1MWorkload.self,
        BinaryJournalWriterWorkload.self,
        CatalogJournalWriterWorkload.self,
        InspectedCounterWorkload.self,
        UnobservedCounterWorkload.self,
        TracerFloorWorkload.self,
        TracedCounterEventsWorkload.self,
        TracedCounterSpansWorkload.self,
        TracedCounterBareWorkload.self,
        TracedCounterNullTracerWorkload.self,
        MeasuredCounterWorkload.self,
        InspectedConnectedCounterWorkload.self,
        InspectedCounterWithPageWorkload.self,
        LiteralLiftWorkload.self,  // profiling only; see its documentation
        PackageLockWorkload.self,
        PackageLock2Workload.self,
        PackageLock4Workload.self,
        PackageLock8Workload.self,
        MutexWorkload.self,
        Mutex2Workload.self,
        Mutex4Workload.self,
        Mutex8Workload.self,
    ]
}
