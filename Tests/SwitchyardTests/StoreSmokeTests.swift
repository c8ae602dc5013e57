import Dispatch
import Switchyard
import Testing

@Suite struct StoreSmokeTests {
    enum Action: Sendable, Equatable { case increment, chain(Int) }

    @Test func eightThreadsOfConcurrentDispatchesAreAllProcessed() {
        let store = Store(
            initialState: 0,
            reducer: Reducer<Action, Int>.reduce { action, state in
                if case .increment = action { state += 1 }
            }
        )
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { store.dispatch(.increment) }
        }
        #expect(store.state == 80_000)
    }

    @Test func ioChainRunsIterativelyNotRecursively() {
        let middleware = AnyMiddleware<Action, Action, Int> { action, _, _ in
            guard case .chain(let remaining) = action, remaining > 0 else { return .pure() }
            return IO { output in output.dispatch(.chain(remaining - 1)) }
        }
        let store = Store(
            initialState: 0,
            reducer: .reduce { _, state in state += 1 },
            middleware: middleware
        )
        store.dispatch(.chain(100_000))
        #expect(store.state == 100_001)
    }
}
