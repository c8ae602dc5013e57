import Dispatch

extension StoreCore {
    // MARK: - Observers

    /// Registers an observer of every state committed after now, including a commit in progress when called from
    /// the reducer. `initial`, when given, receives the last committed state first (it must not call user code: it
    /// runs while no commit can happen). `storeDidEnd` is called once if the store is freed first.
    func addObserver(
        initial: ((State) -> Void)?,
        storeDidEnd: (@Sendable () -> Void)?,
        deliver: @escaping @Sendable (State) -> Void
    ) -> StoreSubscription {
        let isProcessingThread = cell.isProcessingThread
        if initial != nil, isProcessingThread, cell.inReducer { cell.reportReadInReducer() }
        // Under the engine's lock: no commit can happen between reading the commit number and joining the
        // registrations. Another thread waits for a running reducer; the processing thread cannot.
        let added: UInt64? = engine.withLock(
            waitingOn: cell.readersCanGo,
            while: { engine, wokeUp in !isProcessingThread && engine.readerMustWait(wokeUp: wokeUp) }
        ) { engine in
            guard let observer = engine.addObserver(deliver: deliver, storeDidEnd: storeDidEnd) else { return nil }
            initial?(cell.processorValue)
            return observer.id
        }
        guard let id = added else {
            storeDidEnd?()
            return StoreSubscription {}
        }
        return StoreSubscription { [weak self] in self?.removeObserver(id: id) }
    }

    func removeObserver(id: UInt64) {
        let removed = engine.withLock { engine in
            let removed = engine.removeObserver(id: id)
            removed.0?.isCancelled.store(true, ordering: .releasing)
            return removed
        }
        // Released here, after the unlock.
        withExtendedLifetime(removed) {}
    }

    // MARK: - Runtime middlewares

    /// Adds a middleware to the pipeline from the next action on. `receiveContext` (user code) runs before the
    /// middleware can see any action. Returns `nil` with the existing registration when `identity` is registered.
    @usableFromInline
    func addRuntime(
        identity: ObjectIdentifier?,
        receiveContext: ((@escaping GetState<State>, AnyActionHandler<Action>) -> Void)?,
        handle: @escaping @Sendable (DispatchedAction<Action>, @escaping GetState<State>) -> IO<Action>
    ) -> RuntimeMiddlewareRegistration {
        let reservation = engine.withLock { $0.reserveRuntime(identity: identity) }
        switch reservation {
        case .closed:
            let registration = RuntimeMiddlewareRegistration(id: 0) {}
            registration.markRemoved()
            return registration
        case .duplicate(let id):
            diagnostics.report(
                StoreDiagnostic(
                    kind: .duplicateRegistration,
                    message: "this middleware instance is already registered (registration \(id)); "
                        + "the second registration is ignored and returns the first one"
                )
            )
            return existingRegistration(id: id)
        case .reserved(let id):
            let registration = RuntimeMiddlewareRegistration(id: id) { [weak self] in self?.removeRuntime(id: id) }
            receiveContext?(getState, output)
            let entry = RuntimeEntry(registration: registration, identity: identity, handle: handle)
            let activated = engine.withLock { engine in engine.activate(entry) }
            if !activated { registration.markRemoved() }
            return registration
        }
    }

    private func existingRegistration(id: UInt64) -> RuntimeMiddlewareRegistration {
        let existing = engine.withLock { engine in engine.registered.runtime.first { $0.id == id }?.registration }
        // Still being set up by another thread: that thread returns the registration; this one gets a handle
        // that removes the same middleware.
        return existing ?? RuntimeMiddlewareRegistration(id: id) { [weak self] in self?.removeRuntime(id: id) }
    }

    func removeRuntime(id: UInt64) {
        let removed = engine.withLock { engine in engine.removeRuntime(id: id) }
        // Released here, after the unlock.
        withExtendedLifetime(removed) {}
    }

    func removeAllRuntime() {
        let (removed, stale) = engine.withLock { engine in engine.removeAllRuntime() }
        for entry in removed { entry.registration.markRemoved() }
        _ = consume stale
    }

    var runtimeCount: Int { engine.withLock { $0.registered.runtime.count } }

    // MARK: - Closing

