import Testing

/// Polls `condition` until it holds or `timeout` passes; `true` when it held. The long default timeout is for the
/// ThreadSanitizer run, which is many times slower: a test that passes waits only as long as it needs.
func eventually(timeout: Duration = .seconds(300), _ condition: () async -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while await !condition() {
        if clock.now >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return true
}

/// Polls `condition` until it holds, and records an issue if it never does.
func waitUntil(
    timeout: Duration = .seconds(300),
    _ condition: () async -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation
) async {
    if await !eventually(timeout: timeout, condition) {
        Issue.record("The condition never held", sourceLocation: sourceLocation)
    }
}
