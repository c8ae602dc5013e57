import Foundation
import SwitchyardTestSupport
import Testing

/// Where a callback-style API calls back an effect that handed it its output.
enum HandOff: String, CaseIterable, Sendable {
    /// On a thread of its own.
    case thread
    /// On a `DispatchQueue`.
    case dispatchQueue
    /// In an unstructured `Task {}` that the effect started, which does not share the effect's cancellation.
    case innerTask
}

/// A callback that an effect registers and the test fires later, where ``HandOff`` says: what a callback-based API
/// does with the closures it is given.
final class LaterCallback: Sendable {
    private let handOff: HandOff
    private let callback = Box<(@Sendable () -> Void)?>(nil)
    private let gate = Events<@Sendable () -> Void>()

    init(_ handOff: HandOff) {
        self.handOff = handOff
    }

    /// Keeps `body` for ``fire()``; for ``HandOff/innerTask``, starts the task that will run it.
    func register(_ body: @escaping @Sendable () -> Void) {
        switch handOff {
        case .thread, .dispatchQueue:
            callback.value = body
        case .innerTask:
            let gate = self.gate
            Task {
                for await done in gate.stream {
                    body()
                    done()
                    return
                }
            }
        }
    }

    /// Runs the registered callback where ``HandOff`` says and returns once it has run; records an issue at the caller
    /// when it has not within `timeout` (a callback that a regression blocks fails the test instead of hanging it).
    func fire(within timeout: Duration = defaultWaitTimeout, sourceLocation: SourceLocation = #_sourceLocation) async {
        let firing = Task { await run() }
        if await value(of: firing, within: timeout) == nil {
            Issue.record("The callback did not return within \(timeout)", sourceLocation: sourceLocation)
        }
    }

    /// Runs the registered callback where ``HandOff`` says and returns once it has run.
    private func run() async {
        let body = callback.value
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            switch handOff {
            case .thread:
                Thread.detachNewThread {
                    body?()
                    continuation.resume()
                }
            case .dispatchQueue:
                DispatchQueue(label: "LaterCallback").async {
                    body?()
                    continuation.resume()
                }
            case .innerTask:
                gate.send { continuation.resume() }
            }
        }
    }
}
