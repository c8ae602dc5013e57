/// A subject of another library that a store starts from and sends its states to, as SwiftRex 0.8's stores did:
/// `SwitchyardSwiftRex`'s `ReplayLastSubjectType` is one, which its `ReduxStoreBase` is made on.
package protocol StoreStateSubject<State>: Sendable {
    /// The state type.
    associatedtype State

    /// The subject's current value: the state a store made on the subject starts from.
    func currentStoreState() -> State

    /// Receives a state that the store's reducer produced and its `emitsValue` policy lets through, on the store's
    /// processing thread, as the reducer finishes.
    func storeDidReduce(_ state: State)
}

/// A subject whose own publisher a store made on it forwards as its states, as SwiftRex's stores did.
package protocol ForwardingStateSubject<State>: StoreStateSubject {
    /// The values and completion of the subject's publisher.
    var forwardedStates: ForwardedStates<State> { get }
}

extension Store {
    /// Makes the parts of a store on `subject`; see `init(subject:reducer:middleware:emitsValue:scheduling:diagnostics:)`.
    static func parts<Subject: StoreStateSubject, M: MiddlewareProtocol & Sendable>(
        subject: Subject,
        reducer: Reducer<Action, State>,
        middleware: M,
        emitsValue: ShouldEmitValue<State>,
        scheduling: SchedulingPolicy,
        diagnostics: StoreDiagnostics
    ) -> Parts
    where
        Subject.State == State, M.InputActionType == Action, M.OutputActionType == Action,
        M.StateType == State
    {
        let sending = Reducer<Action, State> { action, state in
            let previous = state
            reducer.reduce(action, &state)
            if emitsValue.shouldEmit(previous: previous, new: state) { subject.storeDidReduce(state) }
        }
        // A middleware that does nothing has no output to move to the main queue, and keeps the store's cheapest
        // path.
        guard scheduling == .mainThread, !Parts.doesNothing(middleware) else {
            return Parts(
                initialState: subject.currentStoreState(), reducer: sending, middleware: middleware,
                emitsValue: emitsValue, scheduling: scheduling, diagnostics: diagnostics)
        }
        return Parts(
            initialState: subject.currentStoreState(), reducer: sending,
            middleware: MainQueueOutputMiddleware(middleware: middleware), emitsValue: emitsValue,
            scheduling: scheduling, diagnostics: diagnostics)
    }
}