    /// Closes the engine when the store is freed: queued actions are dropped (the probes are told how many), waiting
    /// producers return, every stream of states ends, the waiting out-of-band commits are told that they never ran,
    /// and everything registered is released (after the unlock).
    func close() {
        let closed = engine.withLock { engine in engine.close() }
        producerRoom.broadcast()
        for observer in closed.observers {
            observer.isCancelled.store(true, ordering: .releasing)
            observer.storeDidEnd?()
        }
        for entry in closed.runtime { entry.registration.markRemoved() }
        for commit in closed.outOfBand ?? [] { commit.done(false) }
        // The actions accepted and queued that no thread will process now.
        let dropped = closed.queue.count
        if dropped > 0 {
            for entry in closed.probes { entry.probe.didDrop?(dropped) }
        }
        for entry in closed.probes { entry.probe.storeDidEnd?() }
        if let waiters = closed.idleWaiters { Released.resumeAll(waiters) }
        _ = consume closed
    }
}

extension StoreCore {
    // MARK: - Probes

    /// Returns once the store has nothing left to process: no action queued or in progress, no out-of-band commit
    /// waiting; at once when it has none now or is freed.
    func waitUntilIdle() async {
        await withCheckedContinuation { continuation in
            let waits = engine.withLock { $0.waitForIdle(continuation) }
            if !waits { continuation.resume() }
        }
    }

    /// Waits until the store reaches a fixed point: nothing to process, and a turn of the main queue (which delivers
    /// the states posted for the main actor, whose observers may dispatch) with no commit. Gives up after
    /// `rounds` turns (by default ``EngineLimits/idleRounds``) that each committed again, reporting it; `false`
    /// then.
    func waitUntilSettled(rounds: Int? = nil) async -> Bool {
        let rounds = rounds ?? engine.withLock { $0.limits.idleRounds }
        var round = 0
        while round < rounds {
            await waitUntilIdle()
            // The number of commits, read while the store is idle: the states of those commits were posted for the
            // main queue before it went idle, so the turn below delivers them. Read later, it could count a commit
            // whose state is posted after that turn was queued.
            guard let commits = engine.withLock({ $0.idleCommits }) else { continue }
            await withCheckedContinuation { continuation in
                DispatchQueue.main.async { continuation.resume() }
            }
            if engine.withLock({ $0.isIdle(since: commits) }) { return true }
            round += 1
        }
        diagnostics.report(
            StoreDiagnostic(
                kind: .idleNotReached,
                message:
                    "idle() returned before the store was idle: for \(rounds) turns of the main queue in a row, what "
                    + "the main actor was delivered dispatched again (an observer that dispatches on every change?)"
            ))
        return false
    }

    /// Attaches `probe` after the probes attached before; it sees the actions decided from now on. `nil` when the
    /// store is closed.
    func attach(_ probe: StoreProbe<Action, State>) -> UInt64? {
        if probe.didProcess != nil || probe.feed != nil { keepsActions.store(true, ordering: .relaxed) }
        let (entry, stale) = engine.withLock { engine in
            let added = engine.addProbe(probe)
            if added.0 != nil, probe.decorateEffect != nil || probe.tagFollowUp != nil {
                installEffectHooks(engine.registered.probes)
            }
            return added
        }
        _ = consume stale
        return entry?.id
    }

    /// Detaches the probe `id`; its hooks may still run once, for the action in progress. Its `didDetach` runs once
    /// none will: now, when no thread processes, or after the processing thread's action in progress.
    func detachProbe(id: UInt64) {
        let (removed, didDetach) = engine.withLock {
            engine -> ((ProbeEntry<Action, State>?, Registrations<Action, State>?), (@Sendable () -> Void)?) in
            let removed = engine.removeProbe(id: id)
            guard let probe = removed.0?.probe else { return (removed, nil) }
            if probe.decorateEffect != nil || probe.tagFollowUp != nil {
                installEffectHooks(engine.registered.probes)
            }
            guard let hook = probe.didDetach else { return (removed, nil) }
            return (removed, engine.callWhenDetached(hook))
        }
        didDetach?()
        // Released here, after the unlock.
        withExtendedLifetime(removed) {}
    }

    /// Gives the effect scope the effect and follow-up hooks of the probes attached now, under the engine's lock so
    /// that two attachments install in their order (the scope never takes the engine's lock).
    private func installEffectHooks(_ probes: ContiguousArray<ProbeEntry<Action, State>>) {
        effects.installProbeHooks(
            decorators: probes.compactMap(\.probe.decorateEffect),
            tagFollowUp: probes.lazy.compactMap(\.probe.tagFollowUp).first
        )
    }

