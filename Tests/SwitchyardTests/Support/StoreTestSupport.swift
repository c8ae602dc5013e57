import Foundation
import Switchyard
import SwitchyardTestSupport
import Synchronization
import Testing

/// A thread-safe counter.
final class Counter: Sendable {
    private let storage: Atomic<Int>

    init(_ value: Int = 0) {
        storage = Atomic(value)
    }

    var value: Int { storage.load(ordering: .sequentiallyConsistent) }

    @discardableResult
    func increment() -> Int {
        storage.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
    }

    @discardableResult
    func decrement() -> Int {
        storage.wrappingSubtract(1, ordering: .sequentiallyConsistent).newValue
    }
}

/// Starts `count` Foundation threads that run `body(index)` together (they wait at a gate until all have started)
/// and returns a counter of the threads that have finished; wait for it with ``eventually(timeout:_:)``.
@discardableResult
func startThreads(
    _ count: Int,
    stackSize: Int? = nil,
    _ body: @escaping @Sendable (Int) -> Void
) -> Counter {
    let finished = Counter()
    let gate = DispatchGroup()
    gate.enter()
    for index in 0..<count {
        let thread = Thread {
            gate.wait()
            body(index)
            finished.increment()
        }
        if let stackSize { thread.stackSize = stackSize }
        thread.start()
    }
    gate.leave()
    return finished
}

/// A number that identifies the calling thread while it runs.
func currentThreadNumber() -> UInt {
    #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
    #else
        UInt(pthread_self())
    #endif
}

/// A middleware whose IO for `action` counts itself in `blocked`, then blocks its thread until `release` is
/// signalled: it holds the store busy while a test queues actions behind it.
func blockingMiddleware<Action: Equatable & Sendable, State>(
    on action: Action,
    blocked: Counter,
    release: DispatchSemaphore
) -> AnyMiddleware<Action, Action, State> {
    AnyMiddleware { handled, _, _ in
        guard handled == action else { return .pure() }
        return IO { _ in
            blocked.increment()
            release.wait(orRecordAfter: defaultWaitTimeout)
        }
    }
}

extension Store {
    /// Commits `change` out of band through a probe attached for the call, as a tool travelling in time does.
    func commitOutOfBand(_ change: @escaping @Sendable (inout State) -> Void) async -> Bool {
        let registration = attach(StoreProbe())
        defer { registration.detach() }
        return await registration.commitOutOfBand { state, _ in change(&state) }
    }
}
