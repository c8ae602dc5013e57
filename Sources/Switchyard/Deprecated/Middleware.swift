/// The SwiftRex 0.7 middleware: it receives its context once with
/// ``MiddlewareProtocol/receiveContext(getState:output:)`` and
/// schedules after-reducer work through an `inout` ``AfterReducer``.
///
/// Old middlewares keep working unchanged in a composition, lifted, and in a store: the store calls
/// `receiveContext` once when it is created, and the ``AfterReducer`` runs where an ``IO`` would.
@available(
    *, deprecated, message: "Use `MiddlewareProtocol` instead of `Middleware`. This protocol will be removed on 1.0."
)
public protocol Middleware: MiddlewareProtocol {
    /// Handles the action before the reducer; set `afterReducer` to run work after it (default: nothing).
    func handle(action: InputActionType, from dispatcher: ActionSource, afterReducer: inout AfterReducer)
}

@available(
    *, deprecated, message: "Use `MiddlewareProtocol` instead of `Middleware`. This protocol will be removed on 1.0."
)
extension Middleware {
    /// Runs the old-style `handle(action:from:afterReducer:)` and returns its after-reducer block as an ``IO``.
    public func handle(
        action: InputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<StateType>
    ) -> IO<OutputActionType> {
        var afterReducer = AfterReducer.doNothing()
        handle(action: action, from: dispatcher, afterReducer: &afterReducer)
        guard let block = afterReducer.block else { return .pure() }
        return IO { _ in block() }
    }
}
