import Testing

/// Waits until `condition` holds, checking every millisecond; records an issue if it still does not hold after
/// ten seconds. A wait for something that happens on other threads, not a timing assertion.
func waitUntil(
    _ condition: () async -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation
) async {
    let deadline = ContinuousClock.now.advanced(by: .seconds(10))
    while ContinuousClock.now < deadline {
        if await condition() { return }
        try? await Task.sleep(for: .milliseconds(1))
    }
    Issue.record("The condition never held", sourceLocation: sourceLocation)
}
