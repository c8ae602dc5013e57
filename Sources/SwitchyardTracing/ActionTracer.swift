import Switchyard
import Synchronization
import Tracing

#if canImport(os)
    import os
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The tracer behind a store's tracing probe: opens a span per sampled action when a probe admits it, records its
/// phases when the reducer returns, runs the effects it starts inside its context, and remembers which action's
/// context each follow-up was dispatched under.
///
/// The hooks that run on the processing thread keep the action in progress in ``ProcessingThreadState``, with no
/// lock; ``windowThread`` tells the taggers of follow-ups and the decorators of effects whether they run inside that
/// action's pipeline. The follow-ups' parents are under a lock, since any thread tags them. No span is started or
/// ended under the lock.
@usableFromInline
final class ActionTracer<T: Tracer, Action: Sendable, State: Sendable>: Sendable {
    @usableFromInline let tracer: T
    @usableFromInline let options: StoreTracingOptions<Action, State>
    @usableFromInline let processing = ProcessingThreadState<T.Span>()
    /// The processing thread while the pipeline of the action admitted last runs (from its `admit` to its reducer, or
    /// to its observers and IOs when any run); 0 outside. Only that thread stores its id here, so a thread that reads
    /// its own id is inside the window.
    @usableFromInline let windowThread = Atomic<UInt>(0)
    @usableFromInline let parents = LockedValue(FollowUpParents())
    /// Whether spans are named by the action's case (no `spanName` of the app's): then by the action's case (`CaseKey`).
    @usableFromInline let namesByCase: Bool
    /// The attributes of the phases' events: none, made once. Measured with callgrind (W1 traced into a tracer that
    /// records nothing): building `SpanAttributes([:])` for each of the two events cost 42 instructions per action.
    @usableFromInline let noAttributes = SpanAttributes([:])
    #if canImport(os)
        @usableFromInline let signposter = OSSignposter(subsystem: "Switchyard", category: "actions")
    #endif

    @inlinable
    init(tracer: T, options: StoreTracingOptions<Action, State>) {
        self.tracer = tracer
        self.options = options
        namesByCase = options.customSpanName == nil
    }

    /// The probe whose hooks are this tracer's.
    @inlinable
    var probe: StoreProbe<Action, State> {
        var probe = StoreProbe<Action, State>(
            admit: { [self] dispatched, origin in
                admit(dispatched, origin: origin)
                return .process
            },
            didRunEffects: { [self] nanoseconds in didRunEffects(nanoseconds) },
            storeDidEnd: { [self] in forgetParents() },
            decorateEffect: { [self] start, operation in decorate(start, operation) },
            tagFollowUp: { [self] in tagFollowUp() },
            didHold: { [self] dispatched, origin in didHold(dispatched, origin: origin) },
            didDrop: { [self] _ in forgetParents() },
            didDetach: { [self] in didDetach() }
        )
        probe.didReduceInPlace = { [self] reduced in didReduce(reduced) }
        return probe
    }

    /// How many follow-ups wait with their parent kept, for tests.
    var waitingParents: Int { parents.withLock { $0.count } }

    // MARK: - The action's span

    @inlinable
    func admit(_ dispatched: DispatchedAction<Action>, origin: ActionOrigin) {
        let thread = currentThreadID()
        // Left by an action whose reducer never ran and that no hook closed: ended, unmarked.
        if processing.isOpen, let left = processing.windowSpan {
            processing.isOpen = false
            left.end()
        }
        let parent = origin.cause == 0 ? nil : parents.withLock { $0.take(origin.cause) }
        processing.admittedCause = origin.cause
        // Not stored when it stays `nil`, as it does for an app's own actions: storing costs a retain of the new
        // context and a release of the old one, even when both are empty.
        if parent != nil || processing.admittedParent != nil { processing.admittedParent = parent }
        windowThread.store(thread, ordering: .relaxed)
        guard let span = startSpan(dispatched, origin: origin, parent: parent, thread: thread) else {
            processing.windowSpan = nil
            return
        }
        processing.windowSpan = span
        processing.isOpen = true
        #if canImport(os)
            processing.signpost =
                options.signposts ? signposter.beginInterval("action", id: signposter.makeSignpostID()) : nil
        #endif
    }

