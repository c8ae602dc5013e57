import Dispatch
import Synchronization

extension StoreCore {
    // MARK: - The pipeline (processing thread only)

    /// Runs the pipeline for one action. When nothing follows the commit (no IO, no observer), the commit's critical
    /// section also decides what comes next, and that decision is returned. `isReducing` says that the decision
    /// that gave this action closed the state for the reducer already (nothing handles it before).
    @inlinable
    func process(
        _ dispatched: DispatchedAction<Action>,
        origin: @autoclosure () -> ActionOrigin,
        isReducing: Bool,
        context: inout ProcessorContext<Action, State>,
        next slot: inout some NextActionSlot<Action>
    ) -> EngineState<Action, State>.Step? {
        let use = context.probeUse
        if !use.isEmpty {
            if use.seesBeforeHandle, !isReducing {
                return processProbed(dispatched, origin: origin(), context: &context, next: &slot)
            }
            return processKept(dispatched, isReducing: isReducing, context: &context, next: &slot)
        }
        var untimed = UntimedPipeline<Action, State>()
        return process(dispatched, isReducing: isReducing, context: &context, next: &slot, marks: &untimed)
    }

    /// Runs the pipeline for an action that no probe holds or times (or, with `isReducing`, that nothing sees before
    /// its reducer), and that probes may keep after it. Out of line: a store without probes pays one branch for them.
    @inlinable @inline(never)
    func processKept(
        _ dispatched: DispatchedAction<Action>,
        isReducing: Bool,
        context: inout ProcessorContext<Action, State>,
        next slot: inout some NextActionSlot<Action>
    ) -> EngineState<Action, State>.Step? {
        guard context.probeUse.keeps else {
            var untimed = UntimedPipeline<Action, State>()
            return process(dispatched, isReducing: isReducing, context: &context, next: &slot, marks: &untimed)
        }
        var kept = KeptPipeline<Action, State>()
        let next = process(dispatched, isReducing: isReducing, context: &context, next: &slot, marks: &kept)
        context.keepPending = true
        return next
    }

    /// Runs the pipeline for an action that probes see before its middlewares: they may hold it and time it, and
    /// keep it after the pipeline. Out of line: a store without probes pays one branch for them.
    @inlinable @inline(never)
    func processProbed(
        _ dispatched: DispatchedAction<Action>,
        origin: ActionOrigin,
        context: inout ProcessorContext<Action, State>,
        next slot: inout some NextActionSlot<Action>
    ) -> EngineState<Action, State>.Step? {
        let use = context.probeUse
        // Probes that the pipeline calls are registered: the snapshot exists.
        let registrations = context.registrations.unsafelyUnwrapped
        var origin = origin
        if use.admits {
            origin.hold = lastHold.wrappingAdd(1, ordering: .relaxed).newValue
            let offered = origin
            let holder = registrations._withUnsafeGuaranteedRef { registrations in
                registrations.probes.firstIndex { $0.probe.admit?(dispatched, offered) == .hold }
            }
            if let holder {
                registrations._withUnsafeGuaranteedRef { tellHeld(dispatched, origin: offered, by: holder, to: $0) }
                return nil
            }
        }
        var timed = TimedPipeline(registrations, origin: origin, keeps: use.keeps)
        let next = process(dispatched, isReducing: false, context: &context, next: &slot, marks: &timed)
        context.keepPending = use.keeps
        // With a decision taken in the commit, nothing followed the reducer: no observer and no IO ran.
        if next == nil { timed.didRunEffects() }
        return next
    }

    /// Records that a tool holds `dispatched`, so that the store takes it back once, then tells every probe of
    /// `registrations` but the one at `holder` that it was held. Out of line: only a held action calls it.
    @usableFromInline @inline(never)
    func tellHeld(
        _ dispatched: DispatchedAction<Action>,
        origin: ActionOrigin,
        by holder: Int,
        to registrations: Registrations<Action, State>
    ) {
        engine.withLock { $0.recordHold(origin.hold) }
        for index in registrations.probes.indices where index != holder {
            registrations.probes[index].probe.didHold?(dispatched, origin)
        }
    }

