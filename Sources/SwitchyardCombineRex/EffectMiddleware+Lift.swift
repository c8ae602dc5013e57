import Switchyard

/// A value that a `@Sendable` closure of this module captures although its type is not `Sendable`: the maps and
/// states of a lift, from code written for SwiftRex, which did not check `Sendable`. The store calls them from the
/// thread that runs the pipeline, as SwiftRex did.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
}

/// `transform` as the `@Sendable` function that `IO.map` takes: see ``Unchecked``.
func wrapping<Input, Output>(_ transform: @escaping (Input) -> Output) -> @Sendable (Input) -> Output {
    let transform = Unchecked(value: transform)
    return { transform.value($0) }
}

/// `get` as the store's state getter, which is `@Sendable`: see ``Unchecked``.
func stateGetter<State>(_ get: @escaping () -> State) -> GetState<State> {
    let get = Unchecked(value: get)
    return { get.value() }
}

extension EffectMiddleware {
    /// This middleware for a larger app: `inputAction` picks the actions it handles (`nil`: not handled),
    /// `outputAction` maps what it dispatches, and `state` gives its part of the app's state.
    public func lift<GlobalInputActionType, GlobalOutputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping (GlobalInputActionType) -> InputActionType?,
        outputAction outputActionMap: @escaping (OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping (GlobalStateType) -> StateType
    ) -> EffectMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType, Dependencies> {
        let output = Unchecked(value: outputActionMap)
        let state = Unchecked(value: stateMap)
        return EffectMiddleware<GlobalInputActionType, GlobalOutputActionType, GlobalStateType, Dependencies>(
            dependencies: dependencies
        ) { action, dispatcher, getState in
            guard let localAction = inputActionMap(action) else { return .pure() }
            return self.handle(action: localAction, from: dispatcher, state: { state.value(getState()) })
                .map { output.value($0) }
        }
    }

    /// This middleware for a larger app's actions, with the same state.
    public func lift<GlobalInputActionType, GlobalOutputActionType>(
        inputAction inputActionMap: @escaping (GlobalInputActionType) -> InputActionType?,
        outputAction outputActionMap: @escaping (OutputActionType) -> GlobalOutputActionType
    ) -> EffectMiddleware<GlobalInputActionType, GlobalOutputActionType, StateType, Dependencies> {
        lift(inputAction: inputActionMap, outputAction: outputActionMap, state: { $0 })
    }

    /// This middleware for a larger app's input actions and state, dispatching its own output actions.
    public func lift<GlobalInputActionType, GlobalStateType>(
        inputAction inputActionMap: @escaping (GlobalInputActionType) -> InputActionType?,
        state stateMap: @escaping (GlobalStateType) -> StateType
    ) -> EffectMiddleware<GlobalInputActionType, OutputActionType, GlobalStateType, Dependencies> {
        lift(inputAction: inputActionMap, outputAction: { $0 }, state: stateMap)
    }

    /// This middleware for a larger app's output actions and state, handling its own input actions.
    public func lift<GlobalOutputActionType, GlobalStateType>(
        outputAction outputActionMap: @escaping (OutputActionType) -> GlobalOutputActionType,
        state stateMap: @escaping (GlobalStateType) -> StateType
    ) -> EffectMiddleware<InputActionType, GlobalOutputActionType, GlobalStateType, Dependencies> {
        lift(inputAction: { $0 }, outputAction: outputActionMap, state: stateMap)
    }

    /// This middleware for a larger app's input actions.
    public func lift<GlobalInputActionType>(
        inputAction inputActionMap: @escaping (GlobalInputActionType) -> InputActionType?
    ) -> EffectMiddleware<GlobalInputActionType, OutputActionType, StateType, Dependencies> {
        lift(inputAction: inputActionMap, outputAction: { $0 }, state: { $0 })
    }

    /// This middleware for a larger app's output actions.
    public func lift<GlobalOutputActionType>(
        outputAction outputActionMap: @escaping (OutputActionType) -> GlobalOutputActionType
    ) -> EffectMiddleware<InputActionType, GlobalOutputActionType, StateType, Dependencies> {
        lift(inputAction: { $0 }, outputAction: outputActionMap, state: { $0 })
    }

