import Switchyard

// The store factories of the instruction gate, in a module apart from the workloads as an app's store setup often
// is: the workloads call them with concrete types, and the factories, compiled without knowing those types, create
// the stores through Switchyard's generic initializers.

/// A store without middleware.
public func makeStore<State: Sendable, Action: Sendable>(
    _ initialState: State,
    _ reducer: Reducer<Action, State>,
    scheduling: SchedulingPolicy = .callerThread
) -> Store<Action, State> {
    Store(initialState: initialState, reducer: reducer, scheduling: scheduling)
}

/// A store with a middleware of any type: a composition or a lift, as the app typed it.
public func makeStore<State: Sendable, Action: Sendable, M: MiddlewareProtocol & Sendable>(
    _ initialState: State,
    _ reducer: Reducer<Action, State>,
    _ middleware: M
) -> Store<Action, State>
where M.InputActionType == Action, M.OutputActionType == Action, M.StateType == State {
    Store(initialState: initialState, reducer: reducer, middleware: middleware)
}

/// A store in the shape of SwiftRex apps: an erased middleware, and observers notified after every action.
public func makeErasedStore<State: Sendable, Action: Sendable>(
    _ initialState: State,
    _ reducer: Reducer<Action, State>,
    _ middleware: AnyMiddleware<Action, Action, State>
) -> Store<Action, State> {
    Store(initialState: initialState, reducer: reducer, middleware: middleware, emitsValue: .always)
}
