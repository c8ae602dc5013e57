import Switchyard

/// W1: a counter store with one reducer and no middleware.
package final class CounterWorkload: Workload {
    package static let name = "w1"
    private let store = Store(initialState: Counter(), reducer: .counter)

    package init() {}

    package func run(_ count: Int) {
        let expected = store.state.count + count
        for _ in 0..<count {
            store.dispatch(.increment)
        }
        precondition(store.state.count == expected, "the store lost actions")
    }
}
