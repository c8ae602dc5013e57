import Switchyard

/// The first middleware of a ``TestStore``'s inner store: it records every action with the state before and after
/// its reducer. Its IO runs last (reverse composition order), after the reducer and the other IOs.
struct RecordingMiddleware<Action: Sendable, State: Sendable>: MiddlewareProtocol {
    typealias InputActionType = TestStoreAction<Action>
    typealias OutputActionType = TestStoreAction<Action>
    typealias StateType = State

    let log: TestStoreLog<Action, State>

    func handle(
        action: TestStoreAction<Action>,
        from dispatcher: ActionSource,
        state: @escaping GetState<State>
    ) -> IO<TestStoreAction<Action>> {
        let before = state()
        let log = log
        return IO { _ in
            log.record(
                TestStoreStep(action: action.action, source: dispatcher, before: before, after: state()),
                sent: action.isSent
            )
        }
    }
}
