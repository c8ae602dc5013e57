// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Switchyard",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Switchyard", targets: ["Switchyard"])
    ],
    targets: [
        .target(name: "Switchyard"),
        .testTarget(name: "SwitchyardTests", dependencies: ["Switchyard"]),
    ],
    swiftLanguageModes: [.v6]
)
