import Synchronization

// Unsafe code of this file, and the invariants it relies on.
//
// The state lives behind a pointer, outside the engine's lock, because the reducer changes it in place while no
// lock is held (the reducer is user code, and user code never runs under a store lock). What makes that sound:
// - Only the processing thread writes the state, and only in `runReducer`, while the engine's `isReducing` is
//   true: the engine sets it, under its lock, in the decision that lets the reducer run, and clears it in the
//   commit.
// - The processing thread reads the state at any time without locking: it is the only writer, and there is one
//   processing thread at a time (the engine hands the role over under its lock, which orders one processing
//   thread's writes before the next one's reads).
// - Any other thread reads the state only under the engine's lock, and only while `isReducing` is false; a reader
//   that finds it true waits on `readersCanGo`, which the processing thread broadcasts after the commit.
// - `processor` holds the id of the processing thread. Only the thread given the role stores its own id there, and
//   only that thread clears it, before the decision that hands the role back; so a thread that reads its own id
//   there is the processing thread.
// - `inReducer` is read and written by the processing thread only.

/// The state of a store, changed in place by the reducer, read from any thread as the last committed value.
///
/// Kept apart from the pipeline, so that a `getState` closure kept by a middleware keeps this cell and the engine's
/// state alive, and not the store: no reference cycle through the pipeline.
@usableFromInline
final class StateCell<Action: Sendable, State: Sendable>: @unchecked Sendable {
    /// The engine's state, under the engine's lock: the cell reads `isReducing` there.
    @usableFromInline let engine: LockedValue<EngineState<Action, State>>
    @usableFromInline let readersCanGo = LockCondition()
    @usableFromInline let pointer: UnsafeMutablePointer<State>
    @usableFromInline let processor = Atomic<UInt>(0)
    /// Processing thread only; exclusivity is that thread's.
    @usableFromInline @exclusivity(unchecked) var inReducer = false
    @usableFromInline let diagnostics: StoreDiagnostics

    @inlinable
    init(_ initialState: State, engine: LockedValue<EngineState<Action, State>>, diagnostics: StoreDiagnostics) {
        self.engine = engine
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

    /// Marks `thread`, the calling thread, as the processing thread, or no thread with 0.
    @inlinable
    func setProcessor(_ thread: UInt) {
        processor.store(thread, ordering: .relaxed)
    }

    /// The last committed state, from any thread.
    ///
    /// On the processing thread it is read directly. Read from inside the reducer, it is the state as the reducer
    /// has changed it so far, and the read is reported through the diagnostics hook.
    @inlinable
    func read() -> State {
        guard isProcessingThread, !inReducer else { return readOtherwise() }
        return pointer.pointee
    }

    /// ``read()`` from inside the reducer or from another thread. Out of line, so that the processing thread's read
    /// (every `state()` of a middleware) stays a few instructions, with no call that needs a stack frame.
    @usableFromInline @inline(never)
    func readOtherwise() -> State {
        guard isProcessingThread else { return readFromOtherThread() }
        reportReadInReducer()
        return pointer.pointee
    }

    /// ``read()`` from a thread other than the processing thread: waits while the reducer runs.
    @usableFromInline
    func readFromOtherThread() -> State {
        engine.withLock(waitingOn: readersCanGo, while: { $0.readerMustWait(wokeUp: $1) }) { _ in pointer.pointee }
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

    /// Runs `reducer` on the state in place, with no lock held, while the engine keeps other readers out.
    @inlinable
    func runReducer(_ reducer: (inout State) -> Void) {
        inReducer = true
        reducer(&pointer.pointee)
        inReducer = false
    }

    /// Wakes the threads waiting to read; called after unlocking.
    @inlinable
    func wakeReaders() {
        readersCanGo.broadcast()
    }
}
