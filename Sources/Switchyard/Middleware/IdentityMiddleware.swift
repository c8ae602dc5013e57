/// The middleware that does nothing: the neutral element of `<>`.
public struct IdentityMiddleware<InputActionType, OutputActionType, StateType>: MiddlewareProtocol, Sendable {
    /// Creates the identity middleware.
    public init() {}

    /// Ignores the action and returns ``IO/pure()``.
    @inlinable
    public func handle(
        action: InputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<StateType>
    ) -> IO<OutputActionType> {
        .pure()
    }
}

extension IdentityMiddleware {
    /// Composing two identities gives the identity.
    public static func <> (lhs: IdentityMiddleware, rhs: IdentityMiddleware) -> IdentityMiddleware { lhs }
}

extension IdentityMiddleware: Equatable {}
