import Switchyard

/// One recorded action: what was dispatched, from where, how long each phase took and the state it left.
///
/// The recording path is inlinable, like the types it touches, so that it is specialized for the app's types
/// where the inspector is created: unspecialized, it looked up generic metadata several times per action.
@usableFromInline
struct InspectorEntry<Action: Sendable, State: Sendable>: Sendable {
    /// The entry's number, unique and increasing for the inspector's life.
    @usableFromInline var id: Int
    @usableFromInline var action: Action
    /// Where the action was dispatched from; see ``InspectorPlace``.
    @usableFromInline var place: InspectorPlace
    /// The `info` of the action's source.
    @usableFromInline var info: String?
    /// The dispatching thread.
    @usableFromInline var thread: InspectorThread
    /// Whether a middleware, an IO or an effect dispatched it rather than the app.
    @usableFromInline var isFollowUp: Bool
    /// When the pipeline started on it, in seconds since 1970.
    @usableFromInline var time: Double
    @usableFromInline var handleNanoseconds: UInt64
    @usableFromInline var reduceNanoseconds: UInt64
    @usableFromInline var ioNanoseconds: UInt64
    /// The state after it: as recorded, or as the reducer gives it again after an earlier action was skipped.
    @usableFromInline var state: State
    @usableFromInline var isSkipped: Bool
    /// Held while the store showed a recorded state, and given back on the return to the present with the other
    /// held actions: they were processed one after the other, before what any of them caused.
    @usableFromInline var wasHeld: Bool
    /// The state right before this action, kept when actions ran between the previous entry and this one that the
    /// history does not hold (recording was paused, or a filter left them out): a gap. `nil` otherwise, the state
    /// before it being the previous entry's.
    @usableFromInline var stateBefore: State?

    @inlinable
    init(
        id: Int,
        action: Action,
        place: InspectorPlace,
        info: String?,
        thread: InspectorThread,
        isFollowUp: Bool,
        time: Double,
        handleNanoseconds: UInt64,
        reduceNanoseconds: UInt64,
        ioNanoseconds: UInt64,
        state: State,
        isSkipped: Bool = false,
        wasHeld: Bool = false,
        stateBefore: State? = nil
    ) {
        self.id = id
        self.action = action
        self.place = place
        self.info = info
        self.thread = thread
        self.isFollowUp = isFollowUp
        self.time = time
        self.handleNanoseconds = handleNanoseconds
        self.reduceNanoseconds = reduceNanoseconds
        self.ioNanoseconds = ioNanoseconds
        self.state = state
        self.isSkipped = isSkipped
        self.wasHeld = wasHeld
        self.stateBefore = stateBefore
    }

    /// The source of the action.
    var source: ActionSource { place.source(info: info) }

    /// The action with its source, as it was dispatched.
    var dispatched: DispatchedAction<Action> { DispatchedAction(action, dispatcher: source) }
}

extension InspectorEntry {
    /// What the recorder knows of a new action besides its values (the action, its `info` and the states): plain
    /// values, which a new entry, or a full history's slot written over, takes as they are.
    @usableFromInline
    typealias Facts = (
        id: Int, place: InspectorPlace, thread: InspectorThread, isFollowUp: Bool, time: Double,
        handleNanoseconds: UInt64, reduceNanoseconds: UInt64, wasHeld: Bool
    )

    /// The entry of a new action.
    @inlinable
    init(
        _ facts: Facts, action: consuming Action, info: consuming String?, state: consuming State,
        stateBefore: consuming State?
    ) {
        self.init(
            id: facts.id, action: action, place: facts.place, info: info, thread: facts.thread,
            isFollowUp: facts.isFollowUp, time: facts.time, handleNanoseconds: facts.handleNanoseconds,
            reduceNanoseconds: facts.reduceNanoseconds, ioNanoseconds: 0, state: state, wasHeld: facts.wasHeld,
            stateBefore: stateBefore)
    }

    /// Writes the entry of a new action over this one, field by field, and gives this one's state to `base`:
    /// a full history's slot of its oldest entry takes its newest. Written over rather than replaced: destroying a
    /// replaced entry goes through its type's value witnesses, and a whole entry moves with `memcpy`, about 120
    /// instructions per action in all (callgrind, W1 inspected).
    @inlinable
    mutating func overwrite(
        with facts: Facts,
        action: consuming Action,
        info: consuming String?,
        state: consuming State,
        stateBefore: consuming State?,
        givingStateTo base: inout State
    ) {
        swap(&self.state, &base)
        self.id = facts.id
        self.action = action
        self.place = facts.place
        // Most actions have no `info`: assigning an absent one over another would still call the runtime twice.
        if info != nil || self.info != nil { self.info = info }
        self.thread = facts.thread
        self.isFollowUp = facts.isFollowUp
        self.time = facts.time
        self.handleNanoseconds = facts.handleNanoseconds
        self.reduceNanoseconds = facts.reduceNanoseconds
        self.ioNanoseconds = 0
        self.state = state
        self.isSkipped = false
        self.wasHeld = facts.wasHeld
        self.stateBefore = stateBefore
    }
}

