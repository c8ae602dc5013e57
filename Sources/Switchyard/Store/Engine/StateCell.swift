import Synchronization

// Unsafe code of this file, and the invariants it relies on.
//
// The state lives behind a pointer, outside any lock, because the reducer changes it in place while no lock is
// held (the reducer is user code, and user code never runs under a store lock). What makes that sound:
// - Only the processing thread writes the state, and only in `runReducer`, between `beginReduce` and `commit`,
//   which set and clear `isReducing` under the gate's lock.
// - The processing thread reads the state at any time without locking: it is the only writer, and there is one
//   processing thread at a time (the store's engine hands the role over under its own lock).
// - Any other thread reads the state only under the gate's lock, and only while `isReducing` is false; a reader
//   that finds it true waits on `readersCanGo`, which `reduce` broadcasts after clearing it.
// - `processor` holds the id of the processing thread; only that thread stores it (its own id when it takes the
//   role, 0 when it gives it up), so a thread that reads its own id there is the processing thread.
// - `inReducer` is read and written by the processing thread only.

/// The state of a store, changed in place by the reducer, read from any thread as the last committed value.
///
/// Kept apart from the pipeline, so that a `getState` closure kept by a middleware keeps this cell alive and not
/// the store (no reference cycle through the pipeline).
@usableFromInline
final class StateCell<State>: @unchecked Sendable {
    /// What readers and the processing thread agree on, under the gate's lock.
    @usableFromInline
    struct Gate {
        /// The reducer is running: other threads wait before they read.
        @usableFromInline var isReducing = false
        /// Threads waiting for the reducer to finish.
        @usableFromInline var waitingReaders = 0
        /// How many reductions have been committed.
        @usableFromInline var commits: UInt64 = 0

        @usableFromInline init() {}
    }

    /// The gate; its lock is shared with the store's engine, so the engine can open and close the gate in the same
    /// critical sections in which it decides.
    @usableFromInline let gate: LockedValue<Gate>
    @usableFromInline let readersCanGo = LockCondition()
    @usableFromInline let pointer: UnsafeMutablePointer<State>
    @usableFromInline let processor = Atomic<UInt>(0)
    /// Processing thread only; exclusivity is that thread's.
    @usableFromInline @exclusivity(unchecked) var inReducer = false
    @usableFromInline let diagnostics: StoreDiagnostics

    @inlinable
    init(_ initialState: State, lock: Lock, diagnostics: StoreDiagnostics) {
        gate = LockedValue(Gate(), lock: lock)
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: initialState)
        self.diagnostics = diagnostics
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    /// Whether the calling thread is the processing thread.
    @inlinable
    var isProcessingThread: Bool {
        processor.load(ordering: .relaxed) == currentThreadID()
    }

    /// Marks the calling thread as the processing thread (`true`) or as no longer processing (`false`).
    @inlinable
    func setProcessing(_ isProcessing: Bool) {
        processor.store(isProcessing ? currentThreadID() : 0, ordering: .relaxed)
    }

    /// The last committed state, from any thread.
    ///
    /// On the processing thread it is read directly. Read from inside the reducer, it is the state as the reducer
    /// has changed it so far, and the read is reported through the diagnostics hook.
    @inlinable
    func read() -> State {
        if isProcessingThread {
            if inReducer { reportReadInReducer() }
            return pointer.pointee
        }
        return readFromOtherThread()
    }

    /// ``read()`` from a thread other than the processing thread: waits while the reducer runs. Out of line, so that
    /// the processing thread's read (every `state()` of a middleware) stays a few instructions.
    @inlinable @inline(never)
    func readFromOtherThread() -> State {
        gate.withLock(waitingOn: readersCanGo, while: Self.mustWait) { _ in pointer.pointee }
    }

    /// Whether a thread that wants the last committed state must wait (the reducer is running on another thread);
    /// counts the waiting threads. `wokeUp` is `true` when the caller checks again after a wake-up.
    @inlinable
    static func mustWait(_ gate: inout Gate, wokeUp: Bool) -> Bool {
        if wokeUp { gate.waitingReaders -= 1 }
        guard gate.isReducing else { return false }
        gate.waitingReaders += 1
        return true
    }

    @usableFromInline
    func reportReadInReducer() {
        diagnostics.report(
            StoreDiagnostic(
                kind: .stateReadInReducer,
                message: "the store's state was read from inside its reducer; the reducer receives the state as its "
                    + "inout argument. The value read is the state as the reducer has changed it so far."
            )
        )
    }

    // MARK: Processing thread only

    /// The state, read by the processing thread.
    @inlinable
    var processorValue: State { pointer.pointee }

    /// Closes the gate before the reducer runs (under the gate's lock).
    @inlinable
    static func beginReduce(_ gate: inout Gate) {
        gate.isReducing = true
    }

    /// Runs `reducer` on the state in place, with no lock held, between ``beginReduce(_:)`` and ``commit(_:)``.
    @inlinable
    func runReducer(_ reducer: (inout State) -> Void) {
        inReducer = true
        reducer(&pointer.pointee)
        inReducer = false
    }

    /// Opens the gate after the reducer (under the gate's lock) and returns the commit's number and whether
    /// readers wait for ``wakeReaders()``.
    @inlinable
    static func commit(_ gate: inout Gate) -> (commit: UInt64, wakeReaders: Bool) {
        gate.isReducing = false
        gate.commits &+= 1
        return (gate.commits, gate.waitingReaders > 0)
    }

    /// Wakes the threads waiting to read; called after unlocking.
    @inlinable
    func wakeReaders() {
        readersCanGo.broadcast()
    }
}
