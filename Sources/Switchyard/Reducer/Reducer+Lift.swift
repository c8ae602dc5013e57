extension Reducer {
    /// Plugs this reducer into global types with closures: `actionGetter` extracts the local action (or `nil` to
    /// ignore), `stateGetter` and `stateSetter` read and write the local state.
    @preconcurrency
    public func lift<GlobalActionType, GlobalStateType>(
        actionGetter: @escaping @Sendable (GlobalActionType) -> ActionType?,
        stateGetter: @escaping @Sendable (GlobalStateType) -> StateType,
        stateSetter: @escaping @Sendable (inout GlobalStateType, StateType) -> Void
    ) -> Reducer<GlobalActionType, GlobalStateType> {
        Reducer<GlobalActionType, GlobalStateType> { action, state in
            guard let localAction = actionGetter(action) else { return }
            var localState = stateGetter(state)
            reduce(localAction, &localState)
            stateSetter(&state, localState)
        }
    }

    /// Plugs this reducer into global types; the local state is changed in place through the key path.
    ///
    /// Lifting a lifted reducer again with key paths does not nest one lift in another: the key paths are joined
    /// into one, and the action maps run in a loop, so a chain of any length takes the same stack. (The lift with a
    /// getter and a setter nests.)
    ///
    /// ```swift
    /// let appReducer = counterReducer.lift(action: \AppAction.counter, state: \AppState.count)
    /// ```
    @preconcurrency
    public func lift<GlobalActionType, GlobalStateType>(
        action actionMap: @escaping @Sendable (GlobalActionType) -> ActionType?,
        state stateKeyPath: WritableKeyPath<GlobalStateType, StateType> & Sendable
    ) -> Reducer<GlobalActionType, GlobalStateType> {
        if let relift { return relift.lifted(action: actionMap, state: stateKeyPath) }
        var lifted = Reducer<GlobalActionType, GlobalStateType> { action, state in
            guard let localAction = actionMap(action) else { return }
            reduce(localAction, &state[keyPath: stateKeyPath])
        }
        lifted.relift = ReducerLiftChain(base: reduce, action: actionMap, state: stateKeyPath)
        return lifted
    }

    /// Lifts the action only; actions that `actionMap` maps to `nil` are ignored.
    @preconcurrency
    public func lift<GlobalActionType>(
        action actionMap: @escaping @Sendable (GlobalActionType) -> ActionType?
    ) -> Reducer<GlobalActionType, StateType> {
        if let relift { return relift.lifted(action: actionMap, state: \StateType.self) }
        var lifted = Reducer<GlobalActionType, StateType> { action, state in
            guard let localAction = actionMap(action) else { return }
            reduce(localAction, &state)
        }
        lifted.relift = ReducerLiftChain(base: reduce, action: actionMap, state: \StateType.self)
        return lifted
    }

    /// Lifts the state only; the local state is changed in place through the key path.
    public func lift<GlobalStateType>(
        state stateKeyPath: WritableKeyPath<GlobalStateType, StateType> & Sendable
    ) -> Reducer<ActionType, GlobalStateType> {
        if let relift { return relift.lifted(state: stateKeyPath) }
        var lifted = Reducer<ActionType, GlobalStateType> { action, state in
            reduce(action, &state[keyPath: stateKeyPath])
        }
        lifted.relift = ReducerLiftChain<ActionType, GlobalStateType, ActionType, StateType>(
            base: reduce,
            action: nil,
            state: stateKeyPath
        )
        return lifted
    }
}
