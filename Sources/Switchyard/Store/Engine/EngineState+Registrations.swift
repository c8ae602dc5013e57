extension EngineState {
    // MARK: - Registrations

    /// Adds an observer of the commits after the current one; `nil` when the store is closed.
    mutating func addObserver(
        deliver: @escaping @Sendable (State) -> Void,
        storeDidEnd: (@Sendable () -> Void)?
    ) -> StateObserver<State>? {
        if case .closed = phase { return nil }
        let observer = StateObserver(
            id: registered.makeID(), startAfter: commits, deliver: deliver, storeDidEnd: storeDidEnd)
        registered.observers.append(observer)
        registered.version &+= 1
        return observer
    }

    /// Removes the observer `id` and returns it with the snapshot that held it, for release after unlocking.
    mutating func removeObserver(id: UInt64) -> (StateObserver<State>?, Registrations<Action, State>?) {
        guard let index = registered.observers.firstIndex(where: { $0.id == id }) else { return (nil, nil) }
        return (registered.observers.remove(at: index), changed())
    }

    /// Marks a change of the registrations and returns the stale snapshot, for release after unlocking: what was
    /// removed is then let go of at once, unless a processing thread holds the snapshot, which lets go of it at its
    /// next decision.
    mutating func changed() -> Registrations<Action, State>? {
        registered.version &+= 1
        defer { registrations = nil }
        return retire(registrations)
    }

    /// Lets go of a snapshot that is no longer current: returned for release after unlocking, or, while a thread
    /// processes (it may be using it), kept until that thread's next decision.
    mutating func retire(_ snapshot: Registrations<Action, State>?) -> Registrations<Action, State>? {
        guard let snapshot else { return nil }
        guard case .processing = phase else { return snapshot }
        retired.append(snapshot)
        return nil
    }

    enum Reservation: Equatable {
        /// Call the middleware's `receiveContext`, then ``activate(_:)`` it under this id.
        case reserved(id: UInt64)
        /// The same instance is registered (or being registered) under this id.
        case duplicate(id: UInt64)
        case closed
    }

    /// Reserves an id for a runtime middleware, refusing a class instance that is already registered.
    mutating func reserveRuntime(identity: ObjectIdentifier?) -> Reservation {
        if case .closed = phase { return .closed }
        if let identity {
            if let entry = registered.runtime.first(where: { $0.identity == identity }) {
                return .duplicate(id: entry.id)
            }
            if let pending = registered.reservations.first(where: { $0.value == identity }) {
                return .duplicate(id: pending.key)
            }
        }
        let id = registered.makeID()
        registered.reservations[id] = .some(identity)
        return .reserved(id: id)
    }

    /// Adds a reserved middleware to the pipeline; `false` when it was removed or the store closed meanwhile.
    mutating func activate(_ entry: RuntimeEntry<Action, State>) -> Bool {
        guard registered.reservations.removeValue(forKey: entry.id) != nil else { return false }
        if case .closed = phase { return false }
        registered.runtime.append(entry)
        registered.version &+= 1
        return true
    }

    /// Removes the runtime middleware `id` (or cancels its reservation) and returns it with the snapshot that held
    /// it, for release after unlocking.
    mutating func removeRuntime(id: UInt64) -> (RuntimeEntry<Action, State>?, Registrations<Action, State>?) {
        registered.reservations[id] = nil
        guard let index = registered.runtime.firstIndex(where: { $0.id == id }) else { return (nil, nil) }
        return (registered.runtime.remove(at: index), changed())
    }

    /// Removes every runtime middleware and returns them with the snapshot that held them, for release after
    /// unlocking.
    mutating func removeAllRuntime() -> (ContiguousArray<RuntimeEntry<Action, State>>, Registrations<Action, State>?) {
        registered.reservations.removeAll()
        defer { registered.runtime = [] }
        return (registered.runtime, changed())
    }

    /// Attaches a probe after those attached before it; `nil` when the store is closed. The stale snapshot comes
    /// back for release after unlocking.
    mutating func addProbe(
        _ probe: StoreProbe<Action, State>
    ) -> (ProbeEntry<Action, State>?, Registrations<Action, State>?) {
        if case .closed = phase { return (nil, nil) }
        let entry = ProbeEntry(id: registered.makeID(), probe: probe)
        registered.probes.append(entry)
        registered.probeUse = ProbeUse(registered.probes)
        return (entry, changed())
    }

    /// Detaches the probe `id` and returns it with the snapshot that held it, for release after unlocking.
    mutating func removeProbe(id: UInt64) -> (ProbeEntry<Action, State>?, Registrations<Action, State>?) {
        guard let index = registered.probes.firstIndex(where: { $0.id == id }) else { return (nil, nil) }
        let removed = registered.probes.remove(at: index)
        registered.probeUse = ProbeUse(registered.probes)
        return (removed, changed())
    }

    // MARK: - The processing thread's snapshot

    /// Brings the processing thread's snapshot up to date, at a decision between two actions; the stale arrays go to
    /// `released`.
    @inlinable @inline(__always)
    mutating func refresh(_ context: inout ProcessorContext<Action, State>, released: inout Released) {
        guard context.version != registered.version else { return }
        // A new context (each dispatch makes one) of a store whose snapshot is current: a copy of a few words.
        if registrationsVersion == registered.version, retired.isEmpty {
            context.view = view
            context.version = registered.version
            return
        }
        refreshRegistrations(&context, released: &released)
    }

    /// Hands the current snapshot to the processing thread (made first if the registrations changed since the last
    /// one); the snapshots it may have used until now go to `released`, since it no longer holds them, and the
    /// probes detached meanwhile are told (their `didDetach` hooks go to `released` too). Out of line: it runs when
    /// the registrations changed.
    @inlinable @inline(never)
    mutating func refreshRegistrations(_ context: inout ProcessorContext<Action, State>, released: inout Released) {
        if registrationsVersion != registered.version {
            if let old = registrations { released.keep(old) }
            makeSnapshot()
        }
        if !retired.isEmpty {
            released.keep(retired)
            retired = []
        }
        if let hooks = detachHooks.take() { released.call(hooks) }
        context.view = view
        context.version = registered.version
    }

    /// Brings the processing thread's snapshot up to date within an action (before its reducer, at its commit), so
    /// that observers registered meanwhile see its commit. The snapshots the action may still borrow (its probes'
    /// timing hooks do) are kept, not released, until the next decision between two actions, which the context,
    /// left stale, brings to ``refreshRegistrations(_:released:)``.
    @inlinable @inline(__always)
    mutating func refreshWithinAction(_ context: inout ProcessorContext<Action, State>) {
        guard context.version != registered.version else { return }
        // The snapshot is current and nothing waits to be let go of: as at a decision.
        if registrationsVersion == registered.version, retired.isEmpty, detachHooks == nil {
            context.view = view
            context.version = registered.version
            return
        }
        refreshWithinActionRegistrations(&context)
    }

    /// The work of ``refreshWithinAction(_:)`` when the registrations changed; out of line.
    @inlinable @inline(never)
    mutating func refreshWithinActionRegistrations(_ context: inout ProcessorContext<Action, State>) {
        if registrationsVersion != registered.version {
            if let old = registrations { retired.append(old) }
            makeSnapshot()
        }
        if detachHooks != nil, retired.isEmpty {
            // The next decision must take the slow path, which calls the hooks: a snapshot to let go of sends it
            // there; with no snapshot (nothing is registered), the snapshot is marked stale, which does too.
            if let current = registrations {
                retired.append(current)
            } else {
                registrationsVersion = registered.version &- 1
            }
        }
        context.view = view
        // A version no snapshot has: the next decision comes back to let go of what was retired and to call the
        // `didDetach` hooks waiting for it.
        context.version = retired.isEmpty && detachHooks == nil ? registered.version : .max
    }

    /// Makes the snapshot of the current registrations, and its view.
    @inlinable
    mutating func makeSnapshot() {
        let isEmpty = registered.observers.isEmpty && registered.runtime.isEmpty && registered.probes.isEmpty
        registrations =
            isEmpty
            ? nil
            : Registrations(observers: registered.observers, runtime: registered.runtime, probes: registered.probes)
        view = ProcessorContext.View(registrations, probeUse: registered.probeUse)
        registrationsVersion = registered.version
    }

    /// Calls `hook`, the `didDetach` of a probe just detached, once no hook of that probe will run any more: returned
    /// for the caller to call after unlocking when no thread processes; otherwise kept for the processing thread's
    /// next decision between two actions (see ``refreshRegistrations(_:released:)``).
    mutating func callWhenDetached(_ hook: @escaping @Sendable () -> Void) -> (@Sendable () -> Void)? {
        guard case .processing = phase else { return hook }
        detachHooks = (detachHooks ?? []) + [hook]
        // The next decision must take the slow path, which calls the hooks: a version that the processing thread's
        // context does not have makes it do so, and a refresh within the action keeps it there while hooks wait.
        registered.version &+= 1
        return nil
    }
}
