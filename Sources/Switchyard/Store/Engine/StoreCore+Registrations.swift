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
        let existing = engine.withLock { engine in engine.runtime.first { $0.id == id }?.registration }
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

    var runtimeCount: Int { engine.withLock { $0.runtime.count } }

    // MARK: - Closing

    /// Closes the engine when the store is freed: queued actions are dropped, waiting producers return, every
    /// stream of states ends, and everything registered is released (after the unlock).
    func close() {
        let closed = engine.withLock { engine in engine.close() }
        producerRoom.broadcast()
        for observer in closed.observers {
            observer.isCancelled.store(true, ordering: .releasing)
            observer.storeDidEnd?()
        }
        for entry in closed.runtime { entry.registration.markRemoved() }
        _ = consume closed
    }
}

extension StoreCore {
    // MARK: - Inspection

    /// Commits a state that no action produced (a debugging tool travelling in time): `body` changes the state,
    /// observers are told as for an action, no middleware sees it and no IO runs. Does nothing and returns
    /// ``EngineState/OutOfBand/busy`` unless the store is idle and this thread may process.
    func commitOutOfBand(_ body: (inout State) -> Void) -> EngineState<Action, State>.OutOfBand {
        guard scheduler.canProcessOnCurrentThread else { return .busy }
        let thread = currentThreadID()
        var context = ProcessorContext<Action, State>()
        var released = Released()
        let began = engine.withLock { engine in
            let began = engine.beginOutOfBand(thread: thread, context: &context, released: &released)
            if case .began = began { cell.setProcessor(thread) }
            return began
        }
        _ = consume released
        guard case .began = began else { return began }
        let previous: State? = needsPrevious && context.hasObservers ? cell.processorValue : nil
        cell.runReducer(body)
        var committed = Released()
        let (commit, wakeReaders) = engine.withLock { engine in
            engine.commit(context: &context, released: &committed)
        }
        if wakeReaders { cell.wakeReaders() }
        _ = consume committed
        if context.hasObservers {
            context.withRegistrations { deliver(commit: commit, previous: previous, to: $0) }
        }
        // Processes what was dispatched meanwhile, then hands the role back.
        runQueue(after: nil, context: &context)
        return .began
    }

    /// Attaches a debugging tool's hooks, or detaches them with `nil`; they see the actions decided afterwards.
    func replaceInspection(with inspection: StoreInspection<Action, State>?) {
        let previous = engine.withLock { engine in engine.replaceInspection(with: inspection) }
        // Released here, after the unlock.
        withExtendedLifetime(previous) {}
    }
}
