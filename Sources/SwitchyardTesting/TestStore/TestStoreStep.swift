import Switchyard

/// One action the ``TestStore``'s inner store processed, with the state before and after its reducer.
struct TestStoreStep<Action: Sendable, State: Sendable>: Sendable {
    let action: Action
    let source: ActionSource
    let before: State
    let after: State

    /// `action` from `source`, for failure messages.
    var summary: String { "\(action) from \(source)" }
}
