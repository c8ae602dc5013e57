/// An action as the ``TestStore``'s inner store sees it: sent by the test, or dispatched by a middleware.
enum TestStoreAction<Action: Sendable>: Sendable {
    case sent(Action)
    case received(Action)

    /// The action itself.
    var action: Action {
        switch self {
        case .sent(let action), .received(let action): action
        }
    }

    /// Whether the test sent it.
    var isSent: Bool {
        if case .sent = self { true } else { false }
    }
}