    /// Commits a state that no action produced (a tool travelling in time): `change` edits the state, observers are
    /// told as for an action, no middleware sees it and no IO runs. Waits, without blocking a thread, for the engine
    /// to run it (see ``requestOutOfBand(_:done:)``); `false` when the store was freed first.
    func commitOutOfBand(_ change: @escaping @Sendable (inout State, _ id: UInt64) -> Void) async -> Bool {
        await withCheckedContinuation { continuation in
            requestOutOfBand(change) { continuation.resume(returning: $0) }
        }
    }

    /// Asks for an out-of-band commit, from any thread. An idle store that this thread may process runs it now, on
    /// this thread, then whatever was dispatched meanwhile. Otherwise the engine runs it where the store processes:
    /// at the processing thread's next decision, between two actions or before it goes idle, ahead of the queued
    /// actions; an idle store that this thread may not process (the main-thread policy, off the main thread) has
    /// the scheduler run it. `done` is called once, with no lock held: `true` after the commit and its observers,
    /// `false` when the store was freed first.
    func requestOutOfBand(
        _ change: @escaping @Sendable (inout State, _ id: UInt64) -> Void,
        done: @escaping @Sendable (Bool) -> Void
    ) {
        let thread = currentThreadID()
        let canProcessHere = scheduler.canProcessOnCurrentThread
        let commit = OutOfBandCommit(change: change, done: done)
        let admission = engine.withLock { engine in
            let admission = engine.requestOutOfBand(commit, thread: thread, canProcessHere: canProcessHere)
            if case .process = admission { cell.setProcessor(thread) }
            return admission
        }
        switch admission {
        case .process:
            // The first decision of the run loop hands this thread the commit.
            var context = ProcessorContext<Action, State>()
            runQueue(after: nil, context: &context)
        case .schedule:
            scheduleProcessing()
        case .queued:
            break
        case .rejected:
            done(false)
        }
    }

    /// Gives back held actions, from the change of the out-of-band commit `commit`, on the processing thread (see
    /// ``EngineState/giveBack(_:commit:thread:)``); an action given back already, or never held by this store, is
    /// refused and reported through the diagnostics hook. `false`, taking nothing, when called anywhere else.
    func processFirst(_ actions: [HeldAction<Action>], commit: UInt64) -> Bool {
        let thread = currentThreadID()
        guard let refused = engine.withLock({ engine in engine.giveBack(actions, commit: commit, thread: thread) })
        else { return false }
        if refused > 0 {
            diagnostics.report(
                StoreDiagnostic(
                    kind: .actionNotHeld,
                    message:
                        "a tool gave back \(refused) action\(refused == 1 ? "" : "s") that the store does not hold for "
                        + "it (given back already, or held by another store); the store processes a held action once"
                ))
        }
        return true
    }

    /// Runs the first waiting out-of-band commit, after a decision returned it, as the reducer of an action runs:
    /// `change` in place with the state closed to other readers, the commit, the probes' `didCommitOutOfBand`, then
    /// the observers; its requester is told last. Out of line: a store that nobody travels in never calls it.
    @usableFromInline @inline(never)
    func runOutOfBand(context: inout ProcessorContext<Action, State>) {
        var released = Released()
        let pending = engine.withLock { engine in engine.beginOutOfBand(context: &context, released: &released) }
        released.finish()
        // Closed meanwhile: `close()` told the requester.
        guard let pending else { return }
        let previous: State? = needsPrevious && context.hasObservers ? cell.processorValue : nil
        cell.runReducer { pending.change(&$0, pending.id) }
        var committed = Released()
        let (commit, wakeReaders) = engine.withLock { engine in
            engine.commitOutOfBand(context: &context, released: &committed)
        }
        if wakeReaders { cell.wakeReaders() }
        committed.finish()
        let hasObservers = context.hasObservers
        context.withRegistrations { registrations in
            for feed in registrations.feeds { feed.stateReplaced(cell.processorValue) }
            for entry in registrations.probes { entry.probe.didCommitOutOfBand?(cell.processorValue) }
            if hasObservers { deliver(commit: commit, previous: previous, to: registrations) }
        }
        pending.done(true)
    }
}
