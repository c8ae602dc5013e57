import Synchronization

/// One registered observer of a store's state.
@usableFromInline
final class StateObserver<State>: Sendable {
    /// The observer's number in its store, unique for the store's life.
    @usableFromInline let id: UInt64
    /// The observer receives the states of the commits after this one.
    @usableFromInline let startAfter: UInt64
    @usableFromInline let deliver: @Sendable (State) -> Void
    /// Called once when the store is freed while the observer is registered (a stream of states ends then).
    @usableFromInline let storeDidEnd: (@Sendable () -> Void)?
    /// Set when the subscription is cancelled; a delivery already decided checks it.
    @usableFromInline let isCancelled = Atomic<Bool>(false)

    @inlinable
    init(
        id: UInt64,
        startAfter: UInt64,
        deliver: @escaping @Sendable (State) -> Void,
        storeDidEnd: (@Sendable () -> Void)?
    ) {
        self.id = id
        self.startAfter = startAfter
        self.deliver = deliver
        self.storeDidEnd = storeDidEnd
    }
}

/// One middleware added to a store at runtime, as the pipeline calls it.
@usableFromInline
final class RuntimeEntry<Action, State>: Sendable {
    @usableFromInline let id: UInt64
    /// The middleware instance, for class middlewares: the same instance is never registered twice.
    @usableFromInline let identity: ObjectIdentifier?
    /// The user's handle on this registration, marked removed when the store removes the entry itself.
    @usableFromInline let registration: RuntimeMiddlewareRegistration
    @usableFromInline let handle: @Sendable (DispatchedAction<Action>, @escaping GetState<State>) -> IO<Action>

    @inlinable
    init(
        registration: RuntimeMiddlewareRegistration,
        identity: ObjectIdentifier?,
        handle: @escaping @Sendable (DispatchedAction<Action>, @escaping GetState<State>) -> IO<Action>
    ) {
        self.id = registration.id
        self.registration = registration
        self.identity = identity
        self.handle = handle
    }
}

/// Objects registered with a store, in registration order, with a version that changes with every change, so the
/// processing thread can tell cheaply whether its snapshot is stale.
@usableFromInline
struct EngineRegistry<Element: AnyObject & Sendable>: Sendable {
    @usableFromInline private(set) var elements: ContiguousArray<Element> = []
    @usableFromInline private(set) var version: UInt64 = 0

    @inlinable
    init() {}

    @inlinable
    mutating func append(_ element: Element) {
        elements.append(element)
        version &+= 1
    }

    /// Removes the elements that match `predicate` and returns them, so that the caller releases them (and runs
    /// whatever `deinit` they trigger) after unlocking.
    @inlinable
    mutating func remove(where predicate: (Element) -> Bool) -> ContiguousArray<Element> {
        let removed = ContiguousArray(elements.filter(predicate))
        guard !removed.isEmpty else { return [] }
        elements.removeAll(where: predicate)
        version &+= 1
        return removed
    }

    /// Removes every element and returns them, for release after unlocking.
    @inlinable
    mutating func removeAll() -> ContiguousArray<Element> {
        let removed = elements
        elements = []
        version &+= 1
        return removed
    }
}
