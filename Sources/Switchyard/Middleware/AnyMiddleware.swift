/// A type-erased middleware, built from a middleware or from a closure.
///
/// ```swift
/// let logger = AnyMiddleware<AppAction, AppAction, AppState> { action, source, state in
///     print(action, source)
///     return .pure()
/// }
/// ```
///
/// Like every middleware a store runs, it is `Sendable`: the store may call it from any thread.
public struct AnyMiddleware<InputActionType, OutputActionType, StateType>: MiddlewareProtocol, Sendable {
    @usableFromInline
    let handler: @Sendable (InputActionType, ActionSource, @escaping GetState<StateType>) -> IO<OutputActionType>
    @usableFromInline
    let contextReceiver: (@Sendable (@escaping GetState<StateType>, AnyActionHandler<OutputActionType>) -> Void)?
    /// The composition this middleware erases (an erased ``IdentityMiddleware`` is an empty one), so that `<>`
    /// flattens it instead of nesting it; `nil` for any other middleware.
    @usableFromInline
    let composition: MiddlewareBox<ComposedMiddleware<InputActionType, OutputActionType, StateType>>?
    /// The wrapped middleware's `handle` in the shape a composition calls, built where the middleware's type is
    /// known: a composition calls it directly, not through ``handle(action:from:state:)`` and the erasing closure.
    @usableFromInline
    let leaf: ComposedMiddleware<InputActionType, OutputActionType, StateType>.FusedHandler
    /// When this middleware is a lift of another erased middleware, the chain of maps down to the middleware lifted
    /// first, so that lifting it again does not nest; `nil` otherwise.
    @usableFromInline
    var relift: (any Relifting<InputActionType, OutputActionType, StateType>)?

    /// Erases `middleware`; erasing an `AnyMiddleware` returns it unchanged, so it is never wrapped twice.
    ///
    /// Inlinable so that the middleware is erased where its type is known: its `handle` is then specialized. Never
    /// inlined, so that a module erasing one middleware type at many call sites (a hundred lifts, say) compiles one
    /// specialization whose closures every erased value shares: a composition then calls the same function for each
    /// of them, which the processor predicts, instead of a copy per call site, which it does not.
    ///
    /// A lift of an ``IdentityMiddleware``, of a ``ComposedMiddleware`` or of an `AnyMiddleware` is erased in the
    /// shape of what it lifts: a lifted identity, erased, is an identity, which `<>` drops, and a lifted composition,
    /// erased, is the composition of each of its middlewares lifted, which `<>` flattens. A lift of
    /// an erased lift, erased, can be lifted again without nesting deeper: however many times a middleware is lifted
    /// and erased, handling an action takes the same stack.
    ///
    /// ```swift
    /// let global = favorites.eraseToAnyMiddleware()
    ///     .lift(inputAction: \AppAction.favorites, outputAction: AppAction.favorites, state: \AppState.favorites)
    ///     .eraseToAnyMiddleware()
    /// ```
    @inlinable @inline(never)
    public init<M: MiddlewareProtocol & Sendable>(_ middleware: M)
    where M.InputActionType == InputActionType, M.OutputActionType == OutputActionType, M.StateType == StateType {
        if let erased = middleware as? AnyMiddleware {
            self = erased
            return
        }
        // Decided here, once, where the middleware's type is known: nothing of it runs per action.
        if let lift = middleware as? any ShapedErasure<InputActionType, OutputActionType, StateType>,
            let erased = lift.erasedInShape()
        {
            self = erased
            return
        }
        self.init(erasing: middleware)
    }

    /// Erases `middleware` as it is: its `handle` behind the erasing closure, and its leaf for a composition.
    ///
    /// Never inlined, for the reason given at ``init(_:)``.
    @inlinable @inline(never)
    init<M: MiddlewareProtocol & Sendable>(erasing middleware: M)
    where M.InputActionType == InputActionType, M.OutputActionType == OutputActionType, M.StateType == StateType {
        // An explicit closure rather than the partial application `middleware.handle(action:from:state:)`, whose
        // thunk copies (retains) the captured middleware on every call.
        self.handler = { action, dispatcher, state in
            middleware.handle(action: action, from: dispatcher, state: state)
        }
        self.contextReceiver = { getState, output in
            middleware.receiveContext(getState: getState, output: output)
        }
        self.leaf = ComposedMiddleware.leaf(middleware)
        self.relift = nil
        if let composed = middleware as? ComposedMiddleware<InputActionType, OutputActionType, StateType> {
            self.composition = MiddlewareBox(composed)
        } else if middleware is IdentityMiddleware<InputActionType, OutputActionType, StateType> {
            self.composition = MiddlewareBox(ComposedMiddleware())
        } else {
            self.composition = nil
        }
    }

