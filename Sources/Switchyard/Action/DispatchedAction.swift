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

    /// Creates a dispatched action whose source is the caller: its `#fileID`, `#function` and `#line`, and `info`.
    ///
    /// ```swift
    /// output.dispatch(DispatchedAction(.didLoad(items), info: "from the cache"))
    /// ```
    public init(
        _ action: Action,
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line,
        info: String? = nil
    ) {
        self.init(action, dispatcher: ActionSource(file: file, function: function, line: line, info: info))
    }

    /// The action transformed, the source kept: how a scope or a projection forwards an action to its parent.
    @usableFromInline
    package func mapping<NewAction>(_ transform: (Action) throws -> NewAction) rethrows -> DispatchedAction<NewAction> {
        DispatchedAction<NewAction>(try transform(action), dispatcher: dispatcher)
    }

    /// The action transformed, the source kept; `nil` when `transform` returns `nil`.
    package func compactMapping<NewAction>(
        _ transform: (Action) throws -> NewAction?
    ) rethrows -> DispatchedAction<NewAction>? {
        try transform(action).map { DispatchedAction<NewAction>($0, dispatcher: dispatcher) }
    }
}

extension DispatchedAction {
    /// The action and its source, taken apart, so that the caller lets go of them one by one. A `DispatchedAction`
    /// larger than eight words (one whose action has a payload) is otherwise released as a whole from memory,
    /// through its generic value witness: about 60 instructions more per dispatch.
    @inlinable @inline(__always)
    consuming func parts() -> (action: Action, dispatcher: ActionSource) {
        (action, dispatcher)
    }
}

extension DispatchedAction: Sendable where Action: Sendable {}
extension DispatchedAction: Equatable where Action: Equatable {}
extension DispatchedAction: Hashable where Action: Hashable {}
