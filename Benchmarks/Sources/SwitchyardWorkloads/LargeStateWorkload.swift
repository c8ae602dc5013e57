import Switchyard

/// The state of workload W5: ten thousand `Int`s the reducer never touches, and the counter.
package struct LargeState: Sendable, Equatable {
    /// Data the reducer leaves alone; a store that copied the state per action would copy it.
    package var values = Array(0..<10_000)
    /// How many actions the reducer has seen.
    package var count = 0

    /// Creates the state with its ten thousand values.
    package init() {}
}

/// W5: a store whose state holds ten thousand `Int`s besides the counter; the reducer touches only the counter,
/// so the cost per dispatch must not depend on the size of the state.
package final class LargeStateWorkload: Workload {
    package static let name = "w5"
    private let store = Store(
        initialState: LargeState(),
        reducer: Reducer<CounterAction, LargeState> { action, state in
            switch action {
            case .increment: state.count += 1
            }
        }
    )

    package init() {}

    package func run(_ count: Int) {
        let expected = store.state.count + count
        for _ in 0..<count {
            store.dispatch(.increment)
        }
        precondition(store.state.count == expected, "the store lost actions")
        precondition(store.state.values.count == 10_000)
    }
}
