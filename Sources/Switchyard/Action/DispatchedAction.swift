/// An action together with the ``ActionSource`` that dispatched it.
public struct DispatchedAction<Action> {
    /// The action.
    public let action: Action
    /// Who dispatched the action.
    public let dispatcher: ActionSource

    /// Creates a dispatched action.
    public init(_ action: Action, dispatcher: ActionSource) {
        self.action = action
        self.dispatcher = dispatcher
    }

    /// Transforms the action, keeping the source.
    public func map<NewAction>(_ transform: (Action) throws -> NewAction) rethrows -> DispatchedAction<NewAction> {
        DispatchedAction<NewAction>(try transform(action), dispatcher: dispatcher)
    }

    /// Transforms the action, keeping the source; `nil` when `transform` returns `nil`.
    public func compactMap<NewAction>(
        _ transform: (Action) throws -> NewAction?
    ) rethrows -> DispatchedAction<NewAction>? {
        try transform(action).map { DispatchedAction<NewAction>($0, dispatcher: dispatcher) }
    }
}

extension DispatchedAction: Sendable where Action: Sendable {}
extension DispatchedAction: Equatable where Action: Equatable {}
extension DispatchedAction: Hashable where Action: Hashable {}
