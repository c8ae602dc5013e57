import Switchyard

/// W2e: W2's ten middlewares as apps often assemble them: each erased with `eraseToAnyMiddleware()`, then appended
/// one at a time with `<>`, the composition erased again after each step so that it keeps one type.
package final class ErasedMiddlewareWorkload: Workload {
    package static let name = "w2e"
    private let store: Store<CounterAction, Counter>

    package init() {
        let erased = (0..<10).map { _ in StateReadingMiddleware().eraseToAnyMiddleware() }
        store = Store(initialState: Counter(), reducer: .counter, middleware: appendingOneAtATime(erased))
    }

    package func run(_ count: Int) {
        let expected = store.state.count + count
        for _ in 0..<count {
            store.dispatch(.increment)
        }
        precondition(store.state.count == expected, "the store lost actions")
    }
}

/// `middlewares` composed the way a loop over erased middlewares does it: `m = (m <> next).eraseToAnyMiddleware()`.
func appendingOneAtATime<Action, State>(
    _ middlewares: [AnyMiddleware<Action, Action, State>]
) -> AnyMiddleware<Action, Action, State> {
    var composed = middlewares[0]
    for middleware in middlewares.dropFirst() {
        composed = (composed <> middleware).eraseToAnyMiddleware()
    }
    return composed
}
