// swift-tools-version: 6.2
import PackageDescription

// Switchyard's tracing and metrics exported to real collectors: spans over OTLP/HTTP with swift-otel, metrics in the
// Prometheus text format with swift-prometheus. A package of its own, depending on Switchyard by path, so that
// neither the library's build nor the other examples' fetch or build these dependencies.
// `.ci/observability.sh` builds it and runs it against a receiver on loopback.
let package = Package(
    name: "SwitchyardObservabilityExample",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Switchyard", path: "../.."),
        // OTLP over HTTP only: the gRPC exporter's dependencies are not built.
        .package(url: "https://github.com/swift-otel/swift-otel", from: "1.6.0", traits: ["OTLPHTTP"]),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .executableTarget(
            name: "ObservabilityExample",
            dependencies: [
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "SwitchyardTracing", package: "Switchyard"),
                .product(name: "SwitchyardMetrics", package: "Switchyard"),
                .product(name: "OTel", package: "swift-otel"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Logging", package: "swift-log"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