    /// This middleware for a larger app's state.
    public func lift<GlobalStateType>(
        state stateMap: @escaping (GlobalStateType) -> StateType
    ) -> EffectMiddleware<InputActionType, OutputActionType, GlobalStateType, Dependencies> {
        lift(inputAction: { $0 }, outputAction: { $0 }, state: stateMap)
    }
}

extension EffectMiddleware where InputActionType == OutputActionType {
    /// This middleware for a larger app whose action holds this middleware's at `action` (an optional property of
    /// the app's action, `nil` when the action is not for this middleware), with its state at `state`: what it
    /// dispatches is written back through `action` into a copy of the action it handles.
    ///
    /// ```swift
    /// let appMiddleware = counterMiddleware.lift(action: \AppAction.counter, state: \AppState.counter)
    /// ```
    public func lift<GlobalActionType, GlobalStateType>(
        action actionMap: WritableKeyPath<GlobalActionType, InputActionType?>,
        state stateMap: KeyPath<GlobalStateType, StateType>
    ) -> EffectMiddleware<GlobalActionType, GlobalActionType, GlobalStateType, Dependencies> {
        let action = Unchecked(value: actionMap)
        let state = Unchecked(value: stateMap)
        return EffectMiddleware<GlobalActionType, GlobalActionType, GlobalStateType, Dependencies>(
            dependencies: dependencies
        ) { globalAction, dispatcher, getState in
            guard let localAction = globalAction[keyPath: action.value] else { return .pure() }
            let original = Unchecked(value: globalAction)
            return self.handle(action: localAction, from: dispatcher, state: { getState()[keyPath: state.value] })
                .map { output in
                    var global = original.value
                    global[keyPath: action.value] = output
                    return global
                }
        }
    }
}

extension EffectMiddleware where StateType: Identifiable {
    /// This middleware for each element of a collection in the app's state: `inputAction` picks the actions for an
    /// element (by its id), and the middleware sees that element as its state; what it dispatches is wrapped with
    /// the element's id by `outputAction`. An action for an id that the collection does not hold is not handled.
    public func liftToCollection<GlobalAction, GlobalState, CollectionState: MutableCollection>(
        inputAction actionMap: @escaping (GlobalAction) -> ElementIDAction<StateType.ID, InputActionType>?,
        outputAction outputMap: @escaping (ElementIDAction<StateType.ID, OutputActionType>) -> GlobalAction,
        stateCollection: @escaping (GlobalState) -> CollectionState
    ) -> EffectMiddleware<GlobalAction, GlobalAction, GlobalState, Dependencies>
    where CollectionState.Element == StateType {
        let output = Unchecked(value: outputMap)
        let collection = Unchecked(value: stateCollection)
        return EffectMiddleware<GlobalAction, GlobalAction, GlobalState, Dependencies>(dependencies: dependencies) {
            action, dispatcher, getState in
            guard let elementAction = actionMap(action) else { return .pure() }
            let id = elementAction.id
            guard let element = collection.value(getState()).first(where: { $0.id == id }) else { return .pure() }
            // Once the element is gone, the middleware keeps seeing it as it last was.
            return self.handle(
                action: elementAction.action,
                from: dispatcher,
                state: stateGetter { collection.value(getState()).first(where: { $0.id == id }) ?? element }
            )
            .map(wrapping { output.value(ElementIDAction(id: id, action: $0)) })
        }
    }
}