/// The recorded actions, oldest first, in a ring of fixed capacity: when it is full, the oldest entry goes, and the
/// state after it becomes the base that replays start from.
@usableFromInline
struct InspectorHistory<Action: Sendable, State: Sendable>: Sendable {
    @usableFromInline let capacity: Int
    /// The state before the oldest entry.
    @usableFromInline var base: State
    @usableFromInline var ring: [InspectorEntry<Action, State>] = []
    /// Where the oldest entry is in `ring` once the ring is full.
    @usableFromInline var start = 0
    /// How many entries the ring let go.
    @usableFromInline var dropped = 0
    @usableFromInline var lastID = 0
    /// The newest entry with a gap before it (see ``InspectorEntry/stateBefore``), if any.
    @usableFromInline var newestGapID: Int?

    @usableFromInline
    init(capacity: Int, base: State) {
        precondition(capacity > 0, "An inspector's history holds at least one action.")
        self.capacity = capacity
        self.base = base
        ring.reserveCapacity(Swift.min(capacity, 1024))
    }

    @inlinable var count: Int { ring.count }
    @inlinable var isEmpty: Bool { ring.isEmpty }

    /// The entry at `offset` from the oldest.
    @inlinable
    subscript(offset: Int) -> InspectorEntry<Action, State> {
        get { ring[(start + offset) % ring.count] }
        set { ring[(start + offset) % ring.count] = newValue }
    }

    @inlinable var first: InspectorEntry<Action, State>? { isEmpty ? nil : self[0] }
    var last: InspectorEntry<Action, State>? { isEmpty ? nil : self[count - 1] }

    /// The state after the newest entry: the present.
    var present: State { last?.state ?? base }

    @inlinable
    mutating func makeID() -> Int {
        lastID += 1
        return lastID
    }

    /// Appends the entry of a new action, letting the oldest go when the ring is full: the state the oldest left
    /// becomes the base, and its slot takes the new entry (see ``InspectorEntry/overwrite(with:action:info:state:stateBefore:givingStateTo:)``).
    ///
    /// The parts are moved in, not copied: an entry is large, and each copy of one, done through its type's value
    /// witnesses, cost about 160 instructions (callgrind, W1 inspected).
    @inlinable
    mutating func append(
        _ facts: InspectorEntry<Action, State>.Facts,
        action: consuming Action,
        info: consuming String?,
        state: consuming State,
        stateBefore: consuming State?
    ) {
        if stateBefore != nil { newestGapID = facts.id }
        if ring.count < capacity {
            ring.append(InspectorEntry(facts, action: action, info: info, state: state, stateBefore: stateBefore))
            if ring.count == 1, newestGapID != nil { absorbOldestGap() }
            return
        }
        let oldest = start
        start = oldest + 1 == capacity ? 0 : oldest + 1
        dropped += 1
        ring[oldest].overwrite(
            with: facts, action: action, info: info, state: state, stateBefore: stateBefore, givingStateTo: &base)
        if newestGapID != nil { absorbOldestGap() }
    }

    /// The state before the oldest entry is the base: a gap before it becomes the base. Without a newest gap there is
    /// none at all (gaps are absorbed oldest first), and the oldest entry is not read: that saves a full history's
    /// append about 20 instructions.
    @inlinable
    mutating func absorbOldestGap() {
        guard newestGapID != nil, !ring.isEmpty, let before = ring[start].stateBefore else { return }
        base = before
        if newestGapID == ring[start].id { newestGapID = nil }
        ring[start].stateBefore = nil
    }

    /// The offset of the entry numbered `id`, if it is still in the ring.
    @inlinable
    func offset(of id: Int) -> Int? {
        // Any `id` is accepted, from `Int.min` to `Int.max`: no arithmetic on it can overflow.
        guard let first, id >= first.id, id <= self[count - 1].id else { return nil }
        // Numbers follow each other unless skipped entries were swept away, which leaves the entry before its guess.
        let guess = Swift.min(id - first.id, count - 1)
        if self[guess].id == id { return guess }
        var low = 0
        var high = guess
        while low <= high {
            let middle = (low + high) / 2
            let found = self[middle].id
            if found == id { return middle }
            if found < id { low = middle + 1 } else { high = middle - 1 }
        }
        return nil
    }

    /// Empties the history, which starts again from `base`; numbers go on from the last one given.
    mutating func empty(base: State) {
        ring = []
        start = 0
        dropped = 0
        newestGapID = nil
        self.base = base
    }

