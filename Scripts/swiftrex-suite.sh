#!/usr/bin/env bash
# Runs SwiftRex 0.8.9's own test suites (SwiftRexTests and SwiftRexDeprecationTests) against SwitchyardSwiftRex, with
# only their imports changed: `import SwiftRex` and `@testable import SwiftRex` become the same imports of
# SwitchyardSwiftRex. Prints XCTest's summary: how many ran, how many failed.
#
#     bash Scripts/swiftrex-suite.sh PATH_TO_A_SWIFTREX_CHECKOUT [REVISION]
#
# REVISION defaults to 4ed022dd, the commit that released 0.8.9. Needs git and the network only to get the checkout
# (`git clone https://github.com/SwiftRex/SwiftRex`). The suites are copied into a package of their own, in a
# temporary folder, which depends on this repository by path.
#
# Left out on Linux: ReduxPipelineWrapperTests (both suites, 6 tests each), which call the Objective-C runtime's
# `autoreleasepool`. Two tests fail by design: `DispatchedAction(action)` records `#fileID` as its file, where
# SwiftRex recorded `#file` (see the SwiftRex migration guide). One more fails now and then:
# `testDispatchAsapFromGlobalQueue` (deprecation suite) expects a global queue's thread to fulfil its expectation
# before the main queue runs the block it handed over, which an idle main thread may run first (2 runs in 4 here).
set -euo pipefail
repository="$(cd "$(dirname "$0")/.." && pwd)"
checkout=${1:?"usage: $0 PATH_TO_A_SWIFTREX_CHECKOUT [REVISION]"}
revision=${2:-4ed022dd}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git -C "$checkout" archive "$revision" Tests/SwiftRexTests Tests/SwiftRexDeprecationTests | tar -x -C "$work"
find "$work/Tests" -name "*.swift" -print0 | xargs -0 sed -i.original \
    -e 's/^@testable import SwiftRex$/@testable import SwitchyardSwiftRex/' \
    -e 's/^import SwiftRex$/import SwitchyardSwiftRex/'
find "$work/Tests" -name "*.original" -delete
if [[ $(uname) == Linux ]]; then
    rm "$work"/Tests/{SwiftRexTests,SwiftRexDeprecationTests}/CoreTypes/StoreImplementations/ReduxPipelineWrapperTests.swift
fi
cat >"$work/Package.swift" <<SWIFT
// swift-tools-version:5.10
import PackageDescription

let package = Package(
    name: "SwiftRexSuites",
    dependencies: [.package(name: "Switchyard", path: "$repository")],
    targets: [
        .testTarget(name: "SwiftRexTests", dependencies: [.product(name: "SwitchyardSwiftRex", package: "Switchyard")]),
        .testTarget(
            name: "SwiftRexDeprecationTests",
            dependencies: [.product(name: "SwitchyardSwiftRex", package: "Switchyard")]
        ),
    ]
)
SWIFT
cd "$work"
swift build --build-tests
swift test --skip-build >"$work/test.log" 2>&1 || true
# The failures, then XCTest's summary of all the suites (its last "Executed" line).
grep -E ": error: " "$work/test.log" || true
grep -E "Executed .* tests" "$work/test.log" | tail -1
