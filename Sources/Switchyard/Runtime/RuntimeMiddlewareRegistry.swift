import Synchronization

/// Middlewares added and removed while a store runs, from any module and any thread (the idea of seed 000, typed
/// and thread-safe).
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
/// the next action. The dispatch path reads a cached snapshot: with nothing registered it costs one atomic load.
public final class RuntimeMiddlewareRegistry<ActionType: Sendable, StateType: Sendable>: @unchecked Sendable {
    @usableFromInline
    final class Entry: Sendable {
        let registration: RuntimeMiddlewareRegistration
        let identity: ObjectIdentifier?
        @usableFromInline let handle:
            @Sendable (DispatchedAction<ActionType>, @escaping GetState<StateType>) -> IO<ActionType>

        init(
            registration: RuntimeMiddlewareRegistration,
            identity: ObjectIdentifier?,
            handle: @escaping @Sendable (DispatchedAction<ActionType>, @escaping GetState<StateType>) -> IO<ActionType>
        ) {
            self.registration = registration
            self.identity = identity
            self.handle = handle
        }
    }

    /// The registered middlewares, in registration order.
    @usableFromInline let entries = SnapshotList<Entry>()
    private let diagnostics: StoreDiagnostics
    private let lastID = Atomic<UInt64>(0)
    // Set once by the store before it is shared:
    @usableFromInline @exclusivity(unchecked) var getState: GetState<StateType> = {
        fatalError("RuntimeMiddlewareRegistry used before its store")
    }
    private var output = AnyActionHandler<ActionType> { _ in }

    @usableFromInline
    init(diagnostics: StoreDiagnostics) {
        self.diagnostics = diagnostics
    }

    @usableFromInline
    func attach(getState: @escaping GetState<StateType>, output: AnyActionHandler<ActionType>) {
        self.getState = getState
        self.output = output
    }

    /// How many middlewares are registered.
    public var count: Int { entries.read { $0.count } }

    // MARK: - Adding

    /// Adds a closure that sees, before the reducer, every action that `extract` maps to a `Sub` value.
    ///
    /// - Parameters:
    ///   - extract: picks the actions of interest, for example a case key path `\AppAction.banana`.
    ///   - body: receives the extracted value and the action's source.
    public func addBeforeReducer<Sub>(
        extract: @escaping @Sendable (ActionType) -> Sub?,
        _ body: @escaping @Sendable (Sub, ActionSource) -> Void
    ) -> RuntimeMiddlewareRegistration {
        register(identity: nil) { dispatched, _ in
            if let sub = extract(dispatched.action) { body(sub, dispatched.dispatcher) }
            return .pure()
        }
    }

    /// Adds a closure that sees, before the reducer, every action that is a `Sub` (an `as?` cast, for
    /// protocol-typed actions as in seed 000): `addBeforeReducer { (banana: BananaAction) in … }`.
    public func addBeforeReducer<Sub>(
        _ body: @escaping @Sendable (Sub) -> Void
    ) -> RuntimeMiddlewareRegistration {
        addBeforeReducer(extract: { $0 as? Sub }, { sub, _ in body(sub) })
    }

    /// Adds a closure that runs after the reducer for every action that `extract` maps to a `Sub` value, with the
    /// new state and an `output` to dispatch more actions.
    public func addAfterReducer<Sub>(
        extract: @escaping @Sendable (ActionType) -> Sub?,
        _ body: @escaping @Sendable (Sub, ActionSource, StateType, AnyActionHandler<ActionType>) -> Void
    ) -> RuntimeMiddlewareRegistration {
        register(identity: nil) { dispatched, getState in
            guard let sub = extract(dispatched.action) else { return .pure() }
            return IO { output in body(sub, dispatched.dispatcher, getState(), output) }
        }
    }

    /// Adds a closure that runs after the reducer for every action that is a `Sub` (an `as?` cast).
    public func addAfterReducer<Sub>(
        _ body: @escaping @Sendable (Sub, StateType, AnyActionHandler<ActionType>) -> Void
    ) -> RuntimeMiddlewareRegistration {
        addAfterReducer(extract: { $0 as? Sub }, { sub, _, state, output in body(sub, state, output) })
    }

    /// Adds a whole middleware. Adding the same class instance twice is reported through the store's diagnostics
    /// and returns the first registration: the middleware never runs twice per action.
    ///
    /// Its deprecated `receiveContext` is called once, now.
    public func add<M: MiddlewareProtocol & Sendable>(
        _ middleware: M
    ) -> RuntimeMiddlewareRegistration
    where M.InputActionType == ActionType, M.OutputActionType == ActionType, M.StateType == StateType {
        add(middleware, identity: Self.identity(of: middleware))
    }

