import Switchyard

/// The state module of the injection example: state, actions, reducer, and the store. It knows nothing of the app
/// module that uses it: that module adds its side effects to the running store.
public struct CounterState: Sendable, Equatable {
    /// The current count.
    public var count = 0
    /// How many saves the app module reported.
    public var saves = 0
}

/// Every action of the example; `any CounterActionProtocol` would work the same with the registry's `as?` forms.
public enum CounterAction: Sendable, Equatable {
    case increment
    case decrement
    case saved(count: Int)

    /// The action when it is `.saved`, for the registry's typed extraction.
    public var saved: Int? {
        if case .saved(let count) = self { count } else { nil }
    }

    /// `()` when the action changes the count.
    public var changesCount: Void? {
        switch self {
        case .increment, .decrement: ()
        case .saved: nil
        }
    }
}

/// The reducer: pure, in place.
public let counterReducer = Reducer<CounterAction, CounterState> { action, state in
    switch action {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    case .saved: state.saves += 1
    }
}

/// Creates the app's store. The state module owns it; side effects are added at runtime through
/// `store.runtimeMiddlewares` by modules that depend on this one.
public func makeCounterStore() -> Store<CounterAction, CounterState> {
    Store(initialState: CounterState(), reducer: counterReducer)
}
