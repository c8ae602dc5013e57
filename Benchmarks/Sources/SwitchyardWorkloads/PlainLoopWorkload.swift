import Switchyard

/// Baseline: the counter reducer called on an `inout` state in a loop, without a store.
///
/// The store workloads are reported as multiples of this loop, measured in the same run.
package final class PlainLoopWorkload: Workload {
    package static let name = "baseline"
    private let reducer = Reducer<CounterAction, Counter>.counter
    private var state = Counter()

    package init() {}

    package func run(_ count: Int) {
        var state = self.state
        let expected = state.count + count
        for _ in 0..<count {
            reducer.reduce(.increment, &state)
        }
        precondition(state.count == expected, "the plain loop lost increments")
        self.state = state
    }
}
