import Switchyard

/// A middleware that writes `name.handle(state)` to a ``Trace`` when it handles an action and `name.io(state)`
/// when its IO runs, then dispatches what `reply` returns for the action.
struct TraceMiddleware<Action, State>: MiddlewareProtocol, Sendable {
    let name: String
    let trace: Trace
    var reply: @Sendable (Action) -> [Action] = { _ in [] }

    func handle(action: Action, from dispatcher: ActionSource, state: @escaping GetState<State>) -> IO<Action> {
        trace.append("\(name).handle(\(state()))")
        let replies = reply(action)
        return IO { output in
            trace.append("\(name).io(\(state()))")
            for reply in replies {
                output.dispatch(reply, info: name)
            }
        }
    }
}

/// Maps `Never` to any type: lifts the output of a middleware that dispatches nothing.
func absurd<A>(_ never: Never) -> A {}
