import Switchyard

// SwiftRex 0.8 builds a composition step by step (an empty one, then `append(middleware:)`) and its tests read its
// `middlewares`. The core composes with `<>` and starts from `identity`, which is what these do.
extension ComposedMiddleware {
    /// Creates an empty composition, which behaves as ``IdentityMiddleware``: SwiftRex's spelling of
    /// `ComposedMiddleware.identity`.
    public init() {
        self = .identity
    }

    /// Appends `middleware` to the composition, flattening compositions and dropping identities: SwiftRex's spelling
    /// of `composition = composition <> middleware`.
    public mutating func append<M: MiddlewareProtocol & Sendable>(middleware: M)
    where M.InputActionType == InputActionType, M.OutputActionType == OutputActionType, M.StateType == StateType {
        self = self <> middleware
    }

    /// The composed middlewares, erased, in composition order: what SwiftRex's tests read of a composition to see
    /// that compositions are flat and identities dropped.
    public var middlewares: [AnyMiddleware<InputActionType, OutputActionType, StateType>] { members }
}
