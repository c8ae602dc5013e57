import Switchyard

/// An old-style middleware: it keeps the `getState` and `output` it receives in `receiveContext`, writes `(name)`
/// to the trace in `handle` and again in its after-reducer block, and dispatches `reply(action)` from there.
///
/// `@unchecked Sendable`, as old-style middlewares are: its `var`s are written only in `receiveContext`, which the
/// store calls once, before it shares the middleware with other threads.
@available(*, deprecated, message: "tests the deprecated API")
final class OldStyleMiddleware<Action, State>: Middleware, @unchecked Sendable {
    typealias InputActionType = Action
    typealias OutputActionType = Action
    typealias StateType = State

    let name: String
    let trace: Trace
    let reply: (Action) -> Action?
    private(set) var getState: GetState<State>?
    private(set) var output: AnyActionHandler<Action>?
    private(set) var contextCount = 0

    init(name: String, trace: Trace, reply: @escaping (Action) -> Action? = { _ in nil }) {
        self.name = name
        self.trace = trace
        self.reply = reply
    }

    func receiveContext(getState: @escaping GetState<State>, output: AnyActionHandler<Action>) {
        self.getState = getState
        self.output = output
        contextCount += 1
    }

    func handle(action: Action, from dispatcher: ActionSource, afterReducer: inout AfterReducer) {
        trace.append("(\(name))")
        afterReducer = .do {
            self.trace.append("(\(self.name))")
            if let answer = self.reply(action) {
                self.output?.dispatch(answer, info: self.name)
            }
        }
    }
}
