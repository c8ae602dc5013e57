import Switchyard

/// A middleware of a part of the app: it handles the part's local action, reads the state, and does nothing after
/// the reducer.
struct LocalStateReadingMiddleware: MiddlewareProtocol, Sendable {
    // Implemented, though empty, because the protocol's default implementation is deprecated and using it warns.
    func receiveContext(getState: @escaping GetState<Counter>, output: AnyActionHandler<Int>) {}

    func handle(action: Int, from dispatcher: ActionSource, state: @escaping GetState<Counter>) -> IO<Int> {
        precondition(state().count >= 0)
        return .pure()
    }
}

/// W3: one hundred middlewares, each lifted to one case of ``ManyAction`` with `lift(inputAction:outputAction:)`;
/// every action reaches all of them and exactly one (the one of `.m42`) handles it.
package final class LiftedMiddlewareWorkload: Workload {
    package static let name = "w3"
    private let store: HundredLiftedMiddlewaresStore

    package init() {
        let lifted = ManyAction.cases.map { actionCase in
            LocalStateReadingMiddleware().lift(inputAction: actionCase.extract, outputAction: actionCase.embed)
        }
        store = HundredLiftedMiddlewaresStore(lifted)
    }

    package func run(_ count: Int) {
        store.run(count)
    }
}

/// The store of W3 for its hundred lifted middlewares, whichever way they were lifted, and the loop that drives it.
struct HundredLiftedMiddlewaresStore {
    private let store: Store<ManyAction, Counter>

    init(_ lifted: [LiftMiddleware<ManyAction, ManyAction, Counter, LocalStateReadingMiddleware>]) {
        let hundredMiddlewares = lifted.reduce(ComposedMiddleware.identity) { $0 <> $1 }
        store = Store(
            initialState: Counter(),
            reducer: Reducer { _, state in state.count += 1 },
            middleware: hundredMiddlewares
        )
    }

    /// Dispatches `.m42` `count` times and checks that the store processed every one.
    func run(_ count: Int) {
        let expected = store.state.count + count
        for _ in 0..<count {
            store.dispatch(.m42(1))
        }
        precondition(store.state.count == expected, "the store lost actions")
    }
}
