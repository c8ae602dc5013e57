import Switchyard

/// A middleware with nothing to do: it returns `.pure()` without reading the state.
struct PureMiddleware: MiddlewareProtocol, Sendable {
    // Implemented, though empty, because the protocol's default implementation is deprecated and using it warns.
    func receiveContext(getState: @escaping GetState<Counter>, output: AnyActionHandler<CounterAction>) {}

    func handle(
        action: CounterAction,
        from dispatcher: ActionSource,
        state: @escaping GetState<Counter>
    ) -> IO<CounterAction> {
        .pure()
    }
}

/// W7: the counter store behind ten thousand middlewares composed with `<>`, each returning `.pure()`: what a
/// dispatch costs per middleware in a very large composition.
package final class TenThousandMiddlewaresWorkload: Workload {
    package static let name = "w7"
    private let store: Store<CounterAction, Counter>

    package init() {
        let middlewares = Array(repeating: PureMiddleware(), count: 10_000)
        let composed = middlewares.reduce(ComposedMiddleware.identity) { $0 <> $1 }
        store = Store(initialState: Counter(), reducer: .counter, middleware: composed)
    }

    package func run(_ count: Int) {
        let expected = store.state.count + count
        for _ in 0..<count {
            store.dispatch(.increment)
        }
        precondition(store.state.count == expected, "the store lost actions")
    }
}