    /// Creates a middleware from its `handle` function and, for middlewares written for the deprecated setup call,
    /// its `receiveContext` (by default, nothing).
    ///
    /// ```swift
    /// let logger = AnyMiddleware<AppAction, AppAction, AppState>(handle: { action, source, state in
    ///     print(action, source)
    ///     return .pure()
    /// })
    /// ```
    @preconcurrency
    public init(
        receiveContext:
            (@Sendable (@escaping GetState<StateType>, AnyActionHandler<OutputActionType>) -> Void)? = nil,
        handle:
            @escaping @Sendable (
                InputActionType, ActionSource, @escaping GetState<StateType>
            ) -> IO<OutputActionType>
    ) {
        self.handler = handle
        self.contextReceiver = receiveContext
        self.composition = nil
        self.relift = nil
        self.leaf = ComposedMiddleware.FusedHandler { dispatcher, call in
            let io = handle(call.action, dispatcher, call.state)
            if !io.isPure {
                call.io = io <> call.io
            }
        }
    }

    /// An erased lift bound to a state getter (see `FilteringMiddleware.bound(toState:)`): `handle` calls `handler`,
    /// a composition calls `leaf`. It has no `receiveContext`: a store calls that on the middleware it was given,
    /// never on a bound one.
    @inlinable
    init(
        bound handler:
            @escaping @Sendable (
                InputActionType, ActionSource, @escaping GetState<StateType>
            ) -> IO<OutputActionType>,
        leaf: ComposedMiddleware<InputActionType, OutputActionType, StateType>.FusedHandler
    ) {
        self.handler = handler
        self.contextReceiver = nil
        self.composition = nil
        self.leaf = leaf
        self.relift = nil
    }

    /// Whether this middleware erases an ``IdentityMiddleware`` (or an empty composition): `<>` and
    /// `append(middleware:)` drop it.
    @usableFromInline package var erasesIdentity: Bool { composition?.middleware.count == 0 }

    /// The composition this middleware erases, if it erases one (an erased identity is not one): `<>` and
    /// `append(middleware:)` add its middlewares one by one instead of nesting it.
    @usableFromInline package var erasedComposition: ComposedMiddleware<InputActionType, OutputActionType, StateType>? {
        guard let composition = composition?.middleware, composition.count > 0 else { return nil }
        return composition
    }

    /// Forwards the deprecated setup call to the wrapped middleware.
    public func receiveContext(getState: @escaping GetState<StateType>, output: AnyActionHandler<OutputActionType>) {
        contextReceiver?(getState, output)
    }

    /// The whole `handle` in the shape a composition calls: a composition's fused tree, or the wrapped middleware's
    /// ``leaf``.
    @usableFromInline
    var fused: Handler {
        // `if let`, not `??`: the generic `??` would wrap the closure in two conversion thunks, called per action.
        if let fused = composition?.middleware.fused { return fused }
        return leaf.call
    }

    /// A composition's fused `handle`, for these types.
    @usableFromInline
    typealias Handler = ComposedMiddleware<InputActionType, OutputActionType, StateType>.Handler

    /// ``fused`` for a store whose state getter is `state`, the only getter it may then be called with (see
    /// ``ComposedMiddleware/fused(boundTo:)``).
    @inlinable
    func fused(boundTo state: @escaping GetState<StateType>) -> Handler {
        if let composition = composition?.middleware, let fused = composition.fused(boundTo: state) { return fused }
        if let bind = leaf.group?.bind { return bind(state).leaf.call }
        return leaf.call
    }

    /// Handles the action with the wrapped middleware.
    @inlinable
    public func handle(
        action: InputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<StateType>
    ) -> IO<OutputActionType> {
        handler(action, dispatcher, state)
    }
}
