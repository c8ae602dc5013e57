import Switchyard

/// W3e: W3's hundred middlewares as apps write them: each lifted with closure literals at the call site,
/// `m.lift(inputAction: { … }, outputAction: { … })`, erased with `eraseToAnyMiddleware()`, and appended one at a
/// time with `<>`; every action reaches all of them and exactly one (the one of `.m42`) handles it.
package final class ErasedLiftWorkload: Workload {
    package static let name = "w3e"
    private let store: Store<ManyAction, Counter>

    package init() {
        let m = LocalStateReadingMiddleware()
        let lifted = erasedLiftsOfCases0to49(m) + erasedLiftsOfCases50to99(m)
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