    /// Starts the span of `dispatched`, unless the sampling predicate leaves it out.
    @inlinable
    func startSpan(
        _ dispatched: DispatchedAction<Action>,
        origin: ActionOrigin,
        parent: ServiceContext?,
        thread: UInt
    ) -> T.Span? {
        if let samples = options.samples, !samples(dispatched, origin) { return nil }
        // The source is read where it is: a copy of it costs a retain and a release of each of its strings.
        let line = dispatched.dispatcher.line
        // An app's action processed on the task that dispatched it nests under that task's span, if any.
        let context =
            parent ?? (origin.isFollowUp || origin.thread != thread ? nil : ServiceContext.current) ?? .topLevel
        let startedAt = Self.now
        let isBridged = dispatched.dispatcher.hasInfo && Self.isBridged(dispatched.dispatcher)
        // The file and function strings are read where the thread's state keeps them, made once per call site:
        // copies of them would cost a retain and a release each per action.
        let span = withUnsafeMutablePointer(to: &processing.sourceStrings) { strings in
            strings.pointee.update(for: dispatched.dispatcher)
            let span = tracer.startSpan(
                spanName(dispatched.action),
                context: context,
                ofKind: .internal,
                at: startedAt,
                function: strings.pointee.function,
                file: strings.pointee.file,
                line: line
            )
            if !processing.hasAttributes(
                file: strings.pointee.file, line: line, function: strings.pointee.function, thread: origin.thread,
                isFollowUp: origin.isFollowUp, isBridged: isBridged)
            {
                let key = ProcessingThreadState<T.Span>.AttributesKey(
                    file: strings.pointee.file, line: line, function: strings.pointee.function,
                    thread: origin.thread, isFollowUp: origin.isFollowUp, isBridged: isBridged)
                processing.attributes = attributes(for: key)
                processing.attributesKey = key
            }
            return span
        }
        processing.startedAt = startedAt.nanosecondsSinceEpoch
        if let redact = options.redactAction, let payload = redact(dispatched.action) {
            var attributes = processing.attributes
            attributes["switchyard.action.payload"] = SpanAttribute.string(payload)
            span.attributes = attributes
        } else {
            // Shared with the previous span from the same source: no dictionary is built or copied.
            span.attributes = processing.attributes
        }
        if isBridged, let parent {
            span.addLink(SpanLink(context: parent, attributes: ["switchyard.link": "bridged from"]))
        }
        return span
    }

    /// Whether `source` tells of an action that a bridge dispatched; out of line, as only a source with info asks.
    @usableFromInline @inline(never)
    static func isBridged(_ source: ActionSource) -> Bool {
        source.info?.contains("Bridged from ") ?? false
    }

    /// The span's name for `action`. With the default naming, an action of a case seen recently is named from its
    /// case (`CaseKey`).
    @inlinable
    func spanName(_ action: Action) -> String {
        guard namesByCase, let key = CaseKey(action) else { return options.spanName(action) }
        // The case of the action before, first: an app's actions often come in runs of one case.
        if processing.lastSpanKey == key, let name = processing.lastSpanName { return name }
        let slot = key.hash & (ProcessingThreadState<T.Span>.nameSlots - 1)
        let name: String
        if let cached = processing.spanNames[slot], cached.key == key {
            name = cached.name
        } else {
            name = actionCaseName(action)
            processing.spanNames[slot] = (key, name)
        }
        processing.lastSpanKey = key
        processing.lastSpanName = name
        return name
    }

    /// The attributes of a span made from `key`. Out of line: made once per source and thread.
    @inlinable @inline(never)
    func attributes(for key: ProcessingThreadState<T.Span>.AttributesKey) -> SpanAttributes {
        // One dictionary made at its size, set once: growing a span's attributes one by one costs a resize each.
        var attributes = [String: SpanAttribute](minimumCapacity: 8)
        // OpenTelemetry's semantic conventions' names (1.44), which replaced `code.filepath`, `code.lineno` and
        // `code.function`.
        attributes["code.file.path"] = .string(key.file)
        attributes["code.line.number"] = .int64(Int64(truncatingIfNeeded: key.line))
        attributes["code.function.name"] = .string(key.function)
        attributes["thread.id"] = .int64(Int64(truncatingIfNeeded: key.thread))
        attributes["switchyard.store"] = .string(options.storeName)
        attributes["switchyard.action.follow_up"] = .bool(key.isFollowUp)
        if key.isBridged { attributes["switchyard.action.bridged"] = .bool(true) }
        return SpanAttributes(attributes)
    }

    /// Given the address of the value that the store lends (see `StoreProbe.didReduceInPlace`).
    @inlinable
    func didReduce(_ reduced: UnsafePointer<ReducedAction<Action, State>>) {
        let startedAt = processing.startedAt
        let handledAt = startedAt &+ reduced.pointee.handleNanoseconds
        let reducedAt = handledAt &+ reduced.pointee.reduceNanoseconds
        processing.reducedAt = reducedAt
        let span = processing.isOpen ? processing.windowSpan : nil
        processing.isOpen = false
        if !reduced.pointee.isFollowedByEffects { closeWindow() }
        guard let span else { return }
        switch options.phases {
        case .none:
            break
        case .events:
            // Empty attributes made once, rather than the default `[:]`, which builds them from its literal each time.
            span.addEvent(SpanEvent(name: "handled", at: Self.instant(handledAt), attributes: noAttributes))
            span.addEvent(SpanEvent(name: "reduced", at: Self.instant(reducedAt), attributes: noAttributes))
        case .spans:
            phaseSpan("handle", parent: span.context, from: startedAt, to: handledAt)
            phaseSpan("reduce", parent: span.context, from: handledAt, to: reducedAt)
        }
        if let redact = options.redactState, let value = redact(reduced.pointee.state) {
            span.attributes["switchyard.state"] = value
        }
        span.end(at: Self.instant(reducedAt))
        endSignpost()
    }

