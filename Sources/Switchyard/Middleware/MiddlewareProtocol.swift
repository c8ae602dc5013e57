/// A plugin of the store's pipeline: it sees every action before the reducer, may read the state, and may
/// dispatch new actions from the ``IO`` it returns.
///
/// A middleware never changes the state. Its three associated types say what it handles, what it dispatches and
/// what it reads; ``lift(inputAction:outputAction:state:)`` plugs a middleware written for a part of the app into
/// the global types of the store.
///
/// ```swift
/// struct FavoritesAPIMiddleware: MiddlewareProtocol {
///     let api: API
///     func handle(action: FavoritesAction, from dispatcher: ActionSource,
///                 state: @escaping GetState<FavoritesModel>) -> IO<FavoritesAction> {
///         guard case let .toggleFavorite(movieId) = action else { return .pure() }
///         let makeFavorite = !state().contains { $0.id == movieId } // state before the reducer
///         return IO { output in
///             api.changeFavorite(id: movieId, makeFavorite: makeFavorite) { _ in
///                 output.dispatch(.changedFavorite(movieId, isFavorite: makeFavorite), info: "API callback")
///             }
///         }
///     }
/// }
/// ```
public protocol MiddlewareProtocol<InputActionType, OutputActionType, StateType> {
    /// The actions this middleware handles.
    associatedtype InputActionType
    /// The actions this middleware dispatches; `Never` when it dispatches none.
    associatedtype OutputActionType
    /// The state this middleware reads; `Void` when it reads none.
    associatedtype StateType

    /// Middleware setup from SwiftRex 0.7; the store calls it once, when the middleware is attached.
    ///
    /// New middlewares read the state through `handle`'s `state` and dispatch through the `output` of the returned
    /// ``IO``; the default implementation does nothing.
    func receiveContext(getState: @escaping GetState<StateType>, output: AnyActionHandler<OutputActionType>)

    /// Handles an action before the reducer and returns the work to do after it.
    ///
    /// - Parameters:
    ///   - action: the action to handle.
    ///   - dispatcher: who dispatched the action.
    ///   - state: returns the current state: before the reducer while `handle` runs, after it inside the ``IO``.
    /// - Returns: the work to run after the reducer, or ``IO/pure()`` for none.
    func handle(
        action: InputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<StateType>
    ) -> IO<OutputActionType>
}

extension MiddlewareProtocol {
    /// Does nothing: new middlewares need no setup.
    ///
    /// - Note: Deprecated in spirit, as in SwiftRex 0.8: instead of relying on `receiveContext`, use the `state` of
    ///   ``handle(action:from:state:)`` and the `output` of the returned ``IO``. It is not marked `@available(*,
    ///   deprecated)` because Swift 6 would then warn on every middleware that uses this default.
    public func receiveContext(getState: @escaping GetState<StateType>, output: AnyActionHandler<OutputActionType>) {}

}

extension MiddlewareProtocol where Self: Sendable {
    /// This middleware behind the type-erased ``AnyMiddleware``; an `AnyMiddleware` is returned unchanged.
    @inlinable
    public func eraseToAnyMiddleware() -> AnyMiddleware<InputActionType, OutputActionType, StateType> {
        AnyMiddleware(self)
    }
}
