extension Reducer {
    /// Plugs this reducer into global types with closures: `actionGetter` extracts the local action (or `nil` to
    /// ignore), `stateGetter` and `stateSetter` read and write the local state.
    @inlinable @preconcurrency
    public func lift<GlobalActionType, GlobalStateType>(
        actionGetter: @escaping @Sendable (GlobalActionType) -> Action?,
        stateGetter: @escaping @Sendable (GlobalStateType) -> State,
        stateSetter: @escaping @Sendable (inout GlobalStateType, State) -> Void
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
    /// Lifting a lifted reducer again with key paths nests one lift in the other up to eight levels. Deeper, the
    /// key paths are joined into one and the action maps run in a loop, so a chain of any length takes the same
    /// stack. (The lift with a getter and a setter nests at any depth.)
    ///
    /// ```swift
    /// let appReducer = counterReducer.lift(action: \AppAction.counter, state: \AppState.count)
    /// ```
    @inlinable @preconcurrency
    public func lift<GlobalActionType, GlobalStateType>(
        action actionMap: @escaping @Sendable (GlobalActionType) -> Action?,
        state stateKeyPath: WritableKeyPath<GlobalStateType, State> & Sendable
    ) -> Reducer<GlobalActionType, GlobalStateType> {
        let below = reduceBelowLift
        var lifted = Reducer<GlobalActionType, GlobalStateType> { action, state in
            guard let localAction = actionMap(action) else { return }
            below(localAction, &state[keyPath: stateKeyPath])
        }
        lifted.relift = chained(
            actionStep: LiftStep.input(actionMap),
            path: stateKeyPath,
            to: (GlobalActionType, GlobalStateType).self
        )
        return lifted
    }

    /// Lifts the action only; actions that `actionMap` maps to `nil` are ignored.
    @inlinable @preconcurrency
    public func lift<GlobalActionType>(
        action actionMap: @escaping @Sendable (GlobalActionType) -> Action?
    ) -> Reducer<GlobalActionType, State> {
        let below = reduceBelowLift
        var lifted = Reducer<GlobalActionType, State> { action, state in
            guard let localAction = actionMap(action) else { return }
            below(localAction, &state)
        }
        lifted.relift = chained(
            actionStep: LiftStep.input(actionMap),
            path: \State.self,
            to: (GlobalActionType, State).self
        )
        return lifted
    }

    /// Lifts the state only; the local state is changed in place through the key path.
    @inlinable
    public func lift<GlobalStateType>(
        state stateKeyPath: WritableKeyPath<GlobalStateType, State> & Sendable
    ) -> Reducer<Action, GlobalStateType> {
        let below = reduceBelowLift
        var lifted = Reducer<Action, GlobalStateType> { action, state in
            below(action, &state[keyPath: stateKeyPath])
        }
        lifted.relift = chained(actionStep: nil, path: stateKeyPath, to: (Action, GlobalStateType).self)
        return lifted
    }

    /// What a lift of this reducer calls: `reduce`, typed and specialized, while this reducer is a lift of fewer
    /// than ``maximumNestedLifts`` levels (or no lift); past that, the chain's loop, which runs the action maps of
    /// every level and one joined key path. Stack use is then bounded by that many nested lifts, however deep the
    /// chain.
    @inlinable
    var reduceBelowLift: @Sendable (Action, inout State) -> Void {
        guard let relift, relift.depth >= Self.maximumNestedLifts else { return reduce }
        return { action, state in relift.reduce(action, &state) }
    }

    /// The most key-path lifts that nest, each calling the one below it with its types known; deeper lifts run the
    /// chain. Nested lifts are faster (a chain's loop calls erased maps, with the actions in `Any`).
    @inlinable
    static var maximumNestedLifts: Int { 8 }

    /// The chain of this reducer with one more lift: this reducer's chain extended, or, when it is not a lift, the
    /// chain of one lift of it. `actionStep` is `nil` for a lift of the state only.
    @usableFromInline
    func chained<GlobalActionType, GlobalStateType>(
        actionStep: LiftStep.Input?,
        path: WritableKeyPath<GlobalStateType, State> & Sendable,
        to levels: (GlobalActionType, GlobalStateType).Type
    ) -> any ReducerRelifting<GlobalActionType, GlobalStateType> {
        if let relift {
            return relift.appending(actionStep: actionStep, path: path, to: levels)
        }
        return ReducerLiftChain<GlobalActionType, GlobalStateType, Action, State>(
            base: reduce,
            actionStep: actionStep,
            path: path
        )
    }
}
