// swift-tools-version: 6.1
import PackageDescription

// The instruction gate: the benchmark workloads written as an app writes them, counted with callgrind by
// `Benchmarks/instructions.sh`. The stores are created by functions generic over the state and action types, in a
// module of their own, so the store's generic code runs as it does in an app that builds its store the same way.
//
// Every workload is compiled twice from the same files, in Swift 5 and in Swift 6 language mode: `Shared/` holds the
// sources, and each target folder under `Sources/` links to them.
let package = Package(
    name: "InstructionGate",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(name: "Switchyard", path: "../.."),
        // The backends' APIs for the tracing and metrics workloads (t2, m1): a tracer and a metrics factory that
        // record nothing.
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    ],
    targets: [
        .target(
            name: "GateStoresSwift5",
            dependencies: [.product(name: "Switchyard", package: "Switchyard")],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .target(
            name: "GateStoresSwift6",
            dependencies: [.product(name: "Switchyard", package: "Switchyard")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "GateJournaledStoresSwift5",
            dependencies: [
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "SwitchyardPersistence", package: "Switchyard"),
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .executableTarget(
            name: "InstructionGateSwift5",
            dependencies: [
                "GateStoresSwift5", "GateJournaledStoresSwift5", .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "SwitchyardMetrics", package: "Switchyard"),
                .product(name: "SwitchyardTracing", package: "Switchyard"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .target(
            name: "GateJournaledStoresSwift6",
            dependencies: [
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "SwitchyardPersistence", package: "Switchyard"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "InstructionGateSwift6",
            dependencies: [
                "GateStoresSwift6", "GateJournaledStoresSwift6", .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "SwitchyardMetrics", package: "Switchyard"),
                .product(name: "SwitchyardTracing", package: "Switchyard"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
