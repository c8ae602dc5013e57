/// The bookkeeping of an ``EffectScope`` as a pure state machine: it decides which effects to cancel and which entry
/// a finished task leaves; the scope holds it under its lock and performs the decisions after unlocking.
struct EffectTable {
    struct Entry {
        let origin: EffectOrigin
        /// The flag the effect's output handler checks; set, then the task cancelled, when the effect is cancelled.
        let cancellation: EffectCancellation
        var task: Task<Void, Never>?
        var isCancelled = false
    }

    /// An effect to cancel once the lock is released: its flag first, so that nothing it dispatches from then on,
    /// its task's cancellation handlers included, reaches the store; then its task, if it exists yet.
    struct Cancellation {
        let flag: EffectCancellation
        let task: Task<Void, Never>?

        /// Sets the flag, then cancels the task.
        func perform() {
            flag.cancel()
            task?.cancel()
        }
    }

    /// What the scope must do after ``start(origin:cancellation:cancelInFlight:)``.
    enum StartDecision {
        /// The scope is closed: do not start the effect.
        case reject
        /// Start the effect under `token` after performing `cancelling`.
        case start(token: UInt64, cancelling: [Cancellation])
    }

    private(set) var entries: [UInt64: Entry] = [:]
    private(set) var isClosed = false
    private var nextToken: UInt64 = 0

    /// Registers a new effect whose output checks `cancellation`, cancelling the running effects with the same id
    /// when `cancelInFlight` is set.
    mutating func start(
        origin: EffectOrigin,
        cancellation: EffectCancellation,
        cancelInFlight: Bool
    ) -> StartDecision {
        guard !isClosed else { return .reject }
        var cancelling: [Cancellation] = []
        if cancelInFlight, let id = origin.id {
            cancelling = cancel { $0.origin.id == id }
        }
        let token = nextToken
        nextToken &+= 1
        entries[token] = Entry(origin: origin, cancellation: cancellation)
        return .start(token: token, cancelling: cancelling)
    }

    /// Records the task of the effect registered under `token`; returns `true` when the task must be cancelled at
    /// once because the effect was cancelled before its task existed (its flag is already set).
    mutating func attach(_ task: Task<Void, Never>, to token: UInt64) -> Bool {
        guard entries[token] != nil else { return false }
        entries[token]?.task = task
        return entries[token]?.isCancelled ?? false
    }

    /// Forgets the effect registered under `token`, whose task has finished, and returns its entry so that the
    /// scope releases it after unlocking.
    mutating func finish(_ token: UInt64) -> Entry? {
        entries.removeValue(forKey: token)
    }

    /// Marks the effects with `id` as cancelled and returns what to cancel.
    mutating func cancel(id: EffectID) -> [Cancellation] {
        cancel { $0.origin.id == id }
    }

    /// Closes the table (no effect starts afterwards) and returns every effect to cancel.
    mutating func close() -> [Cancellation] {
        isClosed = true
        return cancel { _ in true }
    }

    private mutating func cancel(where predicate: (Entry) -> Bool) -> [Cancellation] {
        var cancelling: [Cancellation] = []
        for (token, entry) in entries where !entry.isCancelled && predicate(entry) {
            entries[token]?.isCancelled = true
            cancelling.append(Cancellation(flag: entry.cancellation, task: entry.task))
        }
        return cancelling
    }
}
