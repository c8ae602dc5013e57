/// A middleware written for one element, run for the element of a collection that an action addresses.
///
/// Built by `liftToCollection`. An action for an id that is not in the collection, or an index out of bounds, is
/// ignored. Inside the element middleware, `state()` returns the element's current value; if the element has been
/// removed meanwhile, it returns the element's last value seen by this middleware.
public struct LiftToCollectionMiddleware<
    GlobalInputActionType,
    GlobalOutputActionType,
    GlobalStateType,
    CollectionState: Collection,
    PartMiddleware: MiddlewareProtocol
>: MiddlewareProtocol where CollectionState.Element == PartMiddleware.StateType {
    /// The wrapped element middleware.
    @usableFromInline package let middleware: PartMiddleware
    /// Handles an action with the element middleware it receives: the closure holds only the maps, so this value is
    /// `Sendable` when the element middleware is.
    let handler:
        @Sendable (
            PartMiddleware, GlobalInputActionType, ActionSource, @escaping GetState<GlobalStateType>
        ) -> IO<GlobalOutputActionType>

    init(
        middleware: PartMiddleware,
        handler:
            @escaping @Sendable (
                PartMiddleware, GlobalInputActionType, ActionSource, @escaping GetState<GlobalStateType>
            ) -> IO<GlobalOutputActionType>
    ) {
        self.middleware = middleware
        self.handler = handler
    }

    /// Finds the addressed element and lets the element middleware handle the action for it.
    public func handle(
        action: GlobalInputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<GlobalStateType>
    ) -> IO<GlobalOutputActionType> {
        handler(middleware, action, dispatcher, state)
    }
}

extension LiftToCollectionMiddleware: Sendable where PartMiddleware: Sendable {}

extension MiddlewareProtocol where Self: SendableMetatype, StateType: Identifiable & Sendable, StateType.ID: Sendable {
    /// Runs this element middleware for the element, found by id, that each `ElementIDAction` addresses.
    ///
    /// ```swift
    /// let rows = RowMiddleware().liftToCollection(
    ///     inputAction: \AppAction.row,               // ElementIDAction<Movie.ID, RowAction>?
    ///     outputAction: AppAction.row,
    ///     state: \AppState.movies
    /// )
    /// ```
    @preconcurrency
    public func liftToCollection<
        GlobalInputActionType, GlobalOutputActionType, GlobalStateType,
        CollectionState: MutableCollection & SendableMetatype
    >(
        inputAction inputActionMap:
            @escaping @Sendable (GlobalInputActionType) -> ElementIDAction<StateType.ID, InputActionType>?,
        outputAction outputActionMap:
            @escaping @Sendable (ElementIDAction<StateType.ID, OutputActionType>) -> GlobalOutputActionType,
        state stateMap: @escaping @Sendable (GlobalStateType) -> CollectionState
    ) -> LiftToCollectionMiddleware<
        GlobalInputActionType, GlobalOutputActionType, GlobalStateType, CollectionState, Self
    >
    where CollectionState.Element == StateType {
        LiftToCollectionMiddleware(middleware: self) { middleware, action, dispatcher, getState in
            guard let elementAction = inputActionMap(action) else { return .pure() }
            return middleware.handleElement(elementAction, from: dispatcher, collection: { stateMap(getState()) })
                .map(outputActionMap)
        }
    }

    /// Runs this element middleware for the element each `ElementIDAction` addresses, reading and writing the
    /// action through one key path; actions the element middleware dispatches are written into a copy of the
    /// global action that started them.
    public func liftToCollection<
        GlobalActionType: Sendable, GlobalStateType, CollectionState: MutableCollection & SendableMetatype
    >(
        action actionMap: WritableKeyPath<GlobalActionType, ElementIDAction<StateType.ID, InputActionType>?> & Sendable,
        stateCollection: KeyPath<GlobalStateType, CollectionState> & Sendable
    ) -> LiftToCollectionMiddleware<GlobalActionType, GlobalActionType, GlobalStateType, CollectionState, Self>
    where CollectionState.Element == StateType, InputActionType == OutputActionType {
        LiftToCollectionMiddleware(middleware: self) { middleware, action, dispatcher, getState in
            guard let elementAction = action[keyPath: actionMap] else { return .pure() }
            return middleware.handleElement(
                elementAction, from: dispatcher, collection: { getState()[keyPath: stateCollection] }
            )
            .map { output -> GlobalActionType in
                var global = action
                global[keyPath: actionMap] = output
                return global
            }
        }
    }

    /// Lets this element middleware handle `elementAction` for the element with its id in `collection()`, or
    /// returns ``IO/pure()`` when no element has that id; the IO's actions are addressed to the same id.
    private func handleElement<CollectionState: Collection & SendableMetatype>(
        _ elementAction: ElementIDAction<StateType.ID, InputActionType>,
        from dispatcher: ActionSource,
        collection: @escaping @Sendable () -> CollectionState
    ) -> IO<ElementIDAction<StateType.ID, OutputActionType>> where CollectionState.Element == StateType {
        let id = elementAction.id
        guard let element = collection().first(where: { $0.id == id }) else { return .pure() }
        let elementState: GetState<StateType> = { collection().first(where: { $0.id == id }) ?? element }
        return handle(action: elementAction.action, from: dispatcher, state: elementState)
            .map { ElementIDAction(id: id, action: $0) }
    }
}

extension MiddlewareProtocol where Self: SendableMetatype, StateType: Sendable {
    /// Runs this element middleware for the element, found by index, that each `ElementIndexAction` addresses.
    /// An index out of bounds is ignored.
    @preconcurrency
    public func liftToCollection<
        GlobalInputActionType, GlobalOutputActionType, GlobalStateType, CollectionState: Collection & SendableMetatype
    >(
        inputAction inputActionMap:
            @escaping @Sendable (GlobalInputActionType) -> ElementIndexAction<CollectionState.Index, InputActionType>?,
        outputAction outputActionMap:
            @escaping @Sendable (ElementIndexAction<CollectionState.Index, OutputActionType>) -> GlobalOutputActionType,
        state stateMap: @escaping @Sendable (GlobalStateType) -> CollectionState
    ) -> LiftToCollectionMiddleware<
        GlobalInputActionType, GlobalOutputActionType, GlobalStateType, CollectionState, Self
    >
    where CollectionState.Element == StateType, CollectionState.Index: Sendable {
        LiftToCollectionMiddleware(middleware: self) { middleware, action, dispatcher, getState in
            guard let elementAction = inputActionMap(action) else { return .pure() }
            let index = elementAction.index
            let collection = stateMap(getState())
            guard index >= collection.startIndex, index < collection.endIndex else { return .pure() }
            let element = collection[index]
            let elementState: GetState<StateType> = {
                let current = stateMap(getState())
                return index >= current.startIndex && index < current.endIndex ? current[index] : element
            }
            return middleware.handle(action: elementAction.action, from: dispatcher, state: elementState)
                .map { outputActionMap(ElementIndexAction(index: index, action: $0)) }
        }
    }
}
