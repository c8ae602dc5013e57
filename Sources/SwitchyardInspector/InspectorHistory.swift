import Switchyard

/// One recorded action: what was dispatched, from where, how long each phase took and the state it left.
struct InspectorEntry<Action: Sendable, State: Sendable>: Sendable {
    /// The entry's number, unique and increasing for the inspector's life.
    let id: Int
    let dispatched: DispatchedAction<Action>
    /// A description of the dispatching thread: `main`, or its number.
    let thread: String
    /// Whether a middleware, an IO or an effect dispatched it rather than the app.
    let isFollowUp: Bool
    /// When the pipeline started on it, in seconds since 1970.
    let time: Double
    let handleNanoseconds: UInt64
    let reduceNanoseconds: UInt64
    var ioNanoseconds: UInt64
    /// The state after it: as recorded, or as the reducer gives it again after an earlier action was skipped.
    var state: State
    var isSkipped = false
}

/// The recorded actions, oldest first, in a ring of fixed capacity: when it is full, the oldest entry goes, and the
/// state after it becomes the base that replays start from.
struct InspectorHistory<Action: Sendable, State: Sendable>: Sendable {
    let capacity: Int
    /// The state before the oldest entry.
    private(set) var base: State
    private var ring: [InspectorEntry<Action, State>] = []
    /// Where the oldest entry is in `ring` once the ring is full.
    private var start = 0
    /// How many entries the ring let go.
    private(set) var dropped = 0
    private(set) var lastID = 0

    init(capacity: Int, base: State) {
        precondition(capacity > 0, "An inspector's history holds at least one action.")
        self.capacity = capacity
        self.base = base
        ring.reserveCapacity(Swift.min(capacity, 1024))
    }

    var count: Int { ring.count }
    var isEmpty: Bool { ring.isEmpty }

    /// The entry at `offset` from the oldest.
    subscript(offset: Int) -> InspectorEntry<Action, State> {
        get { ring[(start + offset) % ring.count] }
        set { ring[(start + offset) % ring.count] = newValue }
    }

    var first: InspectorEntry<Action, State>? { isEmpty ? nil : self[0] }
    var last: InspectorEntry<Action, State>? { isEmpty ? nil : self[count - 1] }

    /// The state after the newest entry: the present.
    var present: State { last?.state ?? base }

    mutating func makeID() -> Int {
        lastID += 1
        return lastID
    }

    /// Appends an entry, letting the oldest go when the ring is full.
    mutating func append(_ entry: InspectorEntry<Action, State>) {
        if ring.count < capacity {
            ring.append(entry)
            return
        }
        base = ring[start].state
        ring[start] = entry
        start = (start + 1) % capacity
        dropped += 1
    }

    /// The offset of the entry numbered `id`, if it is still in the ring.
    func offset(of id: Int) -> Int? {
        guard let first, id >= first.id, id - first.id < count else { return nil }
        return id - first.id
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
        let from: Int
        if let id, let first { from = Swift.max(0, Swift.min(count, id - first.id + 1)) } else { from = 0 }
        return (from..<count).map { self[$0] }
    }

    /// Runs `reducer` again over every entry that is not skipped, from the base, and stores each entry's new state.
    mutating func replay(with reducer: Reducer<Action, State>) {
        var state = base
        for offset in 0..<count {
            if !self[offset].isSkipped { reducer.reduce(self[offset].dispatched.action, &state) }
            self[offset].state = state
        }
    }

    /// Replaces the whole history (an imported session).
    mutating func replaceAll(base: State, entries: [InspectorEntry<Action, State>], dropped: Int) {
        let cut = Swift.max(0, entries.count - capacity)
        self.base = cut > 0 ? entries[cut - 1].state : base
        ring = Array(entries.suffix(capacity))
        start = 0
        self.dropped = dropped + cut
        lastID = Swift.max(lastID, entries.last?.id ?? 0)
    }
}
