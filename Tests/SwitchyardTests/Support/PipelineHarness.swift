import Foundation
import Switchyard

/// A hand-run pipeline for tests, standing in for a store: it owns a state, a reducer and a middleware.
///
/// `send(_:)` calls the middleware's `handle` (whose `state()` reads the current state), runs the reducer in place,
/// then runs the returned IO with an output handler that records every dispatched action. When the harness
/// feeds back its output, actions dispatched while an action is processed are queued and processed after it, in
/// FIFO order. `receiveContext` is called once, at creation, as a store does.
final class PipelineHarness<M: MiddlewareProtocol>: @unchecked Sendable {
    typealias Action = M.InputActionType
    typealias State = M.StateType

    let middleware: M
    private let reducer: Reducer<Action, State>
    private let box: StateBox<State>
    private let sink: OutputSink<M.OutputActionType, Action>

    private init(
        state: State,
        reducer: Reducer<Action, State>,
        middleware: M,
        feedback: ((M.OutputActionType) -> Action?)?
    ) {
        self.box = StateBox(state)
        self.reducer = reducer
        self.middleware = middleware
        self.sink = OutputSink(feedback: feedback)
        middleware.receiveContext(getState: getState, output: output)
    }

    /// A harness that records the middleware's output without processing it.
    convenience init(state: State, reducer: Reducer<Action, State> = .identity, middleware: M) {
        self.init(state: state, reducer: reducer, middleware: middleware, feedback: nil)
    }

    /// The state after the last processed action.
    var state: State { box.value }

    /// Reads the current state; what the middleware receives as `state`.
    var getState: GetState<State> {
        { [box] in box.value }
    }

    /// Every action dispatched through the output handler, with its source.
    var dispatched: Recorder<M.OutputActionType> { sink.dispatched }

    /// Records dispatched actions and, when the harness feeds back, queues them.
    var output: AnyActionHandler<M.OutputActionType> { sink.handler }

    /// Processes `action` and, when the harness feeds back, every action dispatched meanwhile.
    func send(
        _ action: Action,
        info: String? = nil,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) {
        let source = ActionSource(file: file, function: function, line: line, info: info)
        var pending = [DispatchedAction(action, dispatcher: source)]
        while !pending.isEmpty {
            let next = pending.removeFirst()
            let io = middleware.handle(action: next.action, from: next.dispatcher, state: getState)
            box.mutate { reducer.reduce(next.action, &$0) }
            io.run(output)
            pending.append(contentsOf: sink.drain())
        }
    }
}

extension PipelineHarness where M.OutputActionType == M.InputActionType {
    /// A harness whose middleware dispatches actions of its own input type; with `processesOutput` they are
    /// processed after the current action, in FIFO order.
    convenience init(
        state: State,
        reducer: Reducer<Action, State> = .identity,
        middleware: M,
        processesOutput: Bool
    ) {
        self.init(state: state, reducer: reducer, middleware: middleware, feedback: processesOutput ? { $0 } : nil)
    }
}

/// A locked box around the state: the GetState closure is `@Sendable` and may be called from any thread.
final class StateBox<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    init(_ state: State) {
        self.state = state
    }

    var value: State {
        lock.lock()
        defer { lock.unlock() }
        return state
    }

    /// Mutates the state in place under the lock; test reducers never call back into the harness.
    func mutate(_ body: (inout State) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body(&state)
    }
}

/// Where a harness's output goes: a recorder of every dispatched action and, when the harness feeds back, a FIFO
/// queue of the actions still to process.
final class OutputSink<Output, Input>: @unchecked Sendable {
    let dispatched = Recorder<Output>()
    private let feedback: ((Output) -> Input?)?
    private let lock = NSLock()
    private var queue: [DispatchedAction<Input>] = []

    init(feedback: ((Output) -> Input?)?) {
        self.feedback = feedback
    }

    var handler: AnyActionHandler<Output> {
        AnyActionHandler { [weak self] dispatched in self?.receive(dispatched) }
    }

    /// Takes the queued actions, oldest first.
    func drain() -> [DispatchedAction<Input>] {
        lock.lock()
        defer { lock.unlock() }
        let drained = queue
        queue.removeAll()
        return drained
    }

    private func receive(_ dispatched: DispatchedAction<Output>) {
        self.dispatched.append(dispatched)
        guard let feedback, let action = feedback(dispatched.action) else { return }
        lock.lock()
        queue.append(DispatchedAction(action, dispatcher: dispatched.dispatcher))
        lock.unlock()
    }
}
