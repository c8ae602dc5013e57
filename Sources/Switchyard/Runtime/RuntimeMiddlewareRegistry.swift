import Synchronization

/// Middlewares added and removed while a store runs, from any module and any thread typed and thread-safe.
///
/// The state module creates the store; the app module, which depends on it, injects its side effects:
///
/// ```swift
/// let registration = store.runtimeMiddlewares.addBeforeReducer(extract: \AppAction.banana) { banana, source in
///     print("Banana action passing through: \(banana)")
/// }
/// // later, this one only:
/// registration.remove()
/// ```
///
/// Registered middlewares run after the store's own middleware, in registration order (their IOs, and
/// after-reducer closures, run before the store's own IOs: reverse composition order). A change takes effect from
/// the next action; a middleware's deprecated `receiveContext` is called before it sees any action. A removed
/// middleware, and what it captured, is released no later than the end of the action in progress, with no store
/// lock held. The store reads what is registered from a snapshot taken in its decisions: with nothing registered,
/// a middleware registry costs the store nothing per action.
///
/// The adding methods are inlinable, so that the closure a store calls per action is specialized for the app's
/// types where it is added: unspecialized, it looked up generic type metadata at each action.
public final class RuntimeMiddlewareRegistry<Action: Sendable, State: Sendable>: Sendable {
    @usableFromInline weak let core: StoreCore<Action, State>?

    @usableFromInline
    init(core: StoreCore<Action, State>) {
        self.core = core
    }

    /// How many middlewares are registered.
    public var count: Int { core?.runtimeCount ?? 0 }

    // MARK: - Adding

    /// Adds a closure that sees, before the reducer, every action that `extract` maps to a `Sub` value.
    ///
    /// - Parameters:
    ///   - extract: picks the actions of interest, for example a case key path `\AppAction.banana`.
    ///   - body: receives the extracted value and the action's source.
    @inlinable
    @preconcurrency
    public func addBeforeReducer<Sub>(
        extract: @escaping @Sendable (Action) -> Sub?,
        _ body: @escaping @Sendable (Sub, ActionSource) -> Void
    ) -> RuntimeMiddlewareRegistration {
        register(identity: nil, receiveContext: nil) { dispatched, _ in
            if let sub = extract(dispatched.action) { body(sub, dispatched.dispatcher) }
            return .pure()
        }
    }

    /// Adds a closure that sees, before the reducer, every action that is a `Sub` (an `as?` cast, for
    /// protocol-typed actions): `addBeforeReducer { (banana: BananaAction) in … }`.
    @inlinable
    @preconcurrency
    public func addBeforeReducer<Sub>(
        _ body: @escaping @Sendable (Sub) -> Void
    ) -> RuntimeMiddlewareRegistration {
        addBeforeReducer(extract: { $0 as? Sub }, { sub, _ in body(sub) })
    }

    /// Adds a closure that runs after the reducer for every action that `extract` maps to a `Sub` value, with the
    /// new state and an `output` to dispatch more actions.
    @inlinable
    @preconcurrency
    public func addAfterReducer<Sub>(
        extract: @escaping @Sendable (Action) -> Sub?,
        _ body: @escaping @Sendable (Sub, ActionSource, State, AnyActionHandler<Action>) -> Void
    ) -> RuntimeMiddlewareRegistration {
        register(identity: nil, receiveContext: nil) { dispatched, getState in
            guard let sub = extract(dispatched.action) else { return .pure() }
            return IO { output in body(sub, dispatched.dispatcher, getState(), output) }
        }
    }

    /// Adds a closure that runs after the reducer for every action that is a `Sub` (an `as?` cast).
    @inlinable
    @preconcurrency
    public func addAfterReducer<Sub>(
        _ body: @escaping @Sendable (Sub, State, AnyActionHandler<Action>) -> Void
    ) -> RuntimeMiddlewareRegistration {
        addAfterReducer(extract: { $0 as? Sub }, { sub, _, state, output in body(sub, state, output) })
    }

    /// Adds a whole middleware. Adding the same class instance twice is reported through the store's diagnostics
    /// and returns the first registration: the middleware never runs twice per action.
    ///
    /// Its deprecated `receiveContext` is called once, before the middleware sees its first action.
    @inlinable
    public func add<M: MiddlewareProtocol & Sendable>(
        _ middleware: M
    ) -> RuntimeMiddlewareRegistration
    where M.InputActionType == Action, M.OutputActionType == Action, M.StateType == State {
        add(middleware, identity: Self.identity(of: middleware))
    }

    /// Adds a middleware written for local types, with the maps of ``MiddlewareProtocol/lift(inputAction:outputAction:state:)``.
    @inlinable
    @preconcurrency
    public func add<M: MiddlewareProtocol & Sendable>(
        _ middleware: M,
        inputAction: @escaping @Sendable (Action) -> M.InputActionType?,
        outputAction: @escaping @Sendable (M.OutputActionType) -> Action,
        state: @escaping @Sendable (State) -> M.StateType
    ) -> RuntimeMiddlewareRegistration {
        add(
            middleware.lift(inputAction: inputAction, outputAction: outputAction, state: state),
            identity: Self.identity(of: middleware)
        )
    }

    /// Removes every registered middleware; each is released no later than the end of the action in progress.
    public func removeAll() {
        core?.removeAllRuntime()
    }

    // MARK: - Internals

    @inlinable
    func add<M: MiddlewareProtocol & Sendable>(
        _ middleware: M,
        identity: ObjectIdentifier?
    ) -> RuntimeMiddlewareRegistration
    where M.InputActionType == Action, M.OutputActionType == Action, M.StateType == State {
        guard let core else { return Self.unregistered() }
        // Bound to this store's state getter, the only one the store calls it with: a lift that maps the state makes
        // its lifted getter once, not per action.
        let handler = AnyMiddleware(middleware).fused(boundTo: core.getState)
        return core.addRuntime(identity: identity, receiveContext: middleware.receiveContext(getState:output:)) {
            dispatched,
            getState in
            ComposedMiddleware.run(handler, action: dispatched.action, from: dispatched.dispatcher, state: getState)
        }
    }

    @inlinable
    func register(
        identity: ObjectIdentifier?,
        receiveContext: ((@escaping GetState<State>, AnyActionHandler<Action>) -> Void)?,
        handle: @escaping @Sendable (DispatchedAction<Action>, @escaping GetState<State>) -> IO<Action>
    ) -> RuntimeMiddlewareRegistration {
        guard let core else { return Self.unregistered() }
        return core.addRuntime(identity: identity, receiveContext: receiveContext, handle: handle)
    }

    /// What an addition returns once the store is freed: a registration already removed.
    @usableFromInline
    static func unregistered() -> RuntimeMiddlewareRegistration {
        let registration = RuntimeMiddlewareRegistration(id: 0) {}
        registration.markRemoved()
        return registration
    }

    @usableFromInline
    static func identity<M>(of middleware: M) -> ObjectIdentifier? {
        guard type(of: middleware) is AnyClass else { return nil }
        return ObjectIdentifier(middleware as AnyObject)
    }
}
