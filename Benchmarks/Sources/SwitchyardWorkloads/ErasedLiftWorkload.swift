import Switchyard

/// A middleware of a part of the app with a state of its own: it handles the part's local action, reads the part's
/// state, and does nothing after the reducer.
struct LocalCountReadingMiddleware: MiddlewareProtocol, Sendable {
    // Implemented, though empty, because the protocol's default implementation is deprecated and using it warns.
    func receiveContext(getState: @escaping GetState<Int>, output: AnyActionHandler<Int>) {}

    func handle(action: Int, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<Int> {
        precondition(state() >= 0)
        return .pure()
    }
}

/// W3e: W3's hundred middlewares as apps write them: each lifted with closure literals at the call site,
/// `m.lift(inputAction: { … }, outputAction: { … }, state: { … })`, erased with `eraseToAnyMiddleware()`, and
/// appended one at a time with `<>`; every action reaches all of them and exactly one (the one of `.m42`) handles it.
package final class ErasedLiftWorkload: Workload {
    package static let name = "w3e"
    private let store: Store<ManyAction, Counter>

    package init() {
        let m = LocalCountReadingMiddleware()
        let lifted = Self.liftedCases0to49(m) + Self.liftedCases50to99(m)
        precondition(lifted.count == 100)
        store = Store(
            initialState: Counter(),
            reducer: .reduce { _, state in state.count += 1 },
            middleware: appendingOneAtATime(lifted)
        )
    }

    package func run(_ count: Int) {
        let expected = store.state.count + count
        for _ in 0..<count {
            store.dispatch(.m42(1))
        }
        precondition(store.state.count == expected, "the store lost actions")
    }
}
