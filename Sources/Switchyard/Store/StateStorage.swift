import Synchronization

/// The store's state, in one place, mutated in place by the reducer.
///
/// Only the processing thread writes it, inside ``reduce(keepsPrevious:_:)``, while holding the lock; other threads read it under
/// the lock, so they see the last committed state, never a half-reduced one. The processing thread reads it without
/// locking: it is the only writer. It is kept apart from the store so that a `getState` kept by a middleware does
/// not keep the store alive (SEMANTICS R5).
@usableFromInline
final class StateStorage<State>: @unchecked Sendable {
    @usableFromInline let lock = Lock()
    @usableFromInline let pointer: UnsafeMutablePointer<State>
    /// The thread currently processing actions, or 0.
    @usableFromInline let processor = Atomic<UInt>(0)
    /// How many reductions have been committed; written by the processing thread under the lock.
    @usableFromInline @exclusivity(unchecked) var commits: UInt64 = 0

    /// The state before the last reduction, when ``reduce(keepsPrevious:_:)`` kept it; uninitialized otherwise.
    /// Processing thread only. A slot rather than a returned optional, so that a store that keeps no previous state
    /// destroys none per action (for a state with references, destroying even `nil` is a call).
    @usableFromInline let previous: UnsafeMutablePointer<State>

    @usableFromInline
    init(_ initialState: State) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: initialState)
        previous = .allocate(capacity: 1)
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
        previous.deallocate()
    }

    /// The last committed state, from any thread.
    @inlinable
    func read() -> State {
        if processor.load(ordering: .relaxed) == currentThreadID() {
            return pointer.pointee
        }
        lock.lock()
        defer { lock.unlock() }
        return pointer.pointee
    }

    /// Runs `body` with the last committed state and its commit number while no commit can happen: under the lock,
    /// or, on the processing thread, directly (that thread is the only writer, and may hold the lock already: a
    /// reducer that subscribes).
    @usableFromInline
    func withCommittedState(_ body: (State, UInt64) -> Void) {
        if processor.load(ordering: .relaxed) == currentThreadID() {
            body(pointer.pointee, commits)
            return
        }
        lock.lock()
        body(pointer.pointee, commits)
        lock.unlock()
    }

    /// Marks the calling thread as the processing thread (or none, with `false`).
    @inlinable
    func setProcessing(_ isProcessing: Bool) {
        processor.store(isProcessing ? currentThreadID() : 0, ordering: .relaxed)
    }

    // MARK: Processing thread only

    /// The state, read by the processing thread.
    @inlinable
    var processorState: State { pointer.pointee }

    /// Runs `body` on the state in place and commits the result. `keepsPrevious` runs first, under the same lock, so
    /// that nothing registered through ``withCommittedState(_:)`` can slip in between; when it returns `true`, the
    /// state before `body` is kept in ``previous`` (the caller deinitializes it) and `keptPrevious` is `true`.
    @inlinable
    func reduce(
        keepsPrevious: () -> Bool,
        _ body: (inout State) -> Void
    ) -> (keptPrevious: Bool, commit: UInt64) {
        lock.lock()
        let keptPrevious = keepsPrevious()
        if keptPrevious { previous.initialize(to: pointer.pointee) }
        body(&pointer.pointee)
        commits &+= 1
        let commit = commits
        lock.unlock()
        return (keptPrevious, commit)
    }
}
