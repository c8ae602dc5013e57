import Switchyard

/// W4: the counter store with one observer, which counts the states it receives.
package final class ObserverWorkload: Workload {
    /// The observer's count. The store calls observers on the processing thread, which here is the only thread that
    /// dispatches, so a plain variable suffices and the benchmark measures the store rather than an atomic add.
    private final class Deliveries: @unchecked Sendable {
        var count = 0
    }

    package static let name = "w4"
    private let store = Store(initialState: Counter(), reducer: .counter)
    private let deliveries = Deliveries()
    private var subscription: StoreSubscription?

    package init() {
        let deliveries = self.deliveries
        subscription = store.subscribe { _ in deliveries.count += 1 }
    }

    package func run(_ count: Int) {
        let expected = deliveries.count + count
        for _ in 0..<count {
            store.dispatch(.increment)
        }
        precondition(deliveries.count == expected, "the observer missed states")
    }
}
