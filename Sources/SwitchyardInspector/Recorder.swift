import Dispatch
import Foundation
import Switchyard
import Synchronization

/// The inspector's state behind one lock: the history, the time-travel mode, the held actions and the pages
/// listening for updates. Its hooks run on the store's processing thread and only copy values and signal.
@usableFromInline
final class Recorder<Action: Sendable, State: Sendable>: Sendable {
    @usableFromInline
    struct RecorderState: Sendable {
        @usableFromInline var history: InspectorHistory<Action, State>
        @usableFromInline var mode = StoreInspector<Action, State>.Mode.present
        /// The actions held while the store shows the past, with where each came from.
        @usableFromInline var held: [HeldAction<Action>] = []
        /// The most actions held; one more makes the inspector return to the present.
        @usableFromInline let heldLimit: Int
        /// A return to the present for the held limit is on its way: more actions are held meanwhile.
        @usableFromInline var isReturningForHeldLimit = false
        /// How many times the held limit made the inspector return to the present.
        @usableFromInline var heldLimitReturns = 0
        /// The history is a session read from a file, with no store behind it.
        @usableFromInline var isImported = false
        /// How many of the next recorded actions are held ones given back on the return to the present.
        @usableFromInline var releasing = 0
        /// The entry that the next `didRunIO` belongs to.
        @usableFromInline var lastRecordedID: Int?
        @usableFromInline var listeners: [UInt64: AsyncStream<Void>.Continuation] = [:]
        @usableFromInline var lastListenerID: UInt64 = 0
        /// A signal is on its way to the listeners: more records do not send another.
        @usableFromInline var signalPending = false

        init(history: InspectorHistory<Action, State>, heldLimit: Int) {
            self.history = history
            self.heldLimit = heldLimit
        }
    }

    @usableFromInline let protected: LockedValue<RecorderState>
    /// Seconds since 1970 at `DispatchTime` zero, to give each entry a wall-clock time.
    @usableFromInline let wallClockOffset: Double
    /// The main thread's number, once seen.
    @usableFromInline let mainThread = Atomic<UInt>(0)
    /// The last thread checked for being the main one.
    @usableFromInline let lastCheckedThread = Atomic<UInt>(0)
    /// Whether `mode` is travelling: set under the lock with `mode`, read without it by `admit`, so that a store in
    /// the present takes no lock to admit an action.
    @usableFromInline let isTravelling = Atomic<Bool>(false)

    /// What to do when the held actions reach their limit: set once by the inspector.
    @usableFromInline let heldLimitReached = LockedValue<(@Sendable () -> Void)?>(nil)

    @usableFromInline
    init(capacity: Int, heldLimit: Int, base: State) {
        precondition(heldLimit > 0, "An inspector holds at least one action while it travels.")
        protected = LockedValue(
            RecorderState(history: InspectorHistory(capacity: capacity, base: base), heldLimit: heldLimit))
        wallClockOffset = Date().timeIntervalSince1970 - Double(DispatchTime.now().uptimeNanoseconds) / 1e9
        if MainThread.isCurrent { mainThread.store(currentThreadID(), ordering: .relaxed) }
    }

    func withState<Result>(_ body: (inout RecorderState) throws -> Result) rethrows -> Result {
        try protected.withLock(body)
    }

    // MARK: - Hooks (processing thread)

    func setHeldLimitReached(_ action: @escaping @Sendable () -> Void) {
        heldLimitReached.withLock { $0 = action }
    }

    @inlinable
    func admit(_ dispatched: DispatchedAction<Action>, origin: ActionOrigin) -> ProbeAdmission {
        guard isTravelling.load(ordering: .acquiring) else { return .process }
        let (admission, reachedLimit) = protected.withLock { state -> (ProbeAdmission, Bool) in
            guard case .travelling = state.mode else { return (.process, false) }
            state.held.append(HeldAction(dispatched, origin: origin))
            guard state.held.count >= state.heldLimit, !state.isReturningForHeldLimit else { return (.hold, false) }
            state.isReturningForHeldLimit = true
            return (.hold, true)
        }
        if reachedLimit { heldLimitReached.withLock { $0 }?() }
        return admission
    }

    @inlinable
    func record(_ inspected: ReducedAction<Action, State>) {
        let time = wallClockOffset + Double(inspected.startedAt) / 1e9
        let thread = describeThread(inspected.thread)
        let signal: [AsyncStream<Void>.Continuation] = protected.withLock { state in
            if state.isImported { return [] }
            let wasHeld = state.releasing > 0
            if wasHeld { state.releasing -= 1 }
            let entry = InspectorEntry(
                id: state.history.makeID(),
                dispatched: inspected.dispatched,
                thread: thread,
                isFollowUp: inspected.isFollowUp,
                time: time,
                handleNanoseconds: inspected.handleNanoseconds,
                reduceNanoseconds: inspected.reduceNanoseconds,
                ioNanoseconds: 0,
                state: inspected.state,
                wasHeld: wasHeld
            )
            state.lastRecordedID = entry.id
            state.history.append(entry)
            guard !state.listeners.isEmpty, !state.signalPending else { return [] }
            state.signalPending = true
            return Array(state.listeners.values)
        }
        for continuation in signal { continuation.yield() }
    }

    /// `main` for the main thread, the thread's number otherwise. The main thread is recognized once it has
    /// processed an action of its own or created the inspector; each other thread is checked once in a row, so
    /// that a store fed by one thread does not ask the main queue at every action.
    @inlinable
    func describeThread(_ thread: UInt) -> InspectorThread {
        var main = mainThread.load(ordering: .relaxed)
        if main == 0, thread != lastCheckedThread.load(ordering: .relaxed), thread == currentThreadID() {
            lastCheckedThread.store(thread, ordering: .relaxed)
            if MainThread.isCurrent {
                main = thread
                mainThread.store(thread, ordering: .relaxed)
            }
        }
        return thread == main ? .main : .number(thread)
    }

    @inlinable
    func didRunIO(_ nanoseconds: UInt64) {
        protected.withLock { state in
            guard let id = state.lastRecordedID, let offset = state.history.offset(of: id) else { return }
            state.history[offset].ioNanoseconds = nanoseconds
        }
    }

    // MARK: - Listeners (the pages)

    /// A stream that yields whenever the history or the mode changed, coalescing changes that come faster than it
    /// is read; it ends when `stopListening` is called with its id.
    func listen() -> (id: UInt64, changes: AsyncStream<Void>) {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = protected.withLock { state in
            state.lastListenerID += 1
            state.listeners[state.lastListenerID] = continuation
            // A signal on its way to the other listeners: this one gets it too, so that it acknowledges it as they do.
            if state.signalPending { continuation.yield() }
            return state.lastListenerID
        }
        return (id, stream)
    }

    func stopListening(_ id: UInt64) {
        let continuation = protected.withLock { state in
            defer { if state.listeners.isEmpty { state.signalPending = false } }
            return state.listeners.removeValue(forKey: id)
        }
        continuation?.finish()
    }

    /// Called by a listener before it reads the changes: later records signal again.
    func acknowledgeSignal() {
        protected.withLock { $0.signalPending = false }
    }

    /// Tells every page that something changed (the mode, a skipped action, an import).
    func notifyListeners() {
        let listeners = protected.withLock { state in
            // With no listener, no signal is on its way: the next page to listen must get the next record's.
            if !state.listeners.isEmpty { state.signalPending = true }
            return Array(state.listeners.values)
        }
        for continuation in listeners { continuation.yield() }
    }
}
