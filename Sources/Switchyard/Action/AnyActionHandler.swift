/// A type-erased ``ActionHandler``: what a middleware receives as `output`.
///
/// ```swift
/// let printer = AnyActionHandler<String> { dispatched in print(dispatched.action) }
/// printer.dispatch("hello")
/// ```
public struct AnyActionHandler<ActionType>: ActionHandler {
    @usableFromInline
    let realHandler: @Sendable (DispatchedAction<ActionType>) -> Void

    /// Creates a handler from a closure that receives every dispatched action.
    public init(_ dispatch: @escaping @Sendable (DispatchedAction<ActionType>) -> Void) {
        self.realHandler = dispatch
    }

    /// Wraps another handler; wrapping an `AnyActionHandler` returns it unchanged.
    public init<Handler: ActionHandler>(_ handler: Handler) where Handler.ActionType == ActionType {
        if let erased = handler as? AnyActionHandler<ActionType> {
            self = erased
        } else {
            self.realHandler = { handler.dispatch($0) }
        }
    }

    /// Accepts an action together with its source.
    @inlinable
    public func dispatch(_ dispatchedAction: DispatchedAction<ActionType>) {
        realHandler(dispatchedAction)
    }
}
