/// A pure function that changes the state in place for an action.
///
/// ```swift
/// let counterReducer = Reducer<CounterAction, Int>.reduce { action, state in
///     switch action {
///     case .increment: state += 1
///     case .decrement: state -= 1
///     }
/// }
/// ```
///
/// Reducers compose with `<>` (`lhs` runs first) and ``lift(action:state:)`` plugs a reducer of a part of the app
/// into the global types.
public struct Reducer<ActionType, StateType>: Sendable {
    /// The reduce function: mutates `state` in place for `action`.
    public let reduce: @Sendable (ActionType, inout StateType) -> Void

    /// Creates a reducer from its reduce function.
    @preconcurrency
    public init(_ reduce: @escaping @Sendable (ActionType, inout StateType) -> Void) {
        self.reduce = reduce
    }

    /// Creates a reducer from its reduce function: `Reducer.reduce { action, state in … }`.
    @preconcurrency
    public static func reduce(_ reduce: @escaping @Sendable (ActionType, inout StateType) -> Void) -> Reducer {
        Reducer(reduce)
    }
}

extension Reducer: Monoid {
    /// The reducer that changes nothing.
    public static var identity: Reducer { Reducer { _, _ in } }

    /// A reducer that runs `lhs`, then `rhs`, on the same state.
    public static func <> (lhs: Reducer, rhs: Reducer) -> Reducer {
        Reducer { action, state in
            lhs.reduce(action, &state)
            rhs.reduce(action, &state)
        }
    }
}
