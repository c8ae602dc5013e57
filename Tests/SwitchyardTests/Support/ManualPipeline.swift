import Foundation
import Switchyard

/// Runs actions through a middleware and a reducer by hand, the way a store does (handle, reduce, run the IOs),
/// processing actions dispatched from IOs afterwards, first in first out. Every processed action is recorded.
final class ManualPipeline<Action, State>: @unchecked Sendable {
    private let lock = NSLock()
    private var currentState: State
    private var pending: [DispatchedAction<Action>] = []
    private let middleware: AnyMiddleware<Action, Action, State>
    private let reducer: Reducer<Action, State>
    let processed = Recorder<Action>()

    init<M: MiddlewareProtocol & Sendable>(
        state: State,
        middleware: M,
        reducer: Reducer<Action, State>
    ) where M.InputActionType == Action, M.OutputActionType == Action, M.StateType == State {
        self.currentState = state
        self.middleware = AnyMiddleware(middleware)
        self.reducer = reducer
    }

    var state: State {
        lock.lock()
        defer { lock.unlock() }
        return currentState
    }

    /// Processes `action` and every action dispatched while processing it.
    func dispatch(_ action: Action, from source: ActionSource) {
        enqueue(DispatchedAction(action, dispatcher: source))
        while let next = dequeue() {
            processed.append(next)
            let io = middleware.handle(action: next.action, from: next.dispatcher, state: { self.state })
            lock.lock()
            reducer.reduce(next.action, &currentState)
            lock.unlock()
            io.run(AnyActionHandler { self.enqueue($0) })
        }
    }

    /// Processes `action` alone: handle, reduce, run the IO; returns what the IO dispatched, without processing it.
    func step(_ action: Action, from source: ActionSource) -> (ioIsPure: Bool, dispatched: [DispatchedAction<Action>]) {
        let io = middleware.handle(action: action, from: source, state: { self.state })
        lock.lock()
        reducer.reduce(action, &currentState)
        lock.unlock()
        let recorder = Recorder<Action>()
        io.run(AnyActionHandler { recorder.append($0) })
        return (io.isPure, recorder.values)
    }

    private func enqueue(_ action: DispatchedAction<Action>) {
        lock.lock()
        pending.append(action)
        lock.unlock()
    }

    private func dequeue() -> DispatchedAction<Action>? {
        lock.lock()
        defer { lock.unlock() }
        return pending.isEmpty ? nil : pending.removeFirst()
    }
}
