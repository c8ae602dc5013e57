// The code of README.md, compiled. DocumentationTests checks that every Swift block of the README appears here
// verbatim (leading whitespace and blank lines aside). The README's declarations are at the top level, as in an app's
// main.swift.

import Switchyard

enum CounterAction: Sendable { case increment, decrement }

struct AnnounceMiddleware: MiddlewareProtocol {
    func handle(
        action: CounterAction,
        from dispatcher: ActionSource,
        state: @escaping GetState<Int>
    ) -> IO<CounterAction> {
        let before = state()  // before the reducer
        return IO { _ in print("\(action) at \(dispatcher.file):\(dispatcher.line): \(before) → \(state())") }
    }
}

let counterReducer = Reducer<CounterAction, Int> { action, state in
    switch action {
    case .increment: state += 1
    case .decrement: state -= 1
    }
}

let store = Store(initialState: 0, reducer: counterReducer, middleware: AnnounceMiddleware())

enum ReadmeSnippets {
    /// The README's dispatch; returns the state after it.
    static func dispatchOnce() -> Int {
        store.dispatch(.increment)  // prints "increment at App/main.swift:25: 0 → 1"
        return store.state
    }
}