    /// Always inlined: a call of its own costs a dispatch about 30 instructions.
    @inlinable @inline(__always)
    func process<Marks: PipelineMarks>(
        _ dispatched: DispatchedAction<Action>,
        isReducing: Bool,
        context: inout ProcessorContext<Action, State>,
        next slot: inout some NextActionSlot<Action>,
        marks: inout Marks
    ) -> EngineState<Action, State>.Step? where Marks.MarkedAction == Action, Marks.MarkedState == State {
        if isReducing {
            // Nothing handles the action: no IO to keep.
            let (next, _) = reduceAndCommit(dispatched, ioIsPure: true, context: &context, next: &slot, marks: &marks)
            return next
        }
        guard hasMiddleware || context.hasRuntime else {
            // Nothing handles the action: no IO to keep, and no clock read for a handle time of 0.
            let (next, _) = closeAndReduce(dispatched, ioIsPure: true, context: &context, next: &slot, marks: &marks)
            return next
        }
        // 1. handle, in composition order; state() is the state before the reducer. The runtime middlewares are
        // those of the snapshot, fixed by the decision that gave this action.
        var io = IO<Action>.pure()
        var runtimeIO = IO<Action>.pure()
        if hasMiddleware {
            io = ComposedMiddleware.run(
                middleware, action: dispatched.action, from: dispatched.dispatcher, state: getState)
        }
        if context.hasRuntime {
            runtimeIO = context.withRegistrations { handleRuntime(dispatched, $0.runtime) } ?? .pure()
        }
        marks.handled()
        let ioIsPure = io.isPure && runtimeIO.isPure
        let (next, decided) = closeAndReduce(
            dispatched,
            ioIsPure: ioIsPure,
            context: &context,
            next: &slot,
            marks: &marks
        )
        if decided { return next }
        // 4. IOs in reverse composition order (runtime middlewares come last in the composition, so first here).
        if !ioIsPure {
            runtimeIO.run(output)
            io.run(output)
        }
        return nil
    }

    /// Closes the state for the reducer, once the middlewares handled the action, then reduces and commits
    /// (``reduceAndCommit(_:ioIsPure:context:next:marks:)``). Always inlined, as ``process(_:isReducing:context:next:marks:)``.
    @inlinable @inline(__always)
    func closeAndReduce<Marks: PipelineMarks>(
        _ dispatched: DispatchedAction<Action>,
        ioIsPure: Bool,
        context: inout ProcessorContext<Action, State>,
        next slot: inout some NextActionSlot<Action>,
        marks: inout Marks
    ) -> (next: EngineState<Action, State>.Step?, decided: Bool)
    where Marks.MarkedAction == Action, Marks.MarkedState == State {
        var released = Released()
        if marks.wantsQueueDepth {
            let queued = engine.withLock { engine in
                engine.beginReduce(context: &context, released: &released)
                return engine.queue.count
            }
            marks.queued(queued)
        } else {
            engine.withLock { engine in engine.beginReduce(context: &context, released: &released) }
        }
        released.finish()
        return reduceAndCommit(dispatched, ioIsPure: ioIsPure, context: &context, next: &slot, marks: &marks)
    }

    /// 2. Reduces in place, with no lock held, and commits; 3. tells the observers. When nothing follows the commit
    /// (no IO, no observer), the commit's critical section also decides what comes next: `decided` is then `true`.
    @inlinable
    func reduceAndCommit<Marks: PipelineMarks>(
        _ dispatched: DispatchedAction<Action>,
        ioIsPure: Bool,
        context: inout ProcessorContext<Action, State>,
        next slot: inout some NextActionSlot<Action>,
        marks: inout Marks
    ) -> (next: EngineState<Action, State>.Step?, decided: Bool)
    where Marks.MarkedAction == Action, Marks.MarkedState == State {
        // The previous state is kept only when observers need it; otherwise no local holds a state (a `nil` one
        // would still cost a release per action for a state that holds references).
        if needsPrevious && context.hasObservers {
            let previous = cell.processorValue
            return reduceAndCommit(
                dispatched,
                previous: previous,
                ioIsPure: ioIsPure,
                context: &context,
                next: &slot,
                marks: &marks
            )
        }
        return reduceAndCommit(
            dispatched, previous: nil, ioIsPure: ioIsPure, context: &context, next: &slot, marks: &marks)
    }

