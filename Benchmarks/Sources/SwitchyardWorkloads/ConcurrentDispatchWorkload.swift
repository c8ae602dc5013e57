import Dispatch
import Foundation
import Switchyard

/// W1's counter store fed by several threads at once: each run starts ``threadCount`` threads, releases them
/// together, and each dispatches its share of the actions. A run ends once every thread has finished and the state
/// shows every action, so its time, divided by the number of actions, is the aggregate cost of one action.
///
/// The threads are started inside the run: a few tens of microseconds each, against a run of a million actions.
package class ConcurrentDispatchWorkload: Workload {
    /// The workload's name; each subclass has its own.
    package class var name: String { "threads\(threadCount)" }
    /// How many threads dispatch at once.
    package class var threadCount: Int { 2 }

    private let store = Store(initialState: Counter(), reducer: .counter)

    /// Creates the store.
    package required init() {}

    package func run(_ count: Int) {
        let threads = Self.threadCount
        let expected = store.state.count + count
        let start = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        for thread in 0..<threads {
            // The first threads take the remainder, so that the shares add up to `count`.
            let share = count / threads + (thread < count % threads ? 1 : 0)
            let store = self.store
            finished.enter()
            Thread.detachNewThread {
                start.wait()
                for _ in 0..<share {
                    store.dispatch(.increment)
                }
                finished.leave()
            }
        }
        for _ in 0..<threads { start.signal() }
        finished.wait()
        // A thread returns from `dispatch` once its action is queued; the thread processing the queue may still be
        // working, so wait until the state shows every action.
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while store.state.count != expected {
            precondition(ContinuousClock.now < deadline, "the store lost actions")
            sched_yield()
        }
    }
}

/// Two threads dispatching into one store.
package final class TwoThreadsWorkload: ConcurrentDispatchWorkload {
    override package class var threadCount: Int { 2 }
}

/// Four threads dispatching into one store.
package final class FourThreadsWorkload: ConcurrentDispatchWorkload {
    override package class var threadCount: Int { 4 }
}

/// Eight threads dispatching into one store.
package final class EightThreadsWorkload: ConcurrentDispatchWorkload {
    override package class var threadCount: Int { 8 }
}