extension EffectMiddleware where StateType: Identifiable, InputActionType == OutputActionType {
    /// This middleware for each element of a collection in the app's state, its actions found and wrapped through
    /// the key path `action` of the app's action (see
    /// ``liftToCollection(inputAction:outputAction:stateCollection:)``).
    public func liftToCollection<GlobalAction, GlobalState, CollectionState: MutableCollection>(
        action actionMap: WritableKeyPath<GlobalAction, ElementIDAction<StateType.ID, InputActionType>?>,
        stateCollection: KeyPath<GlobalState, CollectionState>
    ) -> EffectMiddleware<GlobalAction, GlobalAction, GlobalState, Dependencies>
    where CollectionState.Element == StateType {
        let path = Unchecked(value: actionMap)
        let collection = Unchecked(value: stateCollection)
        return EffectMiddleware<GlobalAction, GlobalAction, GlobalState, Dependencies>(dependencies: dependencies) {
            action, dispatcher, getState in
            guard let elementAction = action[keyPath: actionMap] else { return .pure() }
            let id = elementAction.id
            guard let element = getState()[keyPath: collection.value].first(where: { $0.id == id }) else {
                return .pure()
            }
            let handled = Unchecked(value: action)
            return self.handle(
                action: elementAction.action,
                from: dispatcher,
                state: stateGetter { getState()[keyPath: collection.value].first(where: { $0.id == id }) ?? element }
            )
            .map(
                wrapping { output in
                    // The dispatched action is the handled one with the element's action replaced.
                    var global = handled.value
                    global[keyPath: path.value] = ElementIDAction(id: id, action: output)
                    return global
                })
        }
    }
}

extension MiddlewareReader {
    /// A reader of the effect middleware for each element of a collection in the app's state: the middleware this
    /// reader makes, lifted with `EffectMiddleware.liftToCollection(inputAction:outputAction:stateCollection:)`.
    ///
    /// ```swift
    /// let rowsReader = rowReader.liftToCollection(
    ///     inputAction: { $0.row },
    ///     outputAction: AppAction.row,
    ///     stateCollection: { $0.rows }
    /// )
    /// ```
    public func liftToCollection<
        ItemInputActionType, ItemOutputActionType, ItemStateType: Identifiable, GlobalAction, GlobalState,
        CollectionState: MutableCollection
    >(
        inputAction actionMap: @escaping (GlobalAction) -> ElementIDAction<ItemStateType.ID, ItemInputActionType>?,
        outputAction outputMap: @escaping (ElementIDAction<ItemStateType.ID, ItemOutputActionType>) -> GlobalAction,
        stateCollection: @escaping (GlobalState) -> CollectionState
    ) -> MiddlewareReader<Dependencies, EffectMiddleware<GlobalAction, GlobalAction, GlobalState, Dependencies>>
    where
        CollectionState.Element == ItemStateType,
        MiddlewareType == EffectMiddleware<ItemInputActionType, ItemOutputActionType, ItemStateType, Dependencies>
    {
        MiddlewareReader<Dependencies, EffectMiddleware<GlobalAction, GlobalAction, GlobalState, Dependencies>> {
            dependencies in
            inject(dependencies).liftToCollection(
                inputAction: actionMap, outputAction: outputMap, stateCollection: stateCollection)
        }
    }

    /// A reader of the effect middleware for each element of a collection in the app's state, its actions found and
    /// wrapped through the key path `action`: the middleware this reader makes, lifted with
    /// `EffectMiddleware.liftToCollection(action:stateCollection:)`.
    ///
    /// ```swift
    /// let rowsReader = rowReader.liftToCollection(action: \AppAction.row, stateCollection: \AppState.rows)
    /// ```
    public func liftToCollection<
        ItemActionType, ItemStateType: Identifiable, GlobalAction, GlobalState, CollectionState: MutableCollection
    >(
        action actionMap: WritableKeyPath<GlobalAction, ElementIDAction<ItemStateType.ID, ItemActionType>?>,
        stateCollection: KeyPath<GlobalState, CollectionState>
    ) -> MiddlewareReader<Dependencies, EffectMiddleware<GlobalAction, GlobalAction, GlobalState, Dependencies>>
    where
        CollectionState.Element == ItemStateType,
        MiddlewareType == EffectMiddleware<ItemActionType, ItemActionType, ItemStateType, Dependencies>
    {
        MiddlewareReader<Dependencies, EffectMiddleware<GlobalAction, GlobalAction, GlobalState, Dependencies>> {
            dependencies in
            inject(dependencies).liftToCollection(action: actionMap, stateCollection: stateCollection)
        }
    }
}
