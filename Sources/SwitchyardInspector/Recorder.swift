import Dispatch
import Foundation
import Switchyard
import Synchronization

/// The inspector's state behind one lock: the history, the time-travel mode, the lock, the held actions, what is
/// recorded and the pages listening for updates. Its hooks run on the store's processing thread and only copy values,
/// count and signal.
@usableFromInline
final class Recorder<Action: Sendable, State: Sendable>: Sendable {
    @usableFromInline
    struct RecorderState: Sendable {
        @usableFromInline var history: InspectorHistory<Action, State>
        @usableFromInline var mode = StoreInspector<Action, State>.Mode.present
        /// The state after the last action the store processed, recorded or not: the present, which a return from
        /// the past gives back.
        @usableFromInline var present: State
        /// The actions held while the store shows the past or is locked, with where each came from.
        @usableFromInline var held: [HeldAction<Action>] = []
        /// Every new action is held until the store is unlocked.
        @usableFromInline var isLocked = false
        /// Actions are processed but not recorded.
        @usableFromInline var isPaused = false
        /// Actions ran after the newest entry that the history does not hold (paused, or left out by a filter).
        @usableFromInline var gapAtEnd = false
        /// How many actions the store processed that the history does not hold, since the inspector started or the
        /// history was last committed or reverted.
        @usableFromInline var notRecorded = 0
        /// The actions processed in each of the last 60 seconds.
        @usableFromInline var rate = ActionRate()
        /// The most actions held; one more makes the inspector return to the present and unlock the store.
        @usableFromInline let heldLimit: Int
        /// A return to the present (and unlock) for the held limit is on its way: more actions are held meanwhile.
        @usableFromInline var isReturningForHeldLimit = false
        /// How many times the held limit made the inspector return to the present or unlock the store.
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
        /// The places of the last recorded actions, which most actions share.
        @usableFromInline var places = InspectorPlaceCache()

        init(history: InspectorHistory<Action, State>, heldLimit: Int) {
            self.history = history
            self.present = history.base
            self.heldLimit = heldLimit
        }

        /// The id of the oldest entry that may be skipped or brought back: replays never cross a gap, so the
        /// entries before the newest gap may not. `nil` when every entry may.
        var skippableFrom: Int? {
            if gapAtEnd { return (history.last?.id ?? history.lastID) + 1 }
            return history.newestGapID
        }
    }

    @usableFromInline let protected: LockedValue<RecorderState>
    /// Seconds since 1970 at `DispatchTime` zero, to give each entry a wall-clock time.
    @usableFromInline let wallClockOffset: Double
    /// The main thread's number, once seen.
    @usableFromInline let mainThread = Atomic<UInt>(0)
    /// The last thread checked for being the main one.
    @usableFromInline let lastCheckedThread = Atomic<UInt>(0)
    /// Whether new actions are held (the store travels or is locked): set under the lock with `mode` and
    /// `isLocked`, read without it by `admit`, so that a store in the present takes no lock to admit an action.
    @usableFromInline let isHolding = Atomic<Bool>(false)
    /// Whether an allow or deny list is set: read without a lock by `record`, which names an action only then.
    @usableFromInline let isFiltering = Atomic<Bool>(false)
    /// The allow and deny lists, behind a lock of their own: the action is named with no other lock held.
    let filter = LockedValue(ActionFilter())

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

    /// Sets `isHolding` from the state: called under the lock whenever `mode` or `isLocked` changes.
    func updateHolding(_ state: RecorderState) {
        isHolding.store(state.mode != .present || state.isLocked, ordering: .releasing)
    }

    // MARK: - Hooks (processing thread)

    func setHeldLimitReached(_ action: @escaping @Sendable () -> Void) {
        heldLimitReached.withLock { $0 = action }
    }

