/// The numbers that bound a store's work and memory.
@usableFromInline
struct EngineLimits: Sendable, Equatable {
    /// Producers that cannot drain the queue themselves wait while this many actions are queued.
    @usableFromInline var highWaterMark: Int
    /// Waiting producers are woken once the queue is back to this length, so that they do not wake for every action.
    @usableFromInline var lowWaterMark: Int
    /// A thread that found the store idle processes its own action, the follow-ups its action causes, and at most
    /// this many other actions; then it hands the rest of the queue over. 32 bits, as the processing role keeps it.
    @usableFromInline var fairnessBudget: Int32
    /// An idle store keeps a queue buffer of at most this many slots; a larger one is given back.
    @usableFromInline var retainedQueueCapacity: Int
    /// `idle()` gives up after this many turns of the main queue in a row that dispatched again (a main-actor
    /// observer that dispatches on every change, forever), and reports it.
    @usableFromInline var idleRounds: Int

    @usableFromInline
    init(
        highWaterMark: Int,
        lowWaterMark: Int,
        fairnessBudget: Int32,
        retainedQueueCapacity: Int,
        idleRounds: Int = 10_000
    ) {
        self.highWaterMark = highWaterMark
        self.lowWaterMark = lowWaterMark
        self.fairnessBudget = fairnessBudget
        self.retainedQueueCapacity = retainedQueueCapacity
        self.idleRounds = idleRounds
    }

    /// The limits of every store.
    @usableFromInline
    static let standard = EngineLimits(
        highWaterMark: 65_536,
        lowWaterMark: 32_768,
        fairnessBudget: 256,
        retainedQueueCapacity: 256
    )
}
