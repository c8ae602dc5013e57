import Switchyard

/// The middleware that journals a persisted store's actions: it queues each persistent action, with its source, for
/// the writer, before the reducer, and returns ``IO/pure()``.
///
/// Made by ``StatePersistence``; `Store(restoring:reducer:middleware:)` puts it first in the store's middleware.
public struct JournalMiddleware<Action: Codable & Sendable, State: Sendable>: MiddlewareProtocol, Sendable {
    @usableFromInline let lifetime: JournalLifetime<Action, State>
    @usableFromInline let isPersistent: @Sendable (Action) -> Bool

    init(lifetime: JournalLifetime<Action, State>, isPersistent: @escaping @Sendable (Action) -> Bool) {
        self.lifetime = lifetime
        self.isPersistent = isPersistent
    }

    /// Queues `action` for the journal when it is persistent; the store processes it after. Inlinable, so that it
    /// is specialized for the app's types where the store is made.
    @inlinable
    public func handle(action: Action, from dispatcher: ActionSource, state: @escaping GetState<State>) -> IO<Action> {
        if let writer = lifetime.writer, isPersistent(action) {
            writer.append(action, source: dispatcher, state: state)
        }
        return .pure()
    }
}
