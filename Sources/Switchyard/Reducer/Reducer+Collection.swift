extension Reducer where State: Identifiable, State.ID: SendableMetatype {
    /// Runs this element reducer on the element, found by id, that each `ElementIDAction` addresses.
    /// An id that is not in the collection is ignored.
    @inlinable @preconcurrency
    public func liftToCollection<
        GlobalActionType, GlobalStateType, CollectionState: MutableCollection & SendableMetatype
    >(
        action actionMap: @escaping @Sendable (GlobalActionType) -> ElementIDAction<State.ID, Action>?,
        stateCollection: WritableKeyPath<GlobalStateType, CollectionState> & Sendable
    ) -> Reducer<GlobalActionType, GlobalStateType> where CollectionState.Element == State {
        liftToCollection(action: actionMap, stateCollection: stateCollection, identifier: \.id)
    }
}

extension Reducer {
    /// Runs this element reducer on the element whose `identifier` equals the id of each `ElementIDAction`.
    /// An id that is not in the collection is ignored.
    @inlinable @preconcurrency
    public func liftToCollection<
        GlobalActionType, GlobalStateType, CollectionState: MutableCollection & SendableMetatype,
        ID: Hashable & SendableMetatype
    >(
        action actionMap: @escaping @Sendable (GlobalActionType) -> ElementIDAction<ID, Action>?,
        stateCollection: WritableKeyPath<GlobalStateType, CollectionState> & Sendable,
        identifier: KeyPath<State, ID> & Sendable
    ) -> Reducer<GlobalActionType, GlobalStateType> where CollectionState.Element == State {
        Reducer<GlobalActionType, GlobalStateType> { action, state in
            guard let elementAction = actionMap(action) else { return }
            guard
                let index = state[keyPath: stateCollection].firstIndex(where: {
                    $0[keyPath: identifier] == elementAction.id
                })
            else { return }
            reduce(elementAction.action, &state[keyPath: stateCollection][index])
        }
    }

    /// Runs this element reducer on the element at the index of each `ElementIndexAction`.
    /// An index out of bounds is ignored.
    @inlinable @preconcurrency
    public func liftToCollection<
        GlobalActionType, GlobalStateType, CollectionState: MutableCollection & SendableMetatype
    >(
        action actionMap:
            @escaping @Sendable (GlobalActionType) -> ElementIndexAction<CollectionState.Index, Action>?,
        stateCollection: WritableKeyPath<GlobalStateType, CollectionState> & Sendable
    ) -> Reducer<GlobalActionType, GlobalStateType> where CollectionState.Element == State {
        Reducer<GlobalActionType, GlobalStateType> { action, state in
            guard let elementAction = actionMap(action) else { return }
            let index = elementAction.index
            let bounds = (state[keyPath: stateCollection].startIndex, state[keyPath: stateCollection].endIndex)
            guard index >= bounds.0, index < bounds.1 else { return }
            reduce(elementAction.action, &state[keyPath: stateCollection][index])
        }
    }
}
