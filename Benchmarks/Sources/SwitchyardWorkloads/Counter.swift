import Switchyard

/// The state of the counter workloads: one `Int`.
package struct Counter: Sendable, Equatable, Codable {
    /// How many actions the reducer has seen.
    package var count = 0

    /// Creates a counter at zero.
    package init() {}
}

/// The action of the counter workloads.
package enum CounterAction: Sendable, Codable {
    /// Adds one to the counter.
    case increment
}

extension Reducer where Action == CounterAction, State == Counter {
    /// The reducer of every counter workload, and the function the plain loop calls.
    package static var counter: Reducer {
        Reducer { action, state in
            switch action {
            case .increment: state.count += 1
            }
        }
    }
}
