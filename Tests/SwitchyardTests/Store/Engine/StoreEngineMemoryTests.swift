import Foundation
import SwitchyardTestSupport
import Testing

@testable import Switchyard

/// After a backlog drains, the store gives the queue's memory back.
@Suite struct StoreEngineMemoryTests {
    enum Action: Sendable, Equatable {
        case block
        case work
    }

    @Test func theQueueGivesItsMemoryBackOnceABacklogHasDrained() async {
        let release = DispatchSemaphore(value: 0)
        let blocked = Counter()
        let middleware: AnyMiddleware<Action, Action, Int> = blockingMiddleware(
            on: .block,
            blocked: blocked,
            release: release
        )
        let store = Store(
            initialState: 0,
            reducer: Reducer { action, state in if action == .work { state += 1 } },
            middleware: middleware
        )
        startThreads(1) { _ in store.dispatch(.block) }
        await waitUntil { blocked.value == 1 }
        let backlog = 20_000
        let producer = startThreads(1) { _ in
            for _ in 0..<backlog { store.dispatch(.work) }
        }
        await waitUntil { producer.value == 1 }
        let grown = store.core.engine.withLock { $0.queue.capacity }
        #expect(grown >= backlog)
        release.signal()
        await waitUntil { store.state == backlog }
        await waitUntil { store.core.engine.withLock { $0.phase == .idle } }
        let queue = store.core.engine.withLock { $0.queue.capacity }
        #expect(queue <= EngineLimits.standard.retainedQueueCapacity)
    }
}
