import Switchyard

extension ReduxStoreBase {
    /// A store whose state lives in `subject`, as SwiftRex 0.8 makes one: it starts from the subject's value, and
    /// each state the store commits (as `emitsValue` decides) is sent to the subject, on the processing thread, as the
    /// reducer finishes.
    ///
    /// ```swift
    /// let subject = UnfailableReplayLastSubjectType(initialValue: AppState())
    /// let store = ReduxStoreBase(subject: subject, reducer: appReducer, middleware: IdentityMiddleware())
    /// subject.publisher.subscribe(SubscriberType(onValue: { state in print(state) }))
    /// ```
    ///
    /// The store keeps its own copy of the state: a value sent to the subject by anything other than the store does
    /// not change the store's state. By default (`scheduling: .mainThread`), the store processes every action on the
    /// main thread and the subject receives each state there, as SwiftRex's store did: an action dispatched on the
    /// main thread is processed before `dispatch` returns, one from another thread on the main queue. A program that
    /// does not run the main queue (a command-line tool, a server) passes `scheduling: .callerThread`.
    @preconcurrency
    public convenience init<M: MiddlewareProtocol & Sendable>(
        subject: UnfailableReplayLastSubjectType<StateType>,
        reducer: Reducer<ActionType, StateType>,
        middleware: M,
        emitsValue: ShouldEmitValue<StateType> = .always,
        scheduling: SchedulingPolicy = .mainThread
    ) where M.InputActionType == ActionType, M.OutputActionType == ActionType, M.StateType == StateType {
        let send = subject.subscriber.onValue
        let reducer = Reducer<ActionType, StateType> { action, state in
            let previous = state
            reducer.reduce(action, &state)
            if emitsValue.shouldEmit(previous: previous, new: state) { send(state) }
        }
        if scheduling == .mainThread {
            self.init(
                initialState: subject.value(), reducer: reducer,
                middleware: MainQueueOutputMiddleware(middleware: middleware),
                emitsValue: emitsValue, scheduling: scheduling)
        } else {
            self.init(
                initialState: subject.value(), reducer: reducer, middleware: middleware, emitsValue: emitsValue,
                scheduling: scheduling)
        }
        subjectStates = PublisherType.forwardedStates(of: subject.publisher)
    }
}
