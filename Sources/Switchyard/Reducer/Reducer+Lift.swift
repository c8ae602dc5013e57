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
    /// ```swift
    /// let appReducer = counterReducer.lift(action: \AppAction.counter, state: \AppState.count)
    /// ```
    @preconcurrency
    public func lift<GlobalActionType, GlobalStateType>(
        action actionMap: @escaping @Sendable (GlobalActionType) -> ActionType?,
        state stateKeyPath: WritableKeyPath<GlobalStateType, StateType> & Sendable
    ) -> Reducer<GlobalActionType, GlobalStateType> {
        Reducer<GlobalActionType, GlobalStateType> { action, state in
            guard let localAction = actionMap(action) else { return }
            reduce(localAction, &state[keyPath: stateKeyPath])
        }
    }

    /// Lifts the action only; actions that `actionMap` maps to `nil` are ignored.
    @preconcurrency
    public func lift<GlobalActionType>(
        action actionMap: @escaping @Sendable (GlobalActionType) -> ActionType?
    ) -> Reducer<GlobalActionType, StateType> {
        Reducer<GlobalActionType, StateType> { action, state in
            guard let localAction = actionMap(action) else { return }
            reduce(localAction, &state)
        }
    }

    /// Lifts the state only; the local state is changed in place through the key path.
    public func lift<GlobalStateType>(
        state stateKeyPath: WritableKeyPath<GlobalStateType, StateType> & Sendable
    ) -> Reducer<ActionType, GlobalStateType> {
        Reducer<ActionType, GlobalStateType> { action, state in
            reduce(action, &state[keyPath: stateKeyPath])
        }
    }
}
