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
        let id: UInt64
        let identity: ObjectIdentifier?
        @usableFromInline let handle:
            @Sendable (DispatchedAction<ActionType>, @escaping GetState<StateType>) -> IO<ActionType>

        init(
            id: UInt64,
            identity: ObjectIdentifier?,
            handle: @escaping @Sendable (DispatchedAction<ActionType>, @escaping GetState<StateType>) -> IO<ActionType>
        ) {
            self.id = id
            self.identity = identity
            self.handle = handle
        }
    }

    @usableFromInline let lock = Lock()
    @usableFromInline let version = Atomic<UInt64>(0)
    private let diagnostics: StoreDiagnostics
    private var entries: [Entry] = []  // guarded by lock
    private var registrations: [UInt64: RuntimeMiddlewareRegistration] = [:]  // guarded by lock
    private var nextID: UInt64 = 1  // guarded by lock
    // Set once by the store before it is shared:
    @usableFromInline @exclusivity(unchecked) var getState: GetState<StateType> = {
        fatalError("RuntimeMiddlewareRegistry used before its store")
    }
    private var output = AnyActionHandler<ActionType> { _ in }
    // Processing thread only:
    @usableFromInline @exclusivity(unchecked) var cachedVersion: UInt64 = 0
    @usableFromInline @exclusivity(unchecked) var cached: [Entry] = []
    /// `cached.isEmpty`, kept apart so that the check per action touches no array.
    @usableFromInline @exclusivity(unchecked) var cachedIsEmpty = true

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
    public var count: Int { lock.withLock { entries.count } }

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
        let removed = lock.withLock {
            let all = Array(registrations.values)
            entries.removeAll()
            registrations.removeAll()
            version.add(1, ordering: .releasing)
            return all
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
        lock.lock()
        if let identity, let existing = entries.first(where: { $0.identity == identity }),
            let token = registrations[existing.id]
        {
            lock.unlock()
            diagnostics.report(
                StoreDiagnostic(
                    kind: .duplicateRegistration,
                    message: "this middleware instance is already registered (registration \(existing.id)); "
                        + "the second registration is ignored and returns the first one"
                )
            )
            return (token, false)
        }
        let id = nextID
        nextID += 1
        let token = RuntimeMiddlewareRegistration(id: id) { [weak self] in self?.unregister(id: id) }
        entries.append(Entry(id: id, identity: identity, handle: handle))
        registrations[id] = token
        version.add(1, ordering: .releasing)
        lock.unlock()
        return (token, true)
    }

    private func unregister(id: UInt64) {
        lock.withLock {
            entries.removeAll { $0.id == id }
            registrations[id] = nil
            version.add(1, ordering: .releasing)
        }
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
        if version.load(ordering: .acquiring) != cachedVersion { takeEntries() }
    }

    @usableFromInline
    func takeEntries() {
        lock.lock()
        cached = entries
        cachedIsEmpty = cached.isEmpty
        cachedVersion = version.load(ordering: .relaxed)
        lock.unlock()
    }

    /// Runs the `handle` of every middleware taken by ``beginAction()`` (processing thread only) and returns their
    /// IOs in reverse order.
    @inlinable
    func handle(_ dispatched: DispatchedAction<ActionType>) -> IO<ActionType> {
        if cachedIsEmpty { return .pure() }
        var io = IO<ActionType>.pure()
        for entry in cached {
            io = entry.handle(dispatched, getState) <> io
        }
        return io
    }
}
