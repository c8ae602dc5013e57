/// The bookkeeping of an ``EffectScope`` as a pure state machine: it decides which tasks to cancel and which entry
/// a finished task leaves; the scope holds it under its lock and performs the decisions after unlocking.
struct EffectTable {
    struct Entry {
        let origin: EffectOrigin
        var task: Task<Void, Never>?
        var isCancelled = false
    }

    /// What the scope must do after ``start(origin:cancelInFlight:)``.
    enum StartDecision {
        /// The scope is closed: do not start the effect.
        case reject
        /// Start the effect under `token` after cancelling `cancelling`.
        case start(token: UInt64, cancelling: [Task<Void, Never>])
    }

    private(set) var entries: [UInt64: Entry] = [:]
    private(set) var isClosed = false
    private var nextToken: UInt64 = 0

    /// Registers a new effect, cancelling the running effects with the same id when `cancelInFlight` is set.
    mutating func start(origin: EffectOrigin, cancelInFlight: Bool) -> StartDecision {
        guard !isClosed else { return .reject }
        var cancelling: [Task<Void, Never>] = []
        if cancelInFlight, let id = origin.id {
            cancelling = cancel { $0.origin.id == id }
        }
        let token = nextToken
        nextToken &+= 1
        entries[token] = Entry(origin: origin)
        return .start(token: token, cancelling: cancelling)
    }

    /// Records the task of the effect registered under `token`; returns `true` when the task must be cancelled at
    /// once because the effect was cancelled before its task existed.
    mutating func attach(_ task: Task<Void, Never>, to token: UInt64) -> Bool {
        guard entries[token] != nil else { return false }
        entries[token]?.task = task
        return entries[token]?.isCancelled ?? false
    }

    /// Forgets the effect registered under `token`: its task has finished.
    mutating func finish(_ token: UInt64) {
        entries[token] = nil
    }

    /// Marks the effects with `id` as cancelled and returns their tasks.
    mutating func cancel(id: EffectID) -> [Task<Void, Never>] {
        cancel { $0.origin.id == id }
    }

    /// Closes the table (no effect starts afterwards) and returns every task to cancel.
    mutating func close() -> [Task<Void, Never>] {
        isClosed = true
        return cancel { _ in true }
    }

    private mutating func cancel(where predicate: (Entry) -> Bool) -> [Task<Void, Never>] {
        var tasks: [Task<Void, Never>] = []
        for (token, entry) in entries where !entry.isCancelled && predicate(entry) {
            entries[token]?.isCancelled = true
            if let task = entry.task { tasks.append(task) }
        }
        return tasks
    }
}