    /// Adds a middleware written for local types, with the maps of ``MiddlewareProtocol/lift(inputAction:outputAction:state:)``.
    public func add<M: MiddlewareProtocol & Sendable>(
        _ middleware: M,
        inputAction: @escaping @Sendable (ActionType) -> M.InputActionType?,
        outputAction: @escaping @Sendable (M.OutputActionType) -> ActionType,
        state: @escaping @Sendable (StateType) -> M.StateType
    ) -> RuntimeMiddlewareRegistration {
        add(
            middleware.lift(inputAction: inputAction, outputAction: outputAction, state: state),
            identity: Self.identity(of: middleware)
        )
    }

    /// Removes every registered middleware.
    public func removeAll() {
        let removed = entries.update { entries in
            defer { entries.removeAll() }
            return entries.map(\.registration)
        }
        for registration in removed { registration.remove() }
    }

    // MARK: - Internals

    private func add<M: MiddlewareProtocol & Sendable>(
        _ middleware: M,
        identity: ObjectIdentifier?
    ) -> RuntimeMiddlewareRegistration
    where M.InputActionType == ActionType, M.OutputActionType == ActionType, M.StateType == StateType {
        let registration = insert(identity: identity) { dispatched, getState in
            middleware.handle(action: dispatched.action, from: dispatched.dispatcher, state: getState)
        }
        if registration.isNew {
            middleware.receiveContext(getState: getState, output: output)
        }
        return registration.token
    }

    private func register(
        identity: ObjectIdentifier?,
        handle: @escaping @Sendable (DispatchedAction<ActionType>, @escaping GetState<StateType>) -> IO<ActionType>
    ) -> RuntimeMiddlewareRegistration {
        insert(identity: identity, handle: handle).token
    }

    private func insert(
        identity: ObjectIdentifier?,
        handle: @escaping @Sendable (DispatchedAction<ActionType>, @escaping GetState<StateType>) -> IO<ActionType>
    ) -> (token: RuntimeMiddlewareRegistration, isNew: Bool) {
        let inserted = entries.update { entries -> (token: RuntimeMiddlewareRegistration, isNew: Bool) in
            if let identity, let existing = entries.first(where: { $0.identity == identity }) {
                return (existing.registration, false)
            }
            let id = lastID.add(1, ordering: .relaxed).newValue
            let token = RuntimeMiddlewareRegistration(id: id) { [weak self] in self?.unregister(id: id) }
            entries.append(Entry(registration: token, identity: identity, handle: handle))
            return (token, true)
        }
        if !inserted.isNew {
            diagnostics.report(
                StoreDiagnostic(
                    kind: .duplicateRegistration,
                    message: "this middleware instance is already registered (registration \(inserted.token.id)); "
                        + "the second registration is ignored and returns the first one"
                )
            )
        }
        return inserted
    }

    private func unregister(id: UInt64) {
        entries.update { entries in entries.removeAll { $0.registration.id == id } }
    }

    private static func identity<M>(of middleware: M) -> ObjectIdentifier? {
        guard type(of: middleware) is AnyClass else { return nil }
        return ObjectIdentifier(middleware as AnyObject)
    }

    /// Takes the registrations in force for the action about to be processed (processing thread only, before any
    /// middleware sees the action), so that a change made while an action is processed, even by the store's own
    /// middleware, takes effect from the next action.
    @inlinable
    func beginAction() {
        entries.refresh()
    }

    /// Runs the `handle` of every middleware taken by ``beginAction()`` (processing thread only) and returns their
    /// IOs in reverse order.
    @inlinable @inline(__always)
    func handle(_ dispatched: DispatchedAction<ActionType>) -> IO<ActionType> {
        if entries.isEmpty { return .pure() }
        return handleEntries(dispatched)
    }

    /// ``handle(_:)`` when there are registered middlewares; kept out of line so that the check for none, inlined
    /// into the pipeline, costs one load and one branch.
    @inlinable @inline(never)
    func handleEntries(_ dispatched: DispatchedAction<ActionType>) -> IO<ActionType> {
        var io = IO<ActionType>.pure()
        let snapshot = entries.unretained
        for index in snapshot.indices {
            snapshot[index]._withUnsafeGuaranteedRef { entry in
                io = entry.handle(dispatched, getState) <> io
            }
        }
        return io
    }
}