    @inlinable @inline(__always)
    func reduceAndCommit<Marks: PipelineMarks>(
        _ dispatched: DispatchedAction<Action>,
        previous: State?,
        ioIsPure: Bool,
        context: inout ProcessorContext<Action, State>,
        next slot: inout some NextActionSlot<Action>,
        marks: inout Marks
    ) -> (next: EngineState<Action, State>.Step?, decided: Bool)
    where Marks.MarkedAction == Action, Marks.MarkedState == State {
        // The reducer reads the action where it is: given `dispatched.action`, the call copied the whole action with
        // its source to the stack first (nine instructions per dispatch in w1, a 72-byte copy).
        withUnsafePointer(to: dispatched) { dispatched in
            cell.runReducer { reducer.reduce(dispatched.pointee.action, &$0) }
        }
        marks.reduced(dispatched, cell.pointer, followedByEffects: !ioIsPure || context.hasObservers)
        let mayDecide = marks.mayDecideInCommit
        var released = Released()
        let (commit, wakeReaders, next, decided) = engine.withLock {
            engine -> (UInt64, Bool, EngineState<Action, State>.Step?, Bool) in
            // Observers registered during the reducer join the snapshot at the commit: `hasObservers` is read after.
            let (commit, wakeReaders) = engine.commit(context: &context, released: &released, reopening: false)
            guard ioIsPure, !context.hasObservers, mayDecide else {
                engine.reopen()
                return (commit, wakeReaders, nil, false)
            }
            // The decision in the same critical section opens the state, or closes it for the next action.
            return (commit, wakeReaders, decide(&engine, context: &context, slot: &slot, released: &released), true)
        }
        if wakeReaders { cell.wakeReaders() }
        released.finish()
        if decided { return (next, true) }
        if context.hasObservers {
            context.withRegistrations { deliver(commit: commit, previous: previous, to: $0) }
        }
        return (nil, false)
    }

    /// Tells the observers of `registrations` about commit number `commit`.
    @inlinable
    func deliver(commit: UInt64, previous: State?, to registrations: Registrations<Action, State>) {
        let newState = cell.processorValue
        let emits: Bool
        if let previous {
            emits = emitsValue.shouldEmit(previous: previous, new: newState)
        } else if needsPrevious {
            // Observers registered during the reducer: there is no previous state to compare with.
            emits = true
        } else {
            emits = emitsValue.shouldEmit(previous: newState, new: newState)
        }
        guard emits else { return }
        // The engine keeps `registrations` alive until the processing thread's next decision, and the snapshot never
        // changes: each observer is borrowed from it, with no reference counted.
        registrations.observers.withUnsafeBufferPointer { observers in
            for index in observers.indices {
                Unmanaged.passUnretained(observers[index])._withUnsafeGuaranteedRef { observer in
                    if commit > observer.startAfter, !observer.isCancelled.load(ordering: .acquiring) {
                        observer.deliver(newState)
                    }
                }
            }
        }
    }

    /// Runs the `handle` of every runtime middleware and returns their IOs in reverse order; out of line, so that
    /// the check for none costs one load and one branch.
    @inlinable @inline(never)
    func handleRuntime(
        _ dispatched: DispatchedAction<Action>,
        _ entries: ContiguousArray<RuntimeEntry<Action, State>>
    ) -> IO<Action> {
        var io = IO<Action>.pure()
        for entry in entries {
            io = entry.handle(dispatched, getState) <> io
        }
        return io
    }
}
