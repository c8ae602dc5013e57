// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Switchyard",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Switchyard", targets: ["Switchyard"]),
        .library(name: "SwitchyardLogging", targets: ["SwitchyardLogging"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(name: "Switchyard"),
        .target(
            name: "SwitchyardLogging",
            dependencies: ["Switchyard", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(name: "SwitchyardTests", dependencies: ["Switchyard"]),
        .testTarget(
            name: "SwitchyardLoggingTests",
            dependencies: ["SwitchyardLogging", "Switchyard", .product(name: "Logging", package: "swift-log")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
