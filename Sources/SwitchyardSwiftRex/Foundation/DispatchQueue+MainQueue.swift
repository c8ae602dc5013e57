import Foundation
import Switchyard

// SwiftRex's internal main-queue helpers, kept internal as SwiftRex had them: its pipeline wrapper used them, and
// tests written against SwiftRex reach them with `@testable import`. Here the main queue is recognised from the
// moment the program starts; `setMainQueueID()` is kept for code that calls it and has nothing left to do.
extension DispatchQueue {
    /// Whether the caller runs on the main queue.
    static var isMainQueue: Bool { MainThread.isCurrent }

    /// Marks the main queue, for code written against SwiftRex, which needed it before `isMainQueue` answered true.
    /// The main queue is always recognised here, so there is nothing to mark.
    static func setMainQueueID() {}

    /// Runs `block` now when the caller is on the main queue, and otherwise on a later turn of the main queue.
    static func asap(_ block: @escaping () -> Void) {
        if isMainQueue {
            block()
        } else {
            // As in SwiftRex, the block is not required to be `Sendable`: it runs on the main queue only.
            nonisolated(unsafe) let block = block
            DispatchQueue.main.async { block() }
        }
    }
}