    @inlinable
    func didRunEffects(_ nanoseconds: UInt64) {
        let context = processing.windowSpan?.context
        closeWindow()
        guard options.phases != .none, let context else { return }
        let reducedAt = processing.reducedAt
        phaseSpan("observers and IOs", parent: context, from: reducedAt, to: reducedAt &+ nanoseconds)
    }

    /// A tool held the action (the probe's `didHold` hook): its pipeline does not run. The span this tracer opened
    /// for it ends, marked; a tracer attached after the tool that held it, which was not asked, records a span
    /// marked so.
    @inlinable
    func didHold(_ dispatched: DispatchedAction<Action>, origin: ActionOrigin) {
        let span: T.Span?
        var parent: ServiceContext?
        if processing.isOpen, let open = processing.windowSpan {
            processing.isOpen = false
            span = open
            parent = processing.admittedCause == origin.cause ? processing.admittedParent : nil
        } else if windowThread.load(ordering: .relaxed) == currentThreadID() {
            // Admitted by this tracer, and left out by the sampling predicate.
            span = nil
            parent = processing.admittedCause == origin.cause ? processing.admittedParent : nil
        } else {
            parent = origin.cause == 0 ? nil : parents.withLock { $0.take(origin.cause) }
            span = startSpan(dispatched, origin: origin, parent: parent, thread: currentThreadID())
        }
        processing.admittedParent = nil
        // A follow-up that the tool gives back is admitted again: it finds its parent then.
        if origin.cause != 0, let parent { parents.withLock { $0.restore(origin.cause, parent) } }
        closeWindow()
        guard let span else { return }
        span.attributes["switchyard.action.held"] = true
        span.end()
        endSignpost()
    }

    /// The probe was detached. The store calls this after the action in progress, whose own hooks ran: its span
    /// ended in ``didReduce(_:)`` or ``didHold(_:origin:)``. What is left is the window and the parents of the
    /// follow-ups that this tracer will not see; a span still open (hooks called out of the store's order) ends.
    @inlinable
    func didDetach() {
        let open = processing.isOpen ? processing.windowSpan : nil
        processing.isOpen = false
        closeWindow()
        if let open {
            open.end()
            endSignpost()
        }
        forgetParents()
    }

    @inlinable
    func closeWindow() {
        windowThread.store(0, ordering: .relaxed)
        processing.windowSpan = nil
    }

    @inlinable
    func endSignpost() {
        #if canImport(os)
            if let signpost = processing.signpost {
                processing.signpost = nil
                signposter.endInterval("action", signpost)
            }
        #endif
    }

    /// Forgets the parents of the follow-ups still waiting: the store will not process them (it ended, or dropped
    /// them), or this tracer no longer sees them.
    @inlinable
    func forgetParents() {
        let forgotten = parents.withLock { $0.removeAll() }
        // Released here, after the unlock.
        withExtendedLifetime(forgotten) {}
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

    /// Now, on the clock that `DefaultTracerClock` reads (the wall clock, in nanoseconds since 1970), read here:
    /// `DefaultTracerClock.now` is not inlinable, and its calls cost about 45 instructions per action more (callgrind,
    /// W1 traced into a tracer that records nothing).
    @inlinable
    static var now: DefaultTracerClock.Timestamp {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return instant(UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec))
    }

    // MARK: - Effects and follow-ups

    /// The context that what runs on this thread now belongs to: inside an action's pipeline, the action's (`nil`
    /// for an action left out by the sampling predicate, whose effects and follow-ups are not traced under anything);
    /// elsewhere, the task's.
    @inlinable
    func currentContext(task: @autoclosure () -> ServiceContext?) -> ServiceContext? {
        if windowThread.load(ordering: .relaxed) == currentThreadID() { return processing.windowSpan?.context }
        return task()
    }

    @inlinable
    func decorate(
        _ start: EffectStart,
        _ operation: @escaping @Sendable () async -> Void
    ) -> @Sendable () async -> Void {
        guard let context = currentContext(task: ServiceContext.current) else { return operation }
        let tracer = self.tracer
        let storeName = options.storeName
        return {
            let span = tracer.startSpan(
                "effect", context: context, ofKind: .internal, function: "IO.run", file: start.fileID, line: start.line)
            span.attributes = [
                "code.file.path": .string(start.fileID),
                "code.line.number": .int64(Int64(truncatingIfNeeded: start.line)),
                "switchyard.store": .string(storeName),
                "switchyard.effect.has_id": .bool(start.hasID),
            ]
            await ServiceContext.withValue(span.context) { await operation() }
            if let failure = start.failure {
                // As OpenTelemetry records a failed operation: the error (an `exception` event) and the status.
                span.recordError(failure)
                span.setStatus(SpanStatus(code: .error))
            } else if Task.isCancelled {
                span.attributes["switchyard.effect.cancelled"] = true
                span.addEvent("cancelled")
            }
            span.end()
        }
    }

    @inlinable
    func tagFollowUp() -> UInt64 {
        guard let context = currentContext(task: ServiceContext.current) else { return 0 }
        return parents.withLock { $0.add(context) }
    }
}
