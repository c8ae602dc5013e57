/// Something that accepts actions: a store, a middleware's `output`, or a projection.
///
/// Conformers implement `dispatch(_ dispatchedAction:)`; the extension adds the convenient form that
/// records the caller as the action's source:
///
/// ```swift
/// output.dispatch(.changedFavorite(id, isFavorite: true), info: "API.changeFavorite callback")
/// ```
public protocol ActionHandler<Action>: Sendable {
    /// The type of action this handler accepts.
    associatedtype Action

    /// Accepts an action together with its source.
    func dispatch(_ dispatchedAction: DispatchedAction<Action>)
}

extension ActionHandler {
    /// Dispatches `action`, recording the caller's file, function and line as its ``ActionSource``.
    ///
    /// - Parameters:
    ///   - action: the action to dispatch.
    ///   - file: the caller's file; leave the default.
    ///   - function: the caller's function; leave the default.
    ///   - line: the caller's line; leave the default.
    ///   - info: optional extra information for debugging and logs.
    public func dispatch(
        _ action: Action,
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line,
        info: String? = nil
    ) {
        dispatch(
            DispatchedAction(action, dispatcher: ActionSource(file: file, function: function, line: line, info: info)))
    }

    /// Dispatches `action` with an explicit source, for example to forward an action keeping its original source.
    public func dispatch(_ action: Action, from dispatcher: ActionSource) {
        dispatch(DispatchedAction(action, dispatcher: dispatcher))
    }

    /// A handler of `NewAction` that transforms each action with `transform` and dispatches it here.
    ///
    /// The source of each action is kept, and so is the store's effect scope: effects run through the new handler
    /// belong to the store this one dispatches to.
    ///
    /// ```swift
    /// let searchOutput = output.contramap(AppAction.search)
    /// ```
    @preconcurrency
    public func contramap<NewAction>(
        _ transform: @escaping @Sendable (NewAction) -> Action
    ) -> AnyActionHandler<NewAction> {
        AnyActionHandler(self).contramap(transform)
    }
}
