import Switchyard

// SwiftRex 0.8's maps of a dispatched action and its `flatMap` of an IO. Switchyard code maps actions where it
// dispatches them (`output.contramap(_:)`, a lift's `outputAction:`) and maps an IO's actions with `IO.map(_:)`.
extension DispatchedAction {
    /// Transforms the action, keeping the source.
    public func map<NewAction>(_ transform: (Action) throws -> NewAction) rethrows -> DispatchedAction<NewAction> {
        try mapping(transform)
    }

    /// Transforms the action, keeping the source; `nil` when `transform` returns `nil`.
    public func compactMap<NewAction>(
        _ transform: (Action) throws -> NewAction?
    ) rethrows -> DispatchedAction<NewAction>? {
        try compactMapping(transform)
    }
}

extension IO {
    /// An IO that, for every action this one dispatches, runs the IO that `transform` returns for it; the effects of
    /// those IOs belong to the store, as this one's do.
    @preconcurrency
    public func flatMap<NewOutput>(
        _ transform: @escaping @Sendable (DispatchedAction<OutputActionType>) -> IO<NewOutput>
    ) -> IO<NewOutput> {
        guard !isPure else { return .pure() }
        return IO<NewOutput> { output in
            self.run(
                AnyActionHandler(effectScope: output.effectScope) { dispatched in transform(dispatched).run(output) })
        }
    }
}
