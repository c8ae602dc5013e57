/// Several middlewares run as one: `a <> b <> c`.
///
/// `handle` calls each middleware in composition order (a, b, c); the returned IO runs their IOs in reverse order
/// (c, b, a), so the pipeline reads "a → b → c → reducer → c → b → a". Nested compositions are flattened and
/// ``IdentityMiddleware`` values are dropped.
///
/// Composing one middleware at a time, `composed = composed <> next`, costs amortized constant time per middleware:
/// the composition shares its list with the one it extends.
public struct ComposedMiddleware<InputActionType, OutputActionType, StateType>: MiddlewareProtocol, Sendable {
    /// A fused `handle`: it adds the IOs of the middlewares it stands for to `call.io`, the IO of the middlewares
    /// before them (a later middleware's IO runs first). `handle`'s arguments travel as two pointers: the action's
    /// source, borrowed from the caller (copying it would retain its strings), and an `inout` struct with the action,
    /// the state getter and the IO, which is passed through rather than returned per middleware: a node of the fused
    /// tree does nothing but call its children.
    @usableFromInline
    typealias Handler = @Sendable (ActionSource, inout HandleCall) -> Void

    /// The action and state getter of one `handle` call, and the IO collected so far.
    @usableFromInline
    struct HandleCall {
        @usableFromInline let action: InputActionType
        @usableFromInline let state: GetState<StateType>
        @usableFromInline var io: IO<OutputActionType>

        @inlinable
        init(action: InputActionType, state: @escaping GetState<StateType>) {
            self.action = action
            self.state = state
            self.io = .pure()
        }
    }

    /// A handler in a struct, so that an array keeps it at its own abstraction: calling it needs no thunk.
    @usableFromInline
    struct FusedHandler: Sendable {
        @usableFromInline let call: Handler
        /// For the leaf of a lift: what a node needs to call the lift's input map itself (see ``FusedGroup``).
        @usableFromInline let group: FusedGroup?

        @inlinable
        init(_ call: @escaping Handler, group: FusedGroup? = nil) {
            self.call = call
            self.group = group
        }
    }

    /// How a node calls the input maps of ``fanOut`` lifts of one type itself, one call site per lift, instead of
    /// calling their leaves: a call fewer per lift, and a processor predicts a call site with one target better
    /// than one shared by a hundred lifts.
    @usableFromInline
    struct FusedGroup: Sendable {
        /// Builds the node for ``ComposedMiddleware/fanOut`` members, in order.
        @usableFromInline typealias NodeBuilder = @Sendable ([AnyObject & Sendable]) -> Handler

        /// The lifts' type: only leaves of one type share such a node.
        @usableFromInline let type: ObjectIdentifier
        /// The lift of this leaf, in the form that `node` takes.
        @usableFromInline let member: AnyObject & Sendable
        /// Builds the node for ``ComposedMiddleware/fanOut`` members of this type, in order.
        @usableFromInline let node: NodeBuilder
        /// The lift of this leaf bound to a state getter, erased: a store fuses its ``AnyMiddleware/leaf`` (see
        /// ``ComposedMiddleware/fused(boundTo:)``), a lift above it calls its `handle` (see
        /// `StateBindingMiddleware`). `nil` for a leaf already bound.
        @usableFromInline let bind: Binder?

        /// Makes the lift of a leaf bound to a state getter, erased.
        @usableFromInline typealias Binder =
            @Sendable (@escaping GetState<StateType>) -> AnyMiddleware<InputActionType, OutputActionType, StateType>

        @inlinable
        init(
            type: ObjectIdentifier,
            member: AnyObject & Sendable,
            node: @escaping NodeBuilder,
            bind: Binder?
        ) {
            self.type = type
            self.member = member
            self.node = node
            self.bind = bind
        }
    }

    /// The composed middlewares, in composition order.
    @usableFromInline
    package var members: [AnyMiddleware<InputActionType, OutputActionType, StateType>] { list?.array ?? [] }

    /// The composed middlewares, in composition order; `nil` when there are none.
    @usableFromInline
    var list: FlatList<AnyMiddleware<InputActionType, OutputActionType, StateType>>?

    /// The number of composed middlewares.
    @usableFromInline
    var count: Int { list?.count ?? 0 }

    /// Each middleware's `handle`, as a closure that holds the middleware's concrete type; kept while the
    /// composition has at most ``maximumFusedCount`` middlewares, empty past that.
    @usableFromInline
    var handlers: [FusedHandler]

    /// ``handlers`` fused, at composition time, into a tree of closures whose nodes call up to ``fanOut`` children:
    /// a dispatch then loads nothing from an array (an element loaded from an array is retained for the call) and
    /// goes through no type erasure, and the calls nest only about log8(n) deep, which the processor's return
    /// prediction follows. `nil` when empty or past ``maximumFusedCount`` middlewares, where
    /// ``handle(action:from:state:)`` loops over ``middlewares`` instead.
    @usableFromInline
    var fused: Handler?

