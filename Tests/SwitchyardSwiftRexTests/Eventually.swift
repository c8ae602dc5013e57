import Foundation

/// Polls `condition`, suspending between polls, until it holds or a minute passes; returns whether it held.
func eventually(_ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(60)
    while !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return true
}
