extension EngineState {
    // MARK: - Registrations

    mutating func makeID() -> UInt64 {
        lastID &+= 1
        return lastID
    }

    /// Adds an observer of the commits after the current one; `nil` when the store is closed.
    mutating func addObserver(
        deliver: @escaping @Sendable (State) -> Void,
        storeDidEnd: (@Sendable () -> Void)?
    ) -> StateObserver<State>? {
        if case .closed = phase { return nil }
        let observer = StateObserver(id: makeID(), startAfter: commits, deliver: deliver, storeDidEnd: storeDidEnd)
        observers.append(observer)
        version &+= 1
        return observer
    }

    /// Removes the observer `id` and returns it with the snapshot that held it, for release after unlocking.
    mutating func removeObserver(id: UInt64) -> (StateObserver<State>?, Registrations<Action, State>?) {
        guard let index = observers.firstIndex(where: { $0.id == id }) else { return (nil, nil) }
        return (observers.remove(at: index), changed())
    }

    /// Marks a change of the registrations and returns the stale snapshot, for release after unlocking: what was
    /// removed is then let go of at once, unless a processing thread holds the snapshot, which lets go of it at its
    /// next decision.
    mutating func changed() -> Registrations<Action, State>? {
        version &+= 1
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
            if let entry = runtime.first(where: { $0.identity == identity }) {
                return .duplicate(id: entry.id)
            }
            if let pending = reservations.first(where: { $0.value == identity }) {
                return .duplicate(id: pending.key)
            }
        }
        let id = makeID()
        reservations[id] = .some(identity)
        return .reserved(id: id)
    }

    /// Adds a reserved middleware to the pipeline; `false` when it was removed or the store closed meanwhile.
    mutating func activate(_ entry: RuntimeEntry<Action, State>) -> Bool {
        guard reservations.removeValue(forKey: entry.id) != nil else { return false }
        if case .closed = phase { return false }
        runtime.append(entry)
        version &+= 1
        return true
    }

    /// Removes the runtime middleware `id` (or cancels its reservation) and returns it with the snapshot that held
    /// it, for release after unlocking.
    mutating func removeRuntime(id: UInt64) -> (RuntimeEntry<Action, State>?, Registrations<Action, State>?) {
        reservations[id] = nil
        guard let index = runtime.firstIndex(where: { $0.id == id }) else { return (nil, nil) }
        return (runtime.remove(at: index), changed())
    }

    /// Removes every runtime middleware and returns them with the snapshot that held them, for release after
    /// unlocking.
    mutating func removeAllRuntime() -> (ContiguousArray<RuntimeEntry<Action, State>>, Registrations<Action, State>?) {
        reservations.removeAll()
        defer { runtime = [] }
        return (runtime, changed())
    }

    /// Attaches a probe after those attached before it; `nil` when the store is closed. The stale snapshot comes
    /// back for release after unlocking.
    mutating func addProbe(
        _ probe: StoreProbe<Action, State>
    ) -> (ProbeEntry<Action, State>?, Registrations<Action, State>?) {
        if case .closed = phase { return (nil, nil) }
        let entry = ProbeEntry(id: makeID(), probe: probe)
        probes.append(entry)
        probeUse = ProbeUse(probes)
        return (entry, changed())
    }

    /// Detaches the probe `id` and returns it with the snapshot that held it, for release after unlocking.
    mutating func removeProbe(id: UInt64) -> (ProbeEntry<Action, State>?, Registrations<Action, State>?) {
        guard let index = probes.firstIndex(where: { $0.id == id }) else { return (nil, nil) }
        let removed = probes.remove(at: index)
        probeUse = ProbeUse(probes)
        return (removed, changed())
    }
}