    /// The largest composition whose `handle` is fused: each append rebuilds the tree, so building a composition one
    /// middleware at a time costs O(n²) closures up to this size; past it the composition loops over its middlewares
    /// and an append costs amortized O(1).
    @usableFromInline
    static var maximumFusedCount: Int { 256 }

    /// Creates an empty composition, which behaves as ``IdentityMiddleware``: ``identity``.
    @usableFromInline
    package init() {
        self.list = nil
        self.handlers = []
        self.fused = nil
    }

    /// Appends `middleware` to the composition (flattening compositions and dropping identities).
    ///
    /// Inlinable so that the middleware is erased and fused where its type is known: its `handle` is then
    /// specialized.
    /// An ``AnyMiddleware`` that erases a composition (or an identity) is flattened (or dropped) as the middleware
    /// it erases, and so is a lift of a composition (or of an identity), erased or not.
    @inlinable
    package mutating func append<M: MiddlewareProtocol & Sendable>(middleware: M)
    where M.InputActionType == InputActionType, M.OutputActionType == OutputActionType, M.StateType == StateType {
        if let composed = middleware as? ComposedMiddleware {
            append(composed)
        } else if middleware is IdentityMiddleware<InputActionType, OutputActionType, StateType> {
            return
        } else {
            // Erased first: a lift of an identity or of a composition is erased as one (see `AnyMiddleware.init(_:)`).
            let erased = middleware.eraseToAnyMiddleware()
            if let composed = erased.composition {
                append(composed.middleware)
                return
            }
            let fusable = count == handlers.count
            list = list?.appending(erased) ?? FlatList(erased)
            // The erased middleware's leaf, built where the middleware's type was known (also when `M` is
            // `AnyMiddleware`): calling it skips the erasing closure.
            refuse(adding: fusable ? [erased.leaf] : nil)
        }
    }

    @inlinable
    mutating func append(_ composed: ComposedMiddleware) {
        guard let other = composed.list else { return }
        guard let list else {
            self = composed
            return
        }
        let fusable = count == handlers.count && composed.count == composed.handlers.count
        self.list = list + other
        refuse(adding: fusable ? composed.handlers : nil)
    }

    /// ``fused`` for a store whose state getter is `state`, which is the only getter it may be called with: each
    /// lift that maps the state gets its lifted getter once, here, rather than a new one (an allocation) per action
    /// it handles. The store keeps what this returns, and with it its own getter: the composition keeps nothing.
    @inlinable
    func fused(boundTo state: @escaping GetState<StateType>) -> Handler? {
        guard fused != nil, handlers.contains(where: { $0.group?.bind != nil }) else { return fused }
        let bound = handlers.map { handler in handler.group?.bind?(state).leaf ?? handler }
        return Self.fuse(bound[...])?.call
    }

    /// Runs `handler`, a fused `handle`, for one action, and returns the IOs it collected.
    @inlinable
    static func run(
        _ handler: Handler,
        action: InputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<StateType>
    ) -> IO<OutputActionType> {
        var call = HandleCall(action: action, state: state)
        handler(dispatcher, &call)
        return call.io
    }

    /// Adds `newHandlers` (or, with `nil`, gives up fusing) and rebuilds the fused tree.
    @inlinable
    mutating func refuse(adding newHandlers: [FusedHandler]?) {
        guard let newHandlers, count <= Self.maximumFusedCount else {
            if !handlers.isEmpty { handlers = [] }
            fused = nil
            return
        }
        handlers.append(contentsOf: newHandlers)
        fused = Self.fuse(handlers[...])?.call
    }

    /// Forwards the deprecated setup call to every middleware, in composition order.
    public func receiveContext(getState: @escaping GetState<StateType>, output: AnyActionHandler<OutputActionType>) {
        list?.withElements { middlewares in
            for middleware in middlewares {
                middleware.receiveContext(getState: getState, output: output)
            }
        }
    }

    /// Calls `handle` on every middleware in order and returns their IOs combined in reverse order.
    @inlinable
    public func handle(
        action: InputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<StateType>
    ) -> IO<OutputActionType> {
        if let fused {
            return Self.run(fused, action: action, from: dispatcher, state: state)
        }
        guard let list else { return .pure() }
        // Borrowed from the buffer: no retain and release of each middleware per action.
        return list.withElements { middlewares in
            var io = IO<OutputActionType>.pure()
            for index in middlewares.indices {
                io = middlewares[index].handle(action: action, from: dispatcher, state: state) <> io
            }
            return io
        }
    }
}

extension ComposedMiddleware {
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
public func <> <M1: MiddlewareProtocol & Sendable, M2: MiddlewareProtocol & Sendable>(
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
