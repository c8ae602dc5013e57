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

/// The store of W3e and W3s: a counter whose every action goes through a hundred lifted middlewares, appended one at
/// a time with `<>`, each action `.m42`, which exactly one of them handles.
struct HundredLiftsCounter {
    private let store: Store<ManyAction, Counter>

    init(_ lifted: [AnyMiddleware<ManyAction, ManyAction, Counter>]) {
        precondition(lifted.count == 100)
        store = Store(
            initialState: Counter(),
            reducer: Reducer { _, state in state.count += 1 },
            middleware: appendingOneAtATime(lifted)
        )
    }

    /// Dispatches `.m42(1)` `count` times, and checks that the reducer saw each.
    func dispatch(_ count: Int) {
        let expected = store.state.count + count
        for _ in 0..<count {
            store.dispatch(.m42(1))
        }
        precondition(store.state.count == expected, "the store lost actions")
    }
}
