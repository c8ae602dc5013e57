// Invariant of the unchecked `Sendable` here: `continuations` is appended to only under the engine's lock, while the
// engine holds the object; once the engine lets go of it (into `Released`, or with a closed engine's leftovers), no
// one else holds it, and its `deinit` resumes the continuations with no lock held.

/// The tasks waiting for the store to have nothing left to process (``ReduxStoreBase/idle()``).
///
/// The engine hands the object over when it goes idle or closes, through what it lets go of after unlocking: the
/// `deinit` resumes every waiting task then, so no task's code runs under the engine's lock.
@usableFromInline
final class IdleWaiters: @unchecked Sendable {
    private var continuations: [CheckedContinuation<Void, Never>] = []

    @usableFromInline
    init() {}

    /// Adds a task to resume; under the engine's lock.
    @usableFromInline
    func append(_ continuation: CheckedContinuation<Void, Never>) {
        continuations.append(continuation)
    }

    deinit {
        for continuation in continuations { continuation.resume() }
    }
}
