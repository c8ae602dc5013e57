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
