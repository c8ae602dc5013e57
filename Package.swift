// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Switchyard",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Switchyard", targets: ["Switchyard"]),
        .library(name: "SwitchyardLogging", targets: ["SwitchyardLogging"]),
        .library(name: "SwitchyardTesting", targets: ["SwitchyardTesting"]),
        .library(name: "SwitchyardCombine", targets: ["SwitchyardCombine"]),
        .library(name: "SwitchyardInspector", targets: ["SwitchyardInspector"]),
        .library(name: "SwitchyardInspectorDesktop", targets: ["SwitchyardInspectorDesktop"]),
        .executable(name: "switchyard-inspector", targets: ["SwitchyardInspectorTool"]),
        .library(name: "SwitchyardSwiftRex", targets: ["SwitchyardSwiftRex"]),
        .library(name: "SwitchyardCombineRex", targets: ["SwitchyardCombineRex"]),
        .library(name: "SwitchyardPersistence", targets: ["SwitchyardPersistence"]),
        .library(name: "SwitchyardTracing", targets: ["SwitchyardTracing"]),
        .library(name: "SwitchyardMetrics", targets: ["SwitchyardMetrics"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
        .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
        // Combine where the platform lacks it (Linux, Android, Windows, WASI); only SwitchyardCombine uses it.
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        // SQLite, for SwitchyardPersistence only (the system's SQLite: `libsqlite3-dev` on Linux).
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // Tests only: the views' collections with swift-identified-collections' IdentifiedArray.
        .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
        // Networking for the inspector: the desktop inspector's server, and the app's connection to it.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // The desktop inspector's command line.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Documentation: `swift package generate-documentation --target Switchyard`; no target depends on it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Spans for SwitchyardTracing (and InMemoryTracing for its tests).
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        // Counters, timers and meters for SwitchyardMetrics (and MetricsTestKit for its tests).
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    ],
    targets: [
        // The core has no dependencies.
        .target(name: "Switchyard"),
        // The logger's output to swift-log, a separate product so that the core keeps no dependency.
        .target(
            name: "SwitchyardLogging",
            dependencies: ["Switchyard", .product(name: "Logging", package: "swift-log")]
        ),
        // Test tools, a separate product so that apps do not link them.
        .target(
            name: "SwitchyardTesting",
            dependencies: [
                "Switchyard",
                .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
                .product(name: "CustomDump", package: "swift-custom-dump"),
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
                // Lets IssueReporting find Swift Testing and XCTest on Linux, for every test target of a user.
                .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
            ]
        ),
        // Combine publishers and ObservableViewModel, a separate product so that the core keeps no dependency: Apple's
        // Combine where the platform has it, OpenCombine elsewhere.
        .target(
            name: "SwitchyardCombine",
            dependencies: [
                "Switchyard",
                .product(
                    name: "OpenCombine",
                    package: "OpenCombine",
                    condition: .when(platforms: [.linux, .android, .windows, .wasi])
                ),
            ]
        ),
        // The time-travel inspector, in the app: it records the store and connects out to the desktop inspector. A
        // separate product so that apps that do not import it pay nothing.
        .target(
            name: "SwitchyardInspector",
            dependencies: [
                "Switchyard",
                .product(name: "CustomDump", package: "swift-custom-dump"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ]
        ),
        // The desktop inspector: serves the page to the browser and accepts the apps' connections, on SwiftNIO.
        .target(
            name: "SwitchyardInspectorDesktop",
            dependencies: [
                "SwitchyardInspector",
                "Switchyard",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            resources: [.copy("Resources/index.html")]
        ),
        // `swift run switchyard-inspector`: the desktop inspector, and journals exported as tests.
        .executableTarget(
            name: "SwitchyardInspectorTool",
            dependencies: [
                "SwitchyardInspectorDesktop",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // A store's state kept in SQLite between launches: a snapshot and a journal of actions, on GRDB.
        .target(
            name: "SwitchyardPersistence",
            dependencies: [
                "Switchyard",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // A process that dispatches at full speed until it is killed, for the persistence crash tests.
        .executableTarget(
            name: "SwitchyardPersistenceCrashHarness",
            dependencies: ["SwitchyardPersistence", "Switchyard"],
            path: "Tests/SwitchyardPersistenceCrashHarness"
        ),
        // What the test targets share: waiting with a deadline, threads with a chosen stack. Not a product.
        .target(name: "SwitchyardTestSupport", dependencies: ["Switchyard"], path: "Tests/Support"),
        .testTarget(
            name: "SwitchyardPersistenceTests",
            dependencies: [
                "SwitchyardTestSupport",
                "SwitchyardPersistence", "Switchyard", "SwitchyardPersistenceCrashHarness", "SwitchyardInspector",
                "SwitchyardInspectorDesktop",
                .product(name: "GRDB", package: "GRDB.swift"),
                // The whole-app article's snippets use every product an app links.
                "SwitchyardTesting", "SwitchyardTracing", "SwitchyardMetrics", "SwitchyardLogging",
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // What exists only so that code written for SwiftRex and BridgeMiddleware compiles with the import changed.
        .target(name: "SwitchyardSwiftRex", dependencies: ["Switchyard"]),
        // CombineRex's effect layer (`EffectMiddleware`, `Effect`, `FireAndForget`) for code written for SwiftRex 0.8:
        // it brings SwitchyardSwiftRex, SwitchyardCombine and Foundation, as `import CombineRex` did.
        .target(name: "SwitchyardCombineRex", dependencies: ["SwitchyardSwiftRex", "SwitchyardCombine"]),
        .testTarget(
            name: "SwitchyardInspectorTests",
            dependencies: [
                "SwitchyardTestSupport",
                "SwitchyardInspector", "SwitchyardInspectorDesktop", "Switchyard",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "SwitchyardTests",
            dependencies: [
                "SwitchyardTestSupport",
                "Switchyard", "SwitchyardTesting",
                .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
            ]
        ),
        .testTarget(
            name: "SwitchyardLoggingTests",
            dependencies: ["SwitchyardLogging", "Switchyard", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(
            name: "SwitchyardTestingTests",
            dependencies: [
                "Switchyard", "SwitchyardTesting",
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
            ]
        ),
        // The compatibility product in Swift 6 language mode: its operators and its reactive types under contention.
        .testTarget(name: "SwitchyardSwiftRexTests", dependencies: ["SwitchyardTestSupport", "SwitchyardSwiftRex"]),
        // Code written the SwiftRex 0.8 and BridgeMiddleware 0.1.3 way, against the compatibility product, compiled in
        // Swift 5 language mode as such apps still are.
        .testTarget(
            name: "SwiftRexCompatibilityTests",
            dependencies: ["SwitchyardSwiftRex"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // CombineRex's effect layer, tested as SwiftRex apps use it: with `import SwitchyardCombineRex` alone, in Swift 5
        // language mode.
        .testTarget(
            name: "SwitchyardCombineRexTests",
            dependencies: ["SwitchyardTestSupport", "SwitchyardCombineRex"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "SwitchyardCombineTests",
            dependencies: [
                "SwitchyardTestSupport",
                "SwitchyardCombine",
                "Switchyard",
                .product(
                    name: "OpenCombine",
                    package: "OpenCombine",
                    condition: .when(platforms: [.linux, .android, .windows, .wasi])
                ),
            ]
        ),
        // A span per action on swift-distributed-tracing, a separate product so that the core keeps no dependency.
        .target(
            name: "SwitchyardTracing",
            dependencies: ["Switchyard", .product(name: "Tracing", package: "swift-distributed-tracing")]
        ),
        .testTarget(
            name: "SwitchyardTracingTests",
            dependencies: [
                "SwitchyardTestSupport",
                "SwitchyardTracing", "Switchyard",
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                // The Tracing and metrics article's snippets use both products.
                "SwitchyardMetrics",
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ]
        ),
        // Counters, timers and meters per store on swift-metrics, a product of its own so that an app that only
        // counts does not link the tracer's API, and one that only traces does not link swift-metrics.
        .target(
            name: "SwitchyardMetrics",
            dependencies: ["Switchyard", .product(name: "CoreMetrics", package: "swift-metrics")]
        ),
        .testTarget(
            name: "SwitchyardMetricsTests",
            dependencies: [
                "SwitchyardTestSupport",
                "SwitchyardMetrics", "Switchyard",
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