    @inlinable
    func admit(_ dispatched: DispatchedAction<Action>, origin: ActionOrigin) -> ProbeAdmission {
        guard isHolding.load(ordering: .acquiring) else { return .process }
        let (admission, reachedLimit, signal) = protected.withLock {
            state -> (ProbeAdmission, Bool, [AsyncStream<Void>.Continuation]?) in
            guard state.mode != .present || state.isLocked else { return (.process, false, nil) }
            state.held.append(HeldAction(dispatched, origin: origin))
            // The page shows the held count live.
            let signal = Self.takeSignal(&state)
            guard state.held.count >= state.heldLimit, !state.isReturningForHeldLimit else {
                return (.hold, false, signal)
            }
            state.isReturningForHeldLimit = true
            return (.hold, true, signal)
        }
        if let signal { Self.yield(to: signal) }
        if reachedLimit { heldLimitReached.withLock { $0 }?() }
        return admission
    }

    /// Signals `listeners`. Out of line: the continuations' types are looked up where they are used, and a caller
    /// that signalled them itself looked them up at every action, signalled or not (about 35 instructions).
    @usableFromInline @inline(never)
    static func yield(to listeners: [AsyncStream<Void>.Continuation]) {
        for listener in listeners { listener.yield() }
    }

    /// The listeners to signal, when no signal is on its way to them already; marks one on its way. `nil`, not an
    /// empty list, when there is nothing to signal: an empty list is released after the lock, about 20 instructions
    /// per action.
    @inlinable
    static func takeSignal(_ state: inout RecorderState) -> [AsyncStream<Void>.Continuation]? {
        guard !state.listeners.isEmpty, !state.signalPending else { return nil }
        state.signalPending = true
        return Array(state.listeners.values)
    }

    /// Whether the allow and deny lists leave `action` out of the history. Out of line: only a store with lists
    /// names its actions.
    @usableFromInline
    func isFilteredOut(_ action: Action) -> Bool {
        let filter = filter.withLock { $0 }
        return !filter.admits(ActionCaseNames.shared.name(of: action))
    }

    @inlinable
    func record(_ inspected: UnsafePointer<ReducedAction<Action, State>>) {
        let time = wallClockOffset + Double(inspected.pointee.startedAt) / 1e9
        let thread = describeThread(inspected.pointee.origin.thread)
        let filteredOut = isFiltering.load(ordering: .relaxed) && isFilteredOut(inspected.pointee.dispatched.action)
        // The lock's closure reads the parts it needs through the pointer: a copy of the whole value, done through
        // its type's value witnesses, cost about 110 instructions per action (callgrind, W1 inspected), and a copy of
        // the dispatched action in a local, copied again into the entry, about 85 more (a retain and a release of
        // each of its source's three strings).
        let startedAt = inspected.pointee.startedAt
        let signal: [AsyncStream<Void>.Continuation]? = protected.withLock { state in
            state.rate.count(atUptime: startedAt)
            if state.isImported {
                state.present = inspected.pointee.state
                return nil
            }
            let wasHeld = state.releasing > 0
            if wasHeld { state.releasing -= 1 }
            if state.isPaused || filteredOut {
                state.present = inspected.pointee.state
                state.gapAtEnd = true
                state.notRecorded += 1
                state.lastRecordedID = nil
                return nil
            }
            let stateBefore = state.gapAtEnd ? state.present : nil
            state.present = inspected.pointee.state
            state.gapAtEnd = false
            let id = state.history.makeID()
            state.lastRecordedID = id
            let place = state.places.place(of: inspected.pointer(to: \.dispatched.dispatcher).unsafelyUnwrapped)
            let facts: InspectorEntry<Action, State>.Facts = (
                id: id, place: place, thread: thread, isFollowUp: inspected.pointee.origin.isFollowUp, time: time,
                handleNanoseconds: inspected.pointee.handleNanoseconds,
                reduceNanoseconds: inspected.pointee.reduceNanoseconds, wasHeld: wasHeld
            )
            state.history.append(
                facts,
                action: inspected.pointee.dispatched.action,
                // Most actions have no `info`: they pass a literal `nil`, as a copy of an absent one still calls the
                // runtime (the compiler turns a copy made only when there is one into a copy made always).
                info: inspected.pointee.dispatched.dispatcher.hasInfo ? Self.info(of: inspected) : nil,
                state: inspected.pointee.state,
                stateBefore: stateBefore
            )
            return Self.takeSignal(&state)
        }
        if let signal { Self.yield(to: signal) }
    }

