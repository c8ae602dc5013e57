// swift-tools-version: 6.1
import PackageDescription

// The examples live in their own package, depending on Switchyard by path, so that library users never fetch the
// examples' dependencies.
let package = Package(
    name: "SwitchyardExamples",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        // InspectorExample's app code, for tests in other packages.
        .library(name: "InspectorExampleApp", targets: ["InspectorExampleApp"])
    ],
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
        // A to-do list whose state survives runs, in a SQLite file.
        .executableTarget(
            name: "TodoExample",
            dependencies: [
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "SwitchyardPersistence", package: "Switchyard"),
            ]
        ),
        // A search screen's state, actions and reducer, which the two examples below share.
        .target(name: "MovieSearch", dependencies: [.product(name: "Switchyard", package: "Switchyard")]),
        // Observable views driven by a script of actions: which views each action re-renders.
        .executableTarget(
            name: "ViewsExample",
            dependencies: ["MovieSearch", .product(name: "Switchyard", package: "Switchyard")]
        ),
        // The same kind of views in a SwiftUI app (Apple platforms): a debounced search, scoped rows, a binding.
        .executableTarget(
            name: "SearchApp",
            dependencies: ["MovieSearch", .product(name: "Switchyard", package: "Switchyard")]
        ),
        // The search-and-favorites app with the inspector attached and a scripted user; open the printed address.
        // The app's code is a library of its own, public, so that tests can use it.
        .target(
            name: "InspectorExampleApp",
            dependencies: [
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "CasePaths", package: "swift-case-paths"),
            ]
        ),
        .executableTarget(
            name: "InspectorExample",
            dependencies: [
                "InspectorExampleApp",
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "SwitchyardInspector", package: "Switchyard"),
                .product(name: "SwitchyardPersistence", package: "Switchyard"),
            ]
        ),
        // Tests of the app with TestStore. Tests/Browser/exported_test.sh writes the test that the inspector exports
        // from a running InspectorExample into Exported/ (ignored by git), then runs it here.
        .testTarget(
            name: "InspectorExampleTests",
            dependencies: [
                "InspectorExampleApp",
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "SwitchyardTesting", package: "Switchyard"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
