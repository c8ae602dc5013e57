import Switchyard

/// A middleware that reads the state before the reducer and has nothing to do after it.
struct StateReadingMiddleware: MiddlewareProtocol, Sendable {
    // Implemented, though empty, because the protocol's default implementation is deprecated and using it warns.
    func receiveContext(getState: @escaping GetState<Counter>, output: AnyActionHandler<CounterAction>) {}

    func handle(
        action: CounterAction,
        from dispatcher: ActionSource,
        state: @escaping GetState<Counter>
    ) -> IO<CounterAction> {
        precondition(state().count >= 0)
        return .pure()
    }
}

/// W2: the counter store behind ten middlewares composed with `<>`, each reading the state.
package final class ComposedMiddlewareWorkload: Workload {
    package static let name = "w2"
    private let store: Store<CounterAction, Counter>

    package init() {
        let m = StateReadingMiddleware()
        let tenMiddlewares = m <> m <> m <> m <> m <> m <> m <> m <> m <> m
        store = Store(initialState: Counter(), reducer: .counter, middleware: tenMiddlewares)
    }

    package func run(_ count: Int) {
        let expected = store.state.count + count
        for _ in 0..<count {
            store.dispatch(.increment)
        }
        precondition(store.state.count == expected, "the store lost actions")
    }
}
