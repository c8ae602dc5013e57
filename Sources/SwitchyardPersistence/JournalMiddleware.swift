import Switchyard

/// The middleware that journals a persisted store's actions: it queues each persistent action, with its source, for
/// the writer, before the reducer, and returns ``IO/pure()``.
///
/// Made by ``StatePersistence``; `Store(restoring:reducer:middleware:)` puts it first in the store's middleware.
public struct JournalMiddleware<Action: Codable & Sendable, State: Sendable>: MiddlewareProtocol, Sendable {
    let writer: JournalWriter<Action, State>?
    let isPersistent: @Sendable (Action) -> Bool

    /// Queues `action` for the journal when it is persistent; the store processes it after.
    public func handle(action: Action, from dispatcher: ActionSource, state: @escaping GetState<State>) -> IO<Action> {
        if let writer, isPersistent(action) { writer.append(action, source: dispatcher, state: state) }
        return .pure()
    }
}
