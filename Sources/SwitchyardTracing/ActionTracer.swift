import Switchyard
import Tracing

#if canImport(os)
    import os
#endif

/// The tracer behind a store's tracing probe: opens a span per sampled action when a probe admits it, records its
/// phases when the reducer returns, runs the effects it starts inside its context, and remembers which action's
/// context each follow-up was dispatched under.
///
/// Every hook but `tagFollowUp` and the effects' own code runs on the processing thread, one at a time; the lock
/// makes the state visible from one to the next and guards it against the taggers of other threads. No span is
/// started or ended under the lock.
@usableFromInline
final class ActionTracer<T: Tracer, Action: Sendable, State: Sendable>: Sendable {
    /// The action whose pipeline runs now on `thread`: the follow-ups and the effects started there are its own.
    @usableFromInline
    struct Window {
        @usableFromInline let thread: UInt
        @usableFromInline let context: ServiceContext?

        @inlinable init(thread: UInt, context: ServiceContext?) {
            self.thread = thread
            self.context = context
        }
    }

    @usableFromInline
    struct Locked {
        /// The span of the action admitted last, until its reducer returns.
        @usableFromInline var open: T.Span?
        /// When the span of the action admitted last started, in nanoseconds since the epoch.
        @usableFromInline var startedAt: UInt64 = 0
        /// When the reducer of the action admitted last returned, in nanoseconds since the epoch.
        @usableFromInline var reducedAt: UInt64 = 0
        @usableFromInline var window: Window?
        /// The contexts that tagged follow-ups were dispatched under, until the store processes them.
        @usableFromInline var causes: [UInt64: ServiceContext] = [:]
        @usableFromInline var nextCause: UInt64 = 1
        #if canImport(os)
            @usableFromInline var signpost: OSSignpostIntervalState?
        #endif

        @inlinable init() {}
    }

    @usableFromInline let tracer: T
    @usableFromInline let options: StoreTracingOptions<Action, State>
    @usableFromInline let state = LockedValue(Locked())
    #if canImport(os)
        @usableFromInline let signposter = OSSignposter(subsystem: "Switchyard", category: "actions")
    #endif

    @inlinable
    init(tracer: T, options: StoreTracingOptions<Action, State>) {
        self.tracer = tracer
        self.options = options
    }

    /// The probe whose hooks are this tracer's.
    @inlinable
    var probe: StoreProbe<Action, State> {
        StoreProbe(
            admit: { [self] dispatched, origin in
                admit(dispatched, origin: origin)
                return .process
            },
            didReduce: { [self] reduced in didReduce(reduced) },
            didRunEffects: { [self] nanoseconds in didRunEffects(nanoseconds) },
            storeDidEnd: { [self] in endOpenSpan() },
            decorateEffect: { [self] start, operation in decorate(start, operation) },
            tagFollowUp: { [self] in tagFollowUp() }
        )
    }

    // MARK: - The action's span

    @inlinable
    func admit(_ dispatched: DispatchedAction<Action>, origin: ActionOrigin) {
        let thread = currentThreadID()
        let (held, parent) = state.withLock { state -> (T.Span?, ServiceContext?) in
            let held = state.open
            state.open = nil
            state.window = Window(thread: thread, context: nil)
            let parent = origin.cause == 0 ? nil : state.causes.removeValue(forKey: origin.cause)
            return (held, parent)
        }
        // A later probe held the previous action: its reducer never ran.
        if let held {
            held.attributes["switchyard.action.held"] = true
            held.end()
        }
        if let samples = options.samples, !samples(dispatched, origin) { return }
        let source = dispatched.dispatcher
        // An app's action processed on the task that dispatched it nests under that task's span, if any.
        let context =
            parent ?? (origin.isFollowUp || origin.thread != thread ? nil : ServiceContext.current) ?? .topLevel
        let startedAt = DefaultTracerClock.now
        let span = tracer.startSpan(
            options.spanName(dispatched.action),
            context: context,
            ofKind: .internal,
            at: startedAt,
            function: source.function,
            file: source.file,
            line: source.line
        )
        let isBridged = source.info?.contains("Bridged from ") ?? false
        // One dictionary made at its size, set once: growing a span's attributes one by one costs a resize each.
        var attributes = [String: SpanAttribute](minimumCapacity: 9)
        attributes["code.filepath"] = .string(source.file)
        attributes["code.lineno"] = .int64(Int64(truncatingIfNeeded: source.line))
        attributes["code.function"] = .string(source.function)
        attributes["thread.id"] = .int64(Int64(truncatingIfNeeded: origin.thread))
        attributes["switchyard.store"] = .string(options.storeName)
        attributes["switchyard.action.follow_up"] = .bool(origin.isFollowUp)
        if isBridged { attributes["switchyard.action.bridged"] = .bool(true) }
        if let redact = options.redactAction, let payload = redact(dispatched.action) {
            attributes["switchyard.action.payload"] = .string(payload)
        }
        span.attributes = SpanAttributes(attributes)
        if isBridged, let parent {
            span.addLink(SpanLink(context: parent, attributes: ["switchyard.link": "bridged from"]))
        }
        #if canImport(os)
            let signpost =
                options.signposts ? signposter.beginInterval("action", id: signposter.makeSignpostID()) : nil
        #endif
        let spanContext = span.context
        state.withLock { state in
            state.open = span
            state.startedAt = startedAt.nanosecondsSinceEpoch
            state.window = Window(thread: thread, context: spanContext)
            #if canImport(os)
                state.signpost = signpost
            #endif
        }
    }

