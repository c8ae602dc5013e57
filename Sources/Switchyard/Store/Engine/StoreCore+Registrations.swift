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
        // Under the lock shared with the state's gate: no commit can happen between reading the commit number and
        // joining the registry. Another thread waits for a running reducer; the processing thread cannot.
        let added: UInt64? = LockedValue.withLock(
            cell.gate,
            engine,
            waitingOn: cell.readersCanGo,
            while: { gate, _, wokeUp in !isProcessingThread && StateCell.mustWait(&gate, wokeUp: wokeUp) }
        ) { gate, engine in
            let observer = StateObserver(
                id: engine.makeID(),
                startAfter: gate.commits,
                deliver: deliver,
                storeDidEnd: storeDidEnd
            )
            guard engine.addObserver(observer) else { return nil }
            observersVersion.store(engine.observers.version, ordering: .releasing)
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
        let (released, removed) = engine.withLock { engine in
            let (released, removed) = engine.removeObserver(id: id)
            for observer in removed { observer.isCancelled.store(true, ordering: .releasing) }
            observersVersion.store(engine.observers.version, ordering: .releasing)
            return (released, removed)
        }
        _ = consume released
        _ = consume removed
    }

    // MARK: - Runtime middlewares

    /// Adds a middleware to the pipeline from the next action on. `receiveContext` (user code) runs before the
    /// middleware can see any action. Returns `nil` with the existing registration when `identity` is registered.
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
            let activated = engine.withLock { engine in
                let activated = engine.activate(entry)
                runtimeVersion.store(engine.runtime.version, ordering: .releasing)
                return activated
            }
            if !activated { registration.markRemoved() }
            return registration
        }
    }

    private func existingRegistration(id: UInt64) -> RuntimeMiddlewareRegistration {
        let existing = engine.withLock { engine in engine.runtime.elements.first { $0.id == id }?.registration }
        // Still being set up by another thread: that thread returns the registration; this one gets a handle
        // that removes the same middleware.
        return existing ?? RuntimeMiddlewareRegistration(id: id) { [weak self] in self?.removeRuntime(id: id) }
    }

    func removeRuntime(id: UInt64) {
        let (released, removed) = engine.withLock { engine in
            let (released, removed) = engine.removeRuntime(id: id)
            runtimeVersion.store(engine.runtime.version, ordering: .releasing)
            return (released, removed)
        }
        _ = consume released
        _ = consume removed
    }

    func removeAllRuntime() {
        let (released, removed) = engine.withLock { engine in
            let (released, removed) = engine.removeAllRuntime()
            runtimeVersion.store(engine.runtime.version, ordering: .releasing)
            return (released, removed)
        }
        _ = consume released
        for entry in removed { entry.registration.markRemoved() }
    }

    var runtimeCount: Int { engine.withLock { $0.runtime.elements.count } }

    // MARK: - Closing

    /// Closes the engine when the store is freed: queued actions are dropped, waiting producers return, every
    /// stream of states ends, and everything registered is released (after the unlock).
    func close() {
        let (released, runtime, ended) = engine.withLock { engine in
            let closed = engine.close()
            sharedQueueCount.store(0, ordering: .releasing)
            return closed
        }
        producerRoom.broadcast()
        for observer in ended {
            observer.isCancelled.store(true, ordering: .releasing)
            observer.storeDidEnd?()
        }
        for entry in runtime { entry.registration.markRemoved() }
        _ = consume released
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
        var released = Released()
        let began = LockedValue.withLock(engine, gate) { engine, gate in
            let began = engine.beginOutOfBand(thread: thread, released: &released)
            if case .began = began {
                cell.setProcessing(true)
                StateCell.beginReduce(&gate)
            }
            return began
        }
        _ = consume released
        guard case .began = began else { return began }
        let previous: State? = needsPrevious && !context.observers.isEmpty ? cell.processorValue : nil
        cell.runReducer(body)
        var committed = Released()
        let (commit, wakeReaders) = LockedValue.withLock(engine, gate) { engine, gate in
            let commit = StateCell.commit(&gate)
            engine.refresh(context, into: &committed)
            return commit
        }
        if wakeReaders { cell.wakeReaders() }
        _ = consume committed
        deliver(commit: commit, previous: previous)
        // Processes what was dispatched meanwhile, then hands the role back.
        run(after: nil, thread: thread)
        return .began
    }
}