    /// The `info` of the source of `inspected`; out of line, see ``record(_:)``.
    @usableFromInline @inline(never)
    static func info(of inspected: UnsafePointer<ReducedAction<Action, State>>) -> String? {
        inspected.pointee.dispatched.dispatcher.info
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
            guard let id = state.lastRecordedID, let last = state.history.count > 0 ? state.history.count - 1 : nil,
                state.history[last].id == id
            else { return }
            state.history[last].ioNanoseconds = nanoseconds
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

/// The actions a store processed in each of the last 60 seconds, counted on the processing thread.
@usableFromInline
struct ActionRate: Sendable {
    /// How many seconds are counted.
    @usableFromInline static var seconds: Int { 60 }
    /// The count of each second, at the second's number modulo 60, but for the actions of ``second`` counted in
    /// ``inSecond``.
    @usableFromInline var counts = [Int](repeating: 0, count: 60)
    /// The newest second counted, in whole seconds of the clock that `DispatchTime.uptimeNanoseconds` reads.
    @usableFromInline var second = 0
    /// The actions of ``second`` not yet added to ``counts``: most actions start in the second of the one before,
    /// and counting them here, rather than in the array, saves each about 40 instructions (its uniqueness check and
    /// the index's remainder).
    @usableFromInline var inSecond = 0

    @usableFromInline init() {}

    /// Counts an action that started at `nanoseconds` of uptime.
    @inlinable
    mutating func count(atUptime nanoseconds: UInt64) {
        let at = Int(nanoseconds / 1_000_000_000)
        if at == second {
            inSecond += 1
        } else {
            count(inAnotherSecond: at)
        }
    }

    /// Counts an action of a second other than the newest: a later one becomes the newest. Out of line: it runs
    /// once a second, or for an action timed before one that another thread's processing already counted.
    @usableFromInline @inline(never)
    mutating func count(inAnotherSecond at: Int) {
        guard at > second else {
            if at > second - Self.seconds { counts[at % Self.seconds] += 1 }
            return
        }
        advance(to: at)
        inSecond = 1
    }

    /// Moves the newest second to `at`, zeroing the seconds it passes.
    @usableFromInline
    mutating func advance(to at: Int) {
        guard at > second else { return }
        counts[second % Self.seconds] += inSecond
        inSecond = 0
        if at - second >= Self.seconds {
            for index in counts.indices { counts[index] = 0 }
        } else {
            for passed in (second + 1)...at { counts[passed % Self.seconds] = 0 }
        }
        second = at
    }

    /// The counts of the 60 seconds up to `at`, oldest first.
    func perSecond(upTo at: Int) -> [Int] {
        var rate = self
        rate.advance(to: at)
        return (at - Self.seconds + 1...at).map { moment in
            if moment < 0 || moment <= rate.second - Self.seconds || moment > rate.second { return 0 }
            return rate.counts[moment % Self.seconds] + (moment == rate.second ? rate.inSecond : 0)
        }
    }
}

/// Which actions are recorded, by the name of their case: those of `allow` when it is set, but none of `deny`.
struct ActionFilter: Equatable, Sendable {
    /// When set, only actions of these cases are recorded.
    var allow: Set<String>?
    /// Actions of these cases are not recorded.
    var deny: Set<String> = []

    var isEmpty: Bool { allow == nil && deny.isEmpty }

    func admits(_ caseName: String) -> Bool {
        if let allow, !allow.contains(caseName) { return false }
        return !deny.contains(caseName)
    }
}

/// How the inspector names actions.
enum ActionNames {
    /// The action on one line, as string interpolation writes it but without the app module's name before the
    /// nested types (`search(.queryChanged("swift"))` rather than `search(App.SearchAction.queryChanged("swift"))`).
    static func describe<Action>(_ action: Action) -> String {
        var oneLine = String(describing: action).split(separator: "\n").joined(separator: " ")
        if let module = String(reflecting: Action.self).split(separator: ".").first {
            oneLine = oneLine.replacingOccurrences(of: "\(module).", with: "")
        }
        return oneLine.count > 300 ? String(oneLine.prefix(299)) + "…" : oneLine
    }
}
