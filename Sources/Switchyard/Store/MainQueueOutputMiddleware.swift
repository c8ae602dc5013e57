import Dispatch

/// A middleware whose `receiveContext` output dispatches each action on a later turn of the main queue, as a SwiftRex
/// 0.8 store did: an action a middleware sends through that output, from its `handle` or its IO, runs after the
/// actions already dispatched on the main thread, and not inside the action being processed.
///
/// The actions of an IO's own output keep the store's order: they run before the next dispatch.
struct MainQueueOutputMiddleware<Middleware: MiddlewareProtocol & Sendable>: MiddlewareProtocol, Sendable
where Middleware.OutputActionType: Sendable {
    let middleware: Middleware

    func receiveContext(
        getState: @escaping GetState<Middleware.StateType>,
        output: AnyActionHandler<Middleware.OutputActionType>
    ) {
        middleware.receiveContext(
            getState: getState,
            output: AnyActionHandler { dispatched in
                DispatchQueue.main.async { output.dispatch(dispatched) }
            }
        )
    }

    func handle(
        action: Middleware.InputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<Middleware.StateType>
    ) -> IO<Middleware.OutputActionType> {
        middleware.handle(action: action, from: dispatcher, state: state)
    }
}
