/// A type-erased ``ActionHandler``: what a middleware receives as `output`.
///
/// ```swift
/// let printer = AnyActionHandler<String> { dispatched in print(dispatched.action) }
/// printer.dispatch("hello")
/// ```
public struct AnyActionHandler<Action>: ActionHandler {
    @usableFromInline
    let realHandler: @Sendable (DispatchedAction<Action>) -> Void
    /// The effects of the store this handler dispatches to; `nil` for handlers that no store created.
    package let effectScope: EffectScope?

    /// Creates a handler from a closure that receives every dispatched action.
    @preconcurrency
    public init(_ dispatch: @escaping @Sendable (DispatchedAction<Action>) -> Void) {
        self.realHandler = dispatch
        self.effectScope = nil
    }

    /// Creates a handler whose effects (``IO/run(id:cancelInFlight:priority:operation:catch:fileID:line:)``)
    /// belong to `effectScope`.
    @usableFromInline
    package init(
        effectScope: EffectScope?,
        _ dispatch: @escaping @Sendable (DispatchedAction<Action>) -> Void
    ) {
        self.realHandler = dispatch
        self.effectScope = effectScope
    }

    /// Wraps another handler; wrapping an `AnyActionHandler` returns it unchanged.
    ///
    /// Wrapping a store keeps the store's effect scope, so the effects run through the wrapper belong to the store.
    public init<Handler: ActionHandler>(_ handler: Handler) where Handler.Action == Action {
        if let erased = handler as? AnyActionHandler<Action> {
            self = erased
        } else {
            self.realHandler = { handler.dispatch($0) }
            self.effectScope = (handler as? any EffectScopeProvider)?.effectScope
        }
    }

    /// Accepts an action together with its source.
    @inlinable
    public func dispatch(_ dispatchedAction: DispatchedAction<Action>) {
        realHandler(dispatchedAction)
    }

    /// A handler of `NewAction` that transforms each action with `transform` and dispatches it here; the source
    /// is kept, and so is the store's effect scope, so effects of a lifted middleware belong to the store.
    @preconcurrency
    @usableFromInline
    package func contramap<NewAction>(
        _ transform: @escaping @Sendable (NewAction) -> Action
    ) -> AnyActionHandler<NewAction> {
        let realHandler = self.realHandler
        return AnyActionHandler<NewAction>(effectScope: effectScope) { realHandler($0.mapping(transform)) }
    }
}
