// swift-tools-version: 6.1
import PackageDescription

// The examples live in their own package, depending on Switchyard by path, so that library users never fetch the
// examples' dependencies.
let package = Package(
    name: "SwitchyardExamples",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "Switchyard", path: ".."),
        .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    ],
    targets: [
        // Two independent middlewares, bridged, with the logger.
        .target(
            name: "AppLifecycleMiddleware",
            dependencies: [
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "CasePaths", package: "swift-case-paths"),
            ]
        ),
        .target(
            name: "ReachabilityMiddleware",
            dependencies: [
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "CasePaths", package: "swift-case-paths"),
            ]
        ),
        .executableTarget(
            name: "BridgeExample",
            dependencies: [
                "AppLifecycleMiddleware",
                "ReachabilityMiddleware",
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "CasePaths", package: "swift-case-paths"),
            ]
        ),
        // The state module creates the store; the app module, which depends on it, injects side effects.
        .target(name: "CounterState", dependencies: [.product(name: "Switchyard", package: "Switchyard")]),
        .executableTarget(
            name: "InjectionExample",
            dependencies: ["CounterState", .product(name: "Switchyard", package: "Switchyard")]
        ),
        // Observable views driven by a script of actions: which views each action re-renders.
        .executableTarget(name: "ViewsExample", dependencies: [.product(name: "Switchyard", package: "Switchyard")]),
        // The same kind of views in a SwiftUI app (Apple platforms): a debounced search, scoped rows, a binding.
        .executableTarget(name: "SearchApp", dependencies: [.product(name: "Switchyard", package: "Switchyard")]),
        // The search-and-favorites app with the inspector attached and a scripted user; open the printed address.
        .executableTarget(
            name: "InspectorExample",
            dependencies: [
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "SwitchyardInspector", package: "Switchyard"),
                .product(name: "CasePaths", package: "swift-case-paths"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
