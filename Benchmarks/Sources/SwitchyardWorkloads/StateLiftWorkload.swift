import Switchyard

/// A middleware of a part of the app with a state of its own: it handles the part's local action, reads the part's
/// state, and does nothing after the reducer.
struct LocalCountReadingMiddleware: MiddlewareProtocol, Sendable {
    // Implemented, though empty, because the protocol's default implementation is deprecated and using it warns.
    func receiveContext(getState: @escaping GetState<Int>, output: AnyActionHandler<Int>) {}

    func handle(action: Int, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<Int> {
        precondition(state() >= 0)
        return .pure()
    }
}

/// W3s: W3e with a state map too: each of the hundred middlewares reads a state of its own,
/// `m.lift(inputAction: { … }, outputAction: { … }, state: { … })`, erased and appended one at a time with `<>`.
/// The middleware that handles the action gets its state through a lifted `getState`, which the store made once,
/// when it was created.
package final class StateLiftWorkload: Workload {
    package static let name = "w3s"
    private let counter: HundredLiftsCounter

    package init() {
        let m = LocalCountReadingMiddleware()
        counter = HundredLiftsCounter(Self.liftedCases0to49(m) + Self.liftedCases50to99(m))
    }

    package func run(_ count: Int) {
        counter.dispatch(count)
    }
}
