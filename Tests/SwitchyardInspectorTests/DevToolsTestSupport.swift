import Foundation
import Switchyard
import SwitchyardTestSupport

@testable import SwitchyardInspector

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
    func receives(after count: Int, within timeout: Duration = defaultWaitTimeout) async -> Bool {
        await eventually(timeout: timeout) { self.count > count }
    }

    func stop() {
        recorder.stopListening(id)
        reader.cancel()
    }
}
