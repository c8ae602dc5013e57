/// Where the commit of an action may put the next action it decides to process. The thread that processes the
/// action it dispatched keeps none (``NoNextAction``): its commit only decides whether the store is idle, and a
/// local that could hold an action would cost its destruction on every dispatch.
@usableFromInline
protocol NextActionSlot<Action> {
    associatedtype Action: Sendable
    /// The engine's decision after an action, under the lock.
    mutating func decide<State>(
        _ engine: inout EngineState<Action, State>,
        context: inout ProcessorContext<Action, State>,
        released: inout Released
    ) -> EngineState<Action, State>.Step?
}

/// No slot: the decision is taken only when the store is idle or closed.
@usableFromInline
struct NoNextAction<Action: Sendable>: NextActionSlot {
    /// One byte, so that the slot is not an empty value: an empty value passed `inout` has no storage of its own,
    /// every thread passes the same placeholder address, and ThreadSanitizer reports a race between two stores.
    @usableFromInline var unused: UInt8 = 0

    @inlinable init() {}

    /// Always inlined: it runs in every dispatch's commit, and a call of its own costs more than the decision.
    @inlinable @inline(__always)
    mutating func decide<State>(
        _ engine: inout EngineState<Action, State>,
        context: inout ProcessorContext<Action, State>,
        released: inout Released
    ) -> EngineState<Action, State>.Step? {
        engine.endIfIdle(context: &context, released: &released)
    }
}

/// The run loop's slot for the next action.
@usableFromInline
struct NextAction<Action: Sendable>: NextActionSlot {
    @usableFromInline var action: QueuedAction<Action>?

    @inlinable init() {}

    @inlinable
    mutating func decide<State>(
        _ engine: inout EngineState<Action, State>,
        context: inout ProcessorContext<Action, State>,
        released: inout Released
    ) -> EngineState<Action, State>.Step? {
        engine.next(context: &context, action: &action, released: &released)
    }
}
