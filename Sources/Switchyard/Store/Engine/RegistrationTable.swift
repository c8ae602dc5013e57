/// What is registered with a store, as the engine keeps it under its lock: the observers, the runtime middlewares and
/// the probes, with the ids it hands out. Read and changed under the lock only: the pipeline reads a snapshot of it
/// (``Registrations``), made anew after each change, which `version` counts.
@usableFromInline
struct RegistrationTable<Action: Sendable, State: Sendable>: Sendable {
    @usableFromInline var observers: ContiguousArray<StateObserver<State>> = []
    @usableFromInline var runtime: ContiguousArray<RuntimeEntry<Action, State>> = []
    /// The probes attached, in the order they were attached.
    @usableFromInline var probes: ContiguousArray<ProbeEntry<Action, State>> = []
    /// Which hooks `probes` set.
    @usableFromInline var probeUse = ProbeUse.none
    /// Changes with every change of `observers`, `runtime` or `probes`.
    @usableFromInline var version: UInt64 = 0
    /// Runtime middlewares whose `receiveContext` runs before they join the pipeline, by id.
    var reservations: [UInt64: ObjectIdentifier?] = [:]
    /// The last id handed out, to an observer, a runtime middleware or a probe; ids are never reused.
    var lastID: UInt64 = 0

    @inlinable
    init() {}

    /// A new id.
    mutating func makeID() -> UInt64 {
        lastID &+= 1
        return lastID
    }

    /// Empties the table when the store closes, and returns what it held, for release after unlocking.
    mutating func removeAll() -> (
        runtime: ContiguousArray<RuntimeEntry<Action, State>>,
        observers: ContiguousArray<StateObserver<State>>,
        probes: ContiguousArray<ProbeEntry<Action, State>>
    ) {
        defer {
            runtime = []
            observers = []
            probes = []
            probeUse = .none
            reservations.removeAll()
        }
        version &+= 1
        return (runtime, observers, probes)
    }
}
