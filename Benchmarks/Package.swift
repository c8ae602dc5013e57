// swift-tools-version: 6.1
import PackageDescription

// The benchmarks of Switchyard, kept apart from the library so that `swift build` and `swift test` of the library
// never resolve or build the benchmark package. Run them from this directory:
//
//     swift package benchmark                    # all workloads, release build
//     swift package benchmark thresholds check   # fails when a workload allocates per dispatch
//     ./report.sh                                # ns per dispatch and ratios, from one run
let package = Package(
    name: "SwitchyardBenchmarks",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(name: "Switchyard", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
        // InMemoryTracing and the metrics API, for the observed workloads (O1–O3) and the instruction gate's tracing
        // and metrics workloads (a tracer and a metrics factory that record nothing).
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    ],
    targets: [
        // The library's lock, compiled from the library's own source file (`Lock.swift` links to it): the package's
        // lock is not public, and the lock benchmarks compare it with `Synchronization.Mutex`.
        .target(name: "SwitchyardLocks"),
        // The catalog app that the restore workloads and `SwitchyardLaunch` persist, in a module that depends on
        // Switchyard and SwitchyardPersistence alone, as such an app does: the launch links nothing else.
        .target(
            name: "LaunchCatalog",
            dependencies: [
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "SwitchyardPersistence", package: "Switchyard"),
            ]
        ),
        // The workloads, shared by the benchmarks and by the profiling executable so both measure the same code.
        .target(
            name: "SwitchyardWorkloads",
            dependencies: [
                "SwitchyardLocks",
                "LaunchCatalog",
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "SwitchyardInspector", package: "Switchyard"),
                .product(name: "SwitchyardInspectorDesktop", package: "Switchyard"),
                .product(name: "SwitchyardPersistence", package: "Switchyard"),
                .product(name: "SwitchyardTracing", package: "Switchyard"),
                .product(name: "SwitchyardMetrics", package: "Switchyard"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ]
        ),
        .executableTarget(
            name: "SwitchyardBenchmarks",
            dependencies: [
                "SwitchyardWorkloads",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/SwitchyardBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // One workload in a loop, without the benchmark harness: for `valgrind --tool=callgrind` and `perf`.
        .executableTarget(
            name: "SwitchyardProfile",
            dependencies: ["SwitchyardWorkloads"]
        ),
        // A launch timed from the process's start to its first state, L1's file restored: `./launch.sh`. It links
        // the catalog app's module alone, as a persisted app does, and not the workloads' other dependencies.
        .executableTarget(
            name: "SwitchyardLaunch",
            dependencies: ["LaunchCatalog"]
        ),
        // The inspector's cost (memory, exports) and the store's dispatch rate during attacks on its server:
        // `./inspector-probe.sh`.
        .executableTarget(
            name: "SwitchyardInspectorProbe",
            dependencies: [
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "SwitchyardInspector", package: "Switchyard"),
                .product(name: "SwitchyardInspectorDesktop", package: "Switchyard"),
            ]
        ),
        // One store under every feature at once for minutes, its resident memory printed every second: `./soak.sh`.
        .executableTarget(
            name: "SwitchyardSoak",
            dependencies: [.product(name: "Switchyard", package: "Switchyard")]
        ),
    ] + gateTargets(mode: 5) + gateTargets(mode: 6),
    swiftLanguageModes: [.v6]
)

/// The instruction gate's targets (`./instructions.sh`) in Swift `mode` language mode: the workloads written as an app
/// writes them, counted with callgrind. The stores are created by functions generic over the state and action types,
/// in modules of their own, so the store's generic code runs as it does in an app that builds its store the same way.
/// Every workload is compiled twice from the same files, in Swift 5 and in Swift 6 language mode: `InstructionGate/
/// Shared` holds the sources, and each target folder under `InstructionGate/Sources` links to them. They are in this
/// package, so that CI's release build of the library serves the benchmarks and the gate alike.
func gateTargets(mode: Int) -> [Target] {
    let suffix = "Swift\(mode)"
    let settings: [SwiftSetting] = [.swiftLanguageMode(mode == 5 ? .v5 : .v6)]
    return [
        .target(
            name: "GateStores" + suffix,
            dependencies: [.product(name: "Switchyard", package: "Switchyard")],
            path: "InstructionGate/Sources/GateStores" + suffix,
            swiftSettings: settings
        ),
        .target(
            name: "GateJournaledStores" + suffix,
            dependencies: [
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "SwitchyardPersistence", package: "Switchyard"),
            ],
            path: "InstructionGate/Sources/GateJournaledStores" + suffix,
            swiftSettings: settings
        ),
        .executableTarget(
            name: "InstructionGate" + suffix,
            dependencies: [
                .target(name: "GateStores" + suffix), .target(name: "GateJournaledStores" + suffix),
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "SwitchyardMetrics", package: "Switchyard"),
                .product(name: "SwitchyardTracing", package: "Switchyard"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            path: "InstructionGate/Sources/InstructionGate" + suffix,
            swiftSettings: settings
        ),
    ]
}
