import Foundation
import Switchyard

@testable import SwitchyardInspector

/// Waits for `condition`, polling, at most `seconds`; whether it became true.
func eventually(seconds: Double = 5, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return true
}

/// A page's listener on a recorder: counts the signals it gets, acknowledging each as the page's updates do.
final class SignalCounter<Action: Sendable, State: Sendable>: Sendable {
    private let recorder: Recorder<Action, State>
    private let id: UInt64
    private let received = LockedValue(0)
    private let reader: Task<Void, Never>

    init(_ inspector: StoreInspector<Action, State>) {
        let recorder = inspector.recorder
        let (id, changes) = recorder.listen()
        let received = received
        self.recorder = recorder
        self.id = id
        reader = Task {
            for await _ in changes {
                recorder.acknowledgeSignal()
                received.withLock { $0 += 1 }
            }
        }
    }

    /// How many signals arrived so far.
    var count: Int { received.withLock { $0 } }

    /// Whether more than `count` signals arrive within `seconds`.
    func receives(after count: Int, within seconds: Double = 5) async -> Bool {
        await eventually(seconds: seconds) { self.count > count }
    }

    func stop() {
        recorder.stopListening(id)
        reader.cancel()
    }
}
