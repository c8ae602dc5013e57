import Switchyard
import SwitchyardTestSupport
import Synchronization
import Testing

/// Stack use does not grow with the number of IO-returning middlewares of one action, however they reach the store.
@Suite struct StoreStackTests {
    enum Action: Sendable, Equatable { case go }

    @Test func tenThousandIOReturningRuntimeMiddlewaresRunOnASmallStack() {
        let ran = Counter()
        let store = Store(initialState: 0, reducer: Reducer { (_: Action, state: inout Int) in state += 1 })
        for _ in 0..<10_000 {
            _ = store.runtimeMiddlewares.addAfterReducer(extract: { $0 }) { _, _, _, _ in ran.increment() }
        }
        runOnThread { store.dispatch(.go) }
        #expect(ran.value == 10_000)
        #expect(store.state == 1)
    }

    @Test func tenThousandErasedMiddlewaresComposedOneAtATimeRunOnASmallStack() {
        let ran = Counter()
        let one = AnyMiddleware<Action, Action, Int> { _, _, _ in IO { _ in ran.increment() } }
        var composed = one
        for _ in 1..<10_000 { composed = (composed <> one).eraseToAnyMiddleware() }
        let store = Store(
            initialState: 0,
            reducer: Reducer { (_: Action, state: inout Int) in state += 1 },
            middleware: composed
        )
        runOnThread { store.dispatch(.go) }
        #expect(ran.value == 10_000)
    }
}
