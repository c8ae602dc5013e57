/// Several middlewares run as one: `a <> b <> c`.
///
/// `handle` calls each middleware in composition order (a, b, c); the returned IO runs their IOs in reverse order
/// (c, b, a), so the pipeline reads "a → b → c → reducer → c → b → a". Nested compositions are flattened and
/// ``IdentityMiddleware`` values are dropped.
public struct ComposedMiddleware<InputActionType, OutputActionType, StateType>: MiddlewareProtocol {
    @usableFromInline
    typealias Handler = (InputActionType, ActionSource, @escaping GetState<StateType>) -> IO<OutputActionType>

    /// A handler in a struct, so that an array keeps it at its own abstraction: calling it needs no thunk.
    @usableFromInline
    struct FusedHandler {
        @usableFromInline let call: Handler

        @inlinable
        init(_ call: @escaping Handler) {
            self.call = call
        }
    }

    /// The composed middlewares, in composition order.
    public var middlewares: [AnyMiddleware<InputActionType, OutputActionType, StateType>] { erased }

    @usableFromInline
    var erased: [AnyMiddleware<InputActionType, OutputActionType, StateType>]

    /// Each middleware's `handle`, as a closure that holds the middleware's concrete type; kept while the
    /// composition has at most ``maximumFusedCount`` middlewares, empty past that.
    @usableFromInline
    var handlers: [FusedHandler]

    /// ``handlers`` fused, at composition time, into one balanced tree of closures: a dispatch then loads nothing
    /// from an array and goes through no type erasure, and the calls nest only about log2(n) deep, which the
    /// processor's return prediction follows. `nil` when empty or past ``maximumFusedCount`` middlewares, where
    /// ``handle(action:from:state:)`` loops over ``middlewares`` instead.
    @usableFromInline
    var fused: Handler?

    /// The largest composition whose `handle` is fused: each append rebuilds the tree, so building a composition one
    /// middleware at a time costs O(n²) closures; past this size the composition loops over its middlewares.
    @usableFromInline
    static var maximumFusedCount: Int { 256 }

    /// Creates an empty composition, which behaves as ``IdentityMiddleware``.
    public init() {
        self.erased = []
        self.handlers = []
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
            let fusable = erased.count == handlers.count
            erased.append(middleware.eraseToAnyMiddleware())
            refuse(adding: fusable ? [FusedHandler(middleware.handle)] : nil)
        }
    }

    @inlinable
    mutating func append(_ composed: ComposedMiddleware) {
        let fusable = erased.count == handlers.count && composed.erased.count == composed.handlers.count
        erased.append(contentsOf: composed.erased)
        refuse(adding: fusable ? composed.handlers : nil)
    }

    /// Adds `newHandlers` (or, with `nil`, gives up fusing) and rebuilds the fused tree.
    @inlinable
    mutating func refuse(adding newHandlers: [FusedHandler]?) {
        guard let newHandlers, erased.count <= Self.maximumFusedCount else {
            handlers = []
            fused = nil
            return
        }
        handlers.append(contentsOf: newHandlers)
        fused = Self.fuse(handlers[...])?.call
    }

    /// One handler for `handlers`, halves fused recursively: each calls its first half, then its second, and
    /// returns their IOs in reverse order.
    @inlinable
    static func fuse(_ handlers: ArraySlice<FusedHandler>) -> FusedHandler? {
        switch handlers.count {
        case 0: return nil
        case 1: return handlers.first
        default:
            let middle = handlers.startIndex + handlers.count / 2
            guard let first = fuse(handlers[..<middle])?.call, let second = fuse(handlers[middle...])?.call
            else { return nil }
            return FusedHandler { action, dispatcher, state in
                let firstIO = first(action, dispatcher, state)
                return second(action, dispatcher, state) <> firstIO
            }
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