    @inlinable
    func didReduce(_ reduced: ReducedAction<Action, State>) {
        let (span, startedAt) = state.withLock { state -> (T.Span?, UInt64) in
            let span = state.open
            state.open = nil
            state.reducedAt = state.startedAt &+ reduced.handleNanoseconds &+ reduced.reduceNanoseconds
            if !reduced.isFollowedByEffects { state.window = nil }
            return (span, state.startedAt)
        }
        guard let span else { return }
        let handledAt = startedAt &+ reduced.handleNanoseconds
        let reducedAt = handledAt &+ reduced.reduceNanoseconds
        switch options.phases {
        case .none:
            break
        case .events:
            span.addEvent(SpanEvent(name: "handled", at: Self.instant(handledAt)))
            span.addEvent(SpanEvent(name: "reduced", at: Self.instant(reducedAt)))
        case .spans:
            phaseSpan("handle", parent: span.context, from: startedAt, to: handledAt)
            phaseSpan("reduce", parent: span.context, from: handledAt, to: reducedAt)
        }
        if let redact = options.redactState, let value = redact(reduced.state) {
            span.attributes["switchyard.state"] = value
        }
        span.end(at: Self.instant(reducedAt))
        #if canImport(os)
            if let signpost = state.withLock({ $0.signpost }) { signposter.endInterval("action", signpost) }
        #endif
    }

    @inlinable
    func didRunEffects(_ nanoseconds: UInt64) {
        let (window, reducedAt) = state.withLock { state in
            defer { state.window = nil }
            return (state.window, state.reducedAt)
        }
        guard options.phases != .none, let context = window?.context else { return }
        phaseSpan("observers and IOs", parent: context, from: reducedAt, to: reducedAt &+ nanoseconds)
    }

    /// Ends the span of an action whose reducer never ran (the store ended first).
    @inlinable
    func endOpenSpan() {
        let open = state.withLock { state in
            defer { state.open = nil }
            return state.open
        }
        open?.end()
    }

    @inlinable
    func phaseSpan(_ name: String, parent: ServiceContext, from start: UInt64, to end: UInt64) {
        let span = tracer.startSpan(
            name, context: parent, ofKind: .internal, at: Self.instant(start), function: name, file: "", line: 0)
        span.attributes = ["switchyard.store": .string(options.storeName)]
        span.end(at: Self.instant(end))
    }

    @inlinable
    static func instant(_ nanoseconds: UInt64) -> DefaultTracerClock.Timestamp {
        DefaultTracerClock.Timestamp(nanosecondsSinceEpoch: nanoseconds)
    }

    // MARK: - Effects and follow-ups

    /// The context that what runs on this thread now belongs to: inside an action's pipeline, the action's (`nil`
    /// for an action left out by the sampling predicate, whose effects and follow-ups are not traced under anything);
    /// elsewhere, the task's.
    @inlinable
    func currentContext(on thread: UInt, window: Window?, task: ServiceContext?) -> ServiceContext? {
        if let window, window.thread == thread { return window.context }
        return task
    }

    @inlinable
    func decorate(
        _ start: EffectStart,
        _ operation: @escaping @Sendable () async -> Void
    ) -> @Sendable () async -> Void {
        let thread = currentThreadID()
        let window = state.withLock { $0.window }
        guard let context = currentContext(on: thread, window: window, task: ServiceContext.current) else {
            return operation
        }
        let tracer = self.tracer
        let storeName = options.storeName
        return {
            let span = tracer.startSpan(
                "effect", context: context, ofKind: .internal, function: "IO.run", file: start.fileID, line: start.line)
            span.attributes = [
                "code.filepath": .string(start.fileID),
                "code.lineno": .int64(Int64(truncatingIfNeeded: start.line)),
                "switchyard.store": .string(storeName),
                "switchyard.effect.has_id": .bool(start.hasID),
            ]
            await ServiceContext.withValue(span.context) { await operation() }
            if Task.isCancelled {
                span.attributes["switchyard.effect.cancelled"] = true
                span.addEvent("cancelled")
            }
            span.end()
        }
    }

    @inlinable
    func tagFollowUp() -> UInt64 {
        let thread = currentThreadID()
        // Read before the lock: a task-local read runs no code of the app's, but it needs no lock either.
        let taskContext = ServiceContext.current
        return state.withLock { state in
            guard let context = currentContext(on: thread, window: state.window, task: taskContext) else { return 0 }
            let cause = state.nextCause
            state.nextCause &+= 1
            state.causes[cause] = context
            return cause
        }
    }
}
