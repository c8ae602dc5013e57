/// Several middlewares run as one: `a <> b <> c`.
///
/// `handle` calls each middleware in composition order (a, b, c); the returned IO runs their IOs in reverse order
/// (c, b, a), so the pipeline reads "a → b → c → reducer → c → b → a". Nested compositions are flattened and
/// ``IdentityMiddleware`` values are dropped.
public struct ComposedMiddleware<InputActionType, OutputActionType, StateType>: MiddlewareProtocol {
    @usableFromInline
    typealias Handler = (InputActionType, ActionSource, @escaping GetState<StateType>) -> IO<OutputActionType>

    /// The composed middlewares, in composition order.
    public var middlewares: [AnyMiddleware<InputActionType, OutputActionType, StateType>] { erased }

    @usableFromInline
    var erased: [AnyMiddleware<InputActionType, OutputActionType, StateType>]

    /// The `handle` of every middleware fused, at composition time, into one chain of closures that each hold their
    /// middleware's concrete type: a dispatch then loads nothing from an array and goes through no type erasure.
    /// `nil` when empty, or past ``maximumFusedCount`` middlewares, where ``handle(action:from:state:)`` loops over
    /// ``middlewares`` instead, so that the chain's depth stays bounded.
    @usableFromInline
    var fused: Handler?

    /// The largest composition whose `handle` is fused into one chain of closures.
    @usableFromInline
    static var maximumFusedCount: Int { 256 }

    /// Creates an empty composition, which behaves as ``IdentityMiddleware``.
    public init() {
        self.erased = []
        self.fused = nil
    }

    /// Appends `middleware` to the composition (flattening compositions and dropping identities).
    ///
    /// Inlinable so that the middleware is erased and fused where its type is known: its `handle` is then
    /// specialized.
    @inlinable
    public mutating func append<M: MiddlewareProtocol>(middleware: M)
    where M.InputActionType == InputActionType, M.OutputActionType == OutputActionType, M.StateType == StateType {
        if let composed = middleware as? ComposedMiddleware {
            append(composed)
        } else if middleware is IdentityMiddleware<InputActionType, OutputActionType, StateType> {
            return
        } else {
            let fusedSoFar = fused
            erased.append(middleware.eraseToAnyMiddleware())
            let canFuse = erased.count <= Self.maximumFusedCount && (erased.count == 1 || fusedSoFar != nil)
            fused = canFuse ? Self.fuse(fusedSoFar, middleware.handle) : nil
        }
    }

    @inlinable
    mutating func append(_ composed: ComposedMiddleware) {
        let fusedSoFar = fused
        let wasEmpty = erased.isEmpty
        erased.append(contentsOf: composed.erased)
        let canFuse = erased.count <= Self.maximumFusedCount && (wasEmpty || fusedSoFar != nil)
        fused = canFuse ? Self.fuse(fusedSoFar, composed.fused) : nil
    }

    /// One handler that calls `first`, then `second`, and returns their IOs in reverse order.
    @inlinable
    static func fuse(_ first: Handler?, _ second: Handler?) -> Handler? {
        guard let first else { return second }
        guard let second else { return first }
        return { action, dispatcher, state in
            let firstIO = first(action, dispatcher, state)
            return second(action, dispatcher, state) <> firstIO
        }
    }

    /// Forwards the deprecated setup call to every middleware, in composition order.
    public func receiveContext(getState: @escaping GetState<StateType>, output: AnyActionHandler<OutputActionType>) {
        for middleware in erased {
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
        if let fused { return fused(action, dispatcher, state) }
        // Borrowed from the buffer: no retain and release of each middleware per action.
        return erased.withUnsafeBufferPointer { middlewares in
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
    @inlinable
    public static func <> (lhs: ComposedMiddleware, rhs: ComposedMiddleware) -> ComposedMiddleware {
        var result = lhs
        result.append(rhs)
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
