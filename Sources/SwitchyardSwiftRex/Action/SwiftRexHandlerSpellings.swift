import Switchyard

extension ActionHandler {
    /// This handler behind the type-erased `AnyActionHandler`: SwiftRex's spelling of `AnyActionHandler(handler)`.
    public func eraseToAnyActionHandler() -> AnyActionHandler<Action> {
        AnyActionHandler(self)
    }
}

extension ShouldEmitValue {
    /// Whether observers are spared the change from `old` to `new`: the opposite of `shouldEmit(previous:new:)`,
    /// the way `removeDuplicates(by:)` asks. SwiftRex's spelling, kept for its code.
    @inlinable
    public func shouldRemove(previous old: StateType, new: StateType) -> Bool {
        !shouldEmit(previous: old, new: new)
    }
}
