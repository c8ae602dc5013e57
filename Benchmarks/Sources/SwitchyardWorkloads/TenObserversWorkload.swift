import Switchyard

/// The counter store with ten observers, each counting the states it receives.
package final class TenObserversWorkload: Workload {
    /// One observer's count. The store calls observers on the processing thread, which here is the only thread that
    /// dispatches, so a plain variable suffices and the benchmark measures the store rather than an atomic add.
    private final class Deliveries: @unchecked Sendable {
        var count = 0
    }

    package static let name = "w6"
    private let store = Store(initialState: Counter(), reducer: .counter)
    private let deliveries = (0..<10).map { _ in Deliveries() }
    private var subscriptions: [StoreSubscription] = []

    package init() {
        subscriptions = deliveries.map { deliveries in
            store.subscribe { _ in deliveries.count += 1 }
        }
    }

    package func run(_ count: Int) {
        let expected = deliveries.map { $0.count + count }
        for _ in 0..<count {
            store.dispatch(.increment)
        }
        precondition(deliveries.map(\.count) == expected, "an observer missed states")
    }
}
