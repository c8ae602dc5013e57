#!/usr/bin/env bash
# What linking the inspector adds to an app: two apps of one file each, in packages of their own that depend on this
# checkout by path, one with the store alone and one that also attaches an inspector and connects it to the desktop
# inspector. Each is built in release mode from a clean build folder; the script prints each clean build's time and
# its stripped binary's size. Usage: Benchmarks/inspector-link-cost.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

make_app() {
    local name="$1" products="$2" source="$3"
    mkdir -p "$work/$name/Sources/$name"
    cat >"$work/$name/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "$name",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Switchyard", path: "$root")],
    targets: [.executableTarget(name: "$name", dependencies: [$products])]
)
SWIFT
    printf '%s\n' "$source" >"$work/$name/Sources/$name/main.swift"
}

make_app Plain '.product(name: "Switchyard", package: "Switchyard")' '
import Switchyard
enum Action: Sendable { case tick }
let store = Store(initialState: 0, reducer: Reducer<Action, Int>.reduce { _, state in state += 1 })
store.dispatch(.tick)
print(store.state)'

make_app Inspected '.product(name: "Switchyard", package: "Switchyard"), .product(name: "SwitchyardInspector", package: "Switchyard")' '
import Foundation
import Switchyard
import SwitchyardInspector
enum Action: Sendable { case tick }
let store = Store(initialState: 0, reducer: Reducer<Action, Int>.reduce { _, state in state += 1 })
let inspector = StoreInspector(inspecting: store)
if let desktop = InspectorDesktop(environment: ProcessInfo.processInfo.environment) {
    inspector.connect(to: desktop)
}
store.dispatch(.tick)
print(store.state)'

for app in Plain Inspected; do
    start=$(date +%s.%N)
    swift build -c release --package-path "$work/$app" >"$work/$app.log" 2>&1 || { cat "$work/$app.log" >&2; exit 1; }
    seconds=$(echo "$(date +%s.%N) - $start" | bc)
    binary="$(swift build -c release --package-path "$work/$app" --show-bin-path)/$app"
    cp "$binary" "$work/$app.stripped"
    strip "$work/$app.stripped"
    printf '%-10s clean release build %6.1f s, binary %6.2f MB (stripped %6.2f MB)\n' "$app" "$seconds" \
        "$(echo "$(stat -c %s "$binary") / 1048576" | bc -l)" "$(echo "$(stat -c %s "$work/$app.stripped") / 1048576" | bc -l)"
done
