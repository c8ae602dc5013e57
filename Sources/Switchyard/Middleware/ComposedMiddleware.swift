/// Several middlewares run as one: `a <> b <> c`.
///
/// `handle` calls each middleware in composition order (a, b, c); the returned IO runs their IOs in reverse order
/// (c, b, a), so the pipeline reads "a → b → c → reducer → c → b → a". Nested compositions are flattened and
/// ``IdentityMiddleware`` values are dropped.
public struct ComposedMiddleware<InputActionType, OutputActionType, StateType>: MiddlewareProtocol {
    /// The composed middlewares, in composition order.
    public private(set) var middlewares: [AnyMiddleware<InputActionType, OutputActionType, StateType>]

    /// Creates an empty composition, which behaves as ``IdentityMiddleware``.
    public init() {
        self.middlewares = []
    }

    /// Appends `middleware` to the composition (flattening compositions and dropping identities).
    ///
    /// Inlinable so that the middleware is erased where its type is known: its `handle` is then specialized.
    @inlinable
    public mutating func append<M: MiddlewareProtocol>(middleware: M)
    where M.InputActionType == InputActionType, M.OutputActionType == OutputActionType, M.StateType == StateType {
        if let composed = middleware as? ComposedMiddleware {
            appendErased(contentsOf: composed.middlewares)
        } else if middleware is IdentityMiddleware<InputActionType, OutputActionType, StateType> {
            return
        } else {
            appendErased(contentsOf: CollectionOfOne(middleware.eraseToAnyMiddleware()))
        }
    }

    @usableFromInline
    mutating func appendErased(
        contentsOf erased: some Sequence<AnyMiddleware<InputActionType, OutputActionType, StateType>>
    ) {
        middlewares.append(contentsOf: erased)
    }

    /// Forwards the deprecated setup call to every middleware, in composition order.
    public func receiveContext(getState: @escaping GetState<StateType>, output: AnyActionHandler<OutputActionType>) {
        for middleware in middlewares {
            middleware.receiveContext(getState: getState, output: output)
        }
    }

    /// Calls `handle` on every middleware in order and returns their IOs combined in reverse order.
    @inlinable
    public func handle(
        action: InputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<StateType>
    ) -> IO<OutputActionType> {
        // Borrowed from the buffer: no retain and release of each middleware per action.
        middlewares.withUnsafeBufferPointer { middlewares in
            var io = IO<OutputActionType>.pure()
            for index in middlewares.indices {
                io = middlewares[index].handle(action: action, from: dispatcher, state: state) <> io
            }
            return io
        }
    }
}

extension ComposedMiddleware: Monoid {
    /// The empty composition.
    public static var identity: ComposedMiddleware { ComposedMiddleware() }

    /// The composition of `lhs` followed by `rhs`.
    public static func <> (lhs: ComposedMiddleware, rhs: ComposedMiddleware) -> ComposedMiddleware {
        var result = lhs
        result.middlewares.append(contentsOf: rhs.middlewares)
        return result
    }
}

/// Composes two middlewares of the same types: `lhs` handles first, and its IO runs last.
///
/// ```swift
/// let appMiddleware = loggerMiddleware <> favoritesMiddleware <> routerMiddleware
/// ```
@inlinable
public func <> <M1: MiddlewareProtocol, M2: MiddlewareProtocol>(
    lhs: M1,
    rhs: M2
) -> ComposedMiddleware<M1.InputActionType, M1.OutputActionType, M1.StateType>
where
    M1.InputActionType == M2.InputActionType, M1.OutputActionType == M2.OutputActionType,
    M1.StateType == M2.StateType
{
    var composed = ComposedMiddleware<M1.InputActionType, M1.OutputActionType, M1.StateType>()
    composed.append(middleware: lhs)
    composed.append(middleware: rhs)
    return composed
}
