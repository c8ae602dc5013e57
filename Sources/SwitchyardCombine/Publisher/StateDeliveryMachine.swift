/// Decides, for one subscriber of ``StorePublisher``, which states to send and when to finish; holds no lock and
/// calls no code of its own accord.
///
/// States wait in `queue` only while the subscriber has demand for them and another one is being sent. A state
/// that arrives when the demand is exhausted replaces the one held back before it, and is sent when demand comes:
/// a subscriber that asks for one state at a time always gets the newest one, never a stale backlog.
///
/// The machine lets go of no state of its own accord: a state it replaces or drops is handed back in its decision,
/// for the caller to release after unlocking, and a state it sends leaves its queue as it is handed out.
struct StateDeliveryMachine<Value> {
    /// What the caller does after unlocking.
    struct Action {
        /// Whether the caller becomes the sender: it calls ``nextToSend()`` until it says to stop.
        var startsSending = false
        /// The states the machine let go of, released by the caller after unlocking.
        var released = Discarded()
    }

    /// What the sender does next.
    enum Send {
        case value(Value)
        /// Send the completion; `released` (a state held back for lack of demand) is released after unlocking.
        case finish(released: Discarded)
        case stop
    }

    private var demand = Subscribers.Demand.none
    /// The states owed, oldest first, from `queueHead` on; a slot is emptied when its state is handed to the sender.
    private var queue: [Value?] = []
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
        guard !isTerminated else { return Action() }
        demand += additional
        if demand > 0, let value = heldBack.take() {
            enqueue(value)
        }
        return Action(startsSending: claimSending())
    }

    /// The store registered the subscriber; `current` goes before every state offered meanwhile. The states held
    /// back and then replaced by newer ones on the way are handed back in `released`.
    mutating func start(current: Value) -> Action {
        guard !isTerminated, !started else { return Action() }
        started = true
        var offered: [Value] = []
        swap(&offered, &early)
        var released = Discarded(heldBack: accept(current))
        for value in offered {
            if let replaced = accept(value) { released.early.append(replaced) }
        }
        return Action(startsSending: claimSending(), released: released)
    }

    /// The store emitted `value`. A state held back that `value` replaces is handed back in `released.heldBack`.
    mutating func offer(_ value: Value) -> Action {
        guard !isTerminated else { return Action() }
        guard started else {
            early.append(value)
            return Action()
        }
        let replaced = accept(value)
        return Action(startsSending: claimSending(), released: Discarded(heldBack: replaced))
    }

    /// The store was freed: finish once every state already owed has been sent.
    mutating func storeDidEnd() -> Action {
        guard !isTerminated else { return Action() }
        storeEnded = true
        return Action(startsSending: claimSending())
    }

    /// The sender's next step; `.finish` and `.stop` end its turn.
    mutating func nextToSend() -> Send {
        guard !isTerminated else {
            isSending = false
            return .stop
        }
        if queueHead < queue.count {
            // Every slot from `queueHead` on holds a state. Taken out, so that the sender's copy is the last one.
            let value = queue[queueHead].take()!
            queueHead += 1
            if queueHead == queue.count {
                queue.removeAll(keepingCapacity: true)
                queueHead = 0
            }
            return .value(value)
        }
        isSending = false
        guard storeEnded, started else { return .stop }
        return .finish(released: terminate())
    }

    /// The subscriber cancelled: nothing more is sent. The states returned are released after unlocking.
    mutating func cancel() -> Discarded {
        terminate()
    }

    /// States the machine let go of, to release with no lock held (a state's `deinit` can be user code).
    struct Discarded {
        /// The states still owed when delivery ended; the slots of states already sent are `nil`.
        var queue: [Value?] = []
        /// The states offered before the current one was known, when delivery ended before it was; at the start,
        /// the states held back and replaced by newer ones.
        var early: [Value] = []
        /// The state held back for lack of demand when delivery ended, or the one a newer state replaced.
        var heldBack: Value?
    }

    /// Queues `value` if the subscriber awaits it, or holds it back; returns the held-back state it replaced.
    private mutating func accept(_ value: Value) -> Value? {
        if demand > 0 {
            enqueue(value)
            return nil
        }
        let replaced = heldBack.take()
        heldBack = value
        return replaced
    }

    private mutating func enqueue(_ value: Value) {
        demand -= 1
        queue.append(value)
    }

    /// Whether the caller becomes the sender: there is something to send or to finish, and nobody sends yet.
    private mutating func claimSending() -> Bool {
        guard !isSending, started, queueHead < queue.count || storeEnded else { return false }
        isSending = true
        return true
    }

    private mutating func terminate() -> Discarded {
        guard !isTerminated else { return Discarded() }
        isTerminated = true
        var discarded = Discarded(heldBack: heldBack.take())
        swap(&discarded.queue, &queue)
        swap(&discarded.early, &early)
        queueHead = 0
        return discarded
    }
}
