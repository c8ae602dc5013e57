/// Decides, for one subscriber of ``StorePublisher``, which states to send and when to finish; holds no lock and
/// calls no code of its own accord.
///
/// States wait in `queue` only while the subscriber has demand for them and another one is being sent. A state
/// that arrives when the demand is exhausted replaces the one held back before it, and is sent when demand comes:
/// a subscriber that asks for one state at a time always gets the newest one, never a stale backlog.
struct StateDeliveryMachine<Value> {
    /// What the caller does after unlocking.
    enum Action {
        /// Nothing.
        case none
        /// Become the sender: call ``nextToSend()`` until it says to stop.
        case startSending
    }

    /// What the sender does next.
    enum Send {
        case value(Value)
        /// Send the completion; `dropped` (a state held back for lack of demand) is released after unlocking.
        case finish(dropped: Value?)
        case stop
    }

    private var demand = Subscribers.Demand.none
    private var queue: [Value] = []
    private var queueHead = 0
    private var heldBack: Value?
    /// The current state is known: offered states no longer wait in `early`.
    private var started = false
    private var early: [Value] = []
    private var isSending = false
    private var storeEnded = false
    private(set) var isTerminated = false

    /// The subscriber asked for `additional` states.
    mutating func request(_ additional: Subscribers.Demand) -> Action {
        guard !isTerminated else { return .none }
        demand += additional
        if demand > 0, let value = heldBack {
            heldBack = nil
            enqueue(value)
        }
        return sendingAction()
    }

    /// The store registered the subscriber; `current` goes before every state offered meanwhile.
    mutating func start(current: Value) -> Action {
        guard !isTerminated, !started else { return .none }
        started = true
        accept(current)
        let offered = early
        early = []
        for value in offered { accept(value) }
        return sendingAction()
    }

    /// The store emitted `value`.
    mutating func offer(_ value: Value) -> Action {
        guard !isTerminated else { return .none }
        guard started else {
            early.append(value)
            return .none
        }
        accept(value)
        return sendingAction()
    }

    /// The store was freed: finish once every state already owed has been sent.
    mutating func storeDidEnd() -> Action {
        guard !isTerminated else { return .none }
        storeEnded = true
        return sendingAction()
    }

    /// The sender's next step; `.finish` and `.stop` end its turn.
    mutating func nextToSend() -> Send {
        guard !isTerminated else {
            isSending = false
            return .stop
        }
        if queueHead < queue.count {
            let value = queue[queueHead]
            queueHead += 1
            if queueHead == queue.count {
                queue.removeAll(keepingCapacity: true)
                queueHead = 0
            }
            return .value(value)
        }
        isSending = false
        guard storeEnded, started else { return .stop }
        return .finish(dropped: terminate().heldBack)
    }

    /// The subscriber cancelled: nothing more is sent. The states returned are released after unlocking.
    mutating func cancel() -> Discarded {
        terminate()
    }

    /// States let go of when delivery ends, to release with no lock held (a state's `deinit` can be user code).
    struct Discarded {
        var queue: [Value] = []
        var early: [Value] = []
        var heldBack: Value?
    }

    private mutating func accept(_ value: Value) {
        if demand > 0 {
            enqueue(value)
        } else {
            heldBack = value
        }
    }

    private mutating func enqueue(_ value: Value) {
        demand -= 1
        queue.append(value)
    }

    private mutating func sendingAction() -> Action {
        guard !isSending, started, queueHead < queue.count || storeEnded else { return .none }
        isSending = true
        return .startSending
    }

    private mutating func terminate() -> Discarded {
        guard !isTerminated else { return Discarded() }
        isTerminated = true
        let discarded = Discarded(queue: queue, early: early, heldBack: heldBack)
        queue = []
        queueHead = 0
        early = []
        heldBack = nil
        return discarded
    }
}
