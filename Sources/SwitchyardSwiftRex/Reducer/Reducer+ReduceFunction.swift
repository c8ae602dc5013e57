import Switchyard

extension Reducer {
    /// Creates a reducer from its reduce function, as SwiftRex 0.8 spells it: `Reducer.reduce { action, state in … }`.
    ///
    /// The same reducer as the core's initializer, `Reducer<Action, State> { action, state in … }`, which code
    /// written for Switchyard alone uses.
    @preconcurrency
    public static func reduce(_ reduce: @escaping @Sendable (Action, inout State) -> Void) -> Reducer {
        Reducer(reduce)
    }

    /// A reducer from a function that returns the new state, as SwiftRex 0.8's deprecated initializer took it.
    ///
    /// ```swift
    /// let reducer = Reducer<CounterAction, Int> { action, count in action == .increment ? count + 1 : count }
    /// ```
    ///
    /// The store calls it with a copy of the state and stores what it returns; ``reduce(_:)`` changes the
    /// state in place instead, which copies nothing. Like SwiftRex, it takes any function: the store calls it on the
    /// thread that processes the action.
    @available(*, deprecated, message: "Use Reducer.reduce { action, state in … }, which changes the state in place")
    public init(_ reduce: @escaping ReduceFunction<ActionType, StateType>) {
        let reduce = SendableFunction<(ActionType, StateType), StateType> { reduce($0.0, $0.1) }
        self.init { action, state in state = reduce.call((action, state)) }
    }
}