    /// Removes the skipped entries; returns how many went, and whether actions that the history does not hold ran
    /// after the last entry kept (a skipped entry with a gap before it went from the end). The states stay those of
    /// the replays: a skipped entry's state is the one before it, so the entry after it keeps a gap when it had one.
    mutating func removeSkipped() -> (removed: Int, gapAtEnd: Bool) {
        var kept: [InspectorEntry<Action, State>] = []
        var carriedGap: State?
        var removed = 0
        for offset in 0..<count {
            var entry = self[offset]
            if entry.isSkipped {
                removed += 1
                if kept.isEmpty {
                    base = entry.state
                } else if entry.stateBefore != nil || carriedGap != nil {
                    carriedGap = entry.state
                }
                continue
            }
            if let gap = carriedGap {
                if entry.stateBefore == nil { entry.stateBefore = gap }
                carriedGap = nil
            }
            kept.append(entry)
        }
        guard removed > 0 else { return (0, false) }
        ring = kept
        start = 0
        newestGapID = kept.last { $0.stateBefore != nil }?.id
        absorbOldestGap()
        return (removed, carriedGap != nil)
    }

    /// The entry numbered `id`, if it is still in the ring.
    func entry(_ id: Int) -> InspectorEntry<Action, State>? {
        offset(of: id).map { self[$0] }
    }

    /// The state before the entry at `offset`.
    func state(before offset: Int) -> State {
        offset == 0 ? base : self[offset - 1].state
    }

    /// The entries after the one numbered `id` (all of them when `id` is `nil` or older than the oldest).
    func entries(after id: Int?) -> [InspectorEntry<Action, State>] {
        (firstOffset(after: id)..<count).map { self[$0] }
    }

    /// The offset of the first entry numbered after `id`: `count` when there is none, 0 when `id` is `nil`.
    func firstOffset(after id: Int?) -> Int {
        // Any `id` is accepted, from `Int.min` to `Int.max` (it comes from a request's query): it is only compared.
        // The numbers increase, with holes where skipped entries were swept away: the first one after `id` is found
        // by bisection.
        var from = 0
        if let id {
            var high = count
            while from < high {
                let middle = (from + high) / 2
                if self[middle].id <= id { from = middle + 1 } else { high = middle }
            }
        }
        return from
    }

    /// At most `limit` entries numbered before `id` (before none: the newest), the newest last.
    func entries(before id: Int?, limit: Int) -> [InspectorEntry<Action, State>] {
        let end = id.map { firstOffset(after: $0 == Int.min ? $0 : $0 - 1) } ?? count
        return (Swift.max(0, end - limit)..<end).map { self[$0] }
    }

    /// What a replay needs, taken under the recorder's lock after marking the entry numbered `id` skipped or not:
    /// the base and each entry's action and mark, with what identifies this history; `nil` when `id` is not in it.
    mutating func replayInput(marking id: Int, skipped: Bool) -> InspectorReplay<Action, State>? {
        guard let offset = offset(of: id) else { return nil }
        self[offset].isSkipped = skipped
        return InspectorReplay(
            base: base,
            steps: (0..<count).map { (self[$0].action, self[$0].isSkipped, self[$0].stateBefore) },
            firstID: self[0].id,
            lastID: self[count - 1].id
        )
    }

    /// Stores the states a replay gave, when the history is still the one it was made from; `false` otherwise.
    mutating func write(_ states: [State], of replay: InspectorReplay<Action, State>) -> Bool {
        guard first?.id == replay.firstID, last?.id == replay.lastID, states.count == count else { return false }
        for offset in 0..<count { self[offset].state = states[offset] }
        return true
    }

    /// Replaces the whole history (an imported session).
    mutating func replaceAll(base: State, entries: [InspectorEntry<Action, State>], dropped: Int) {
        let cut = Swift.max(0, entries.count - capacity)
        self.base = cut > 0 ? entries[cut - 1].state : base
        ring = Array(entries.suffix(capacity))
        start = 0
        self.dropped = dropped + cut
        lastID = Swift.max(lastID, entries.last?.id ?? 0)
        newestGapID = ring.last { $0.stateBefore != nil }?.id
        absorbOldestGap()
    }
}

/// The input of a replay, run with no lock held: the reducer is the app's code.
///
/// A replay starts again from the recorded state before each gap (actions that ran but were not recorded): the
/// inspector replays only when no gap follows the action skipped or brought back, so that state is still the one the
/// app reached.
struct InspectorReplay<Action: Sendable, State: Sendable> {
    var base: State
    var steps: [(action: Action, isSkipped: Bool, stateBefore: State?)]
    var firstID: Int
    var lastID: Int

    /// The state after each step: the reducer runs over every step that is not skipped, from the base.
    func run(with reducer: Reducer<Action, State>) -> [State] {
        var state = base
        var states: [State] = []
        states.reserveCapacity(steps.count)
        for step in steps {
            if let before = step.stateBefore { state = before }
            if !step.isSkipped { reducer.reduce(step.action, &state) }
            states.append(state)
        }
        return states
    }
}
