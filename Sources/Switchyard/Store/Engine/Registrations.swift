/// What is registered with a store, as the processing thread sees it: an immutable snapshot, made anew under the
/// engine's lock after each change, which the processing thread borrows while it works.
@usableFromInline
final class Registrations<Action: Sendable, State: Sendable>: Sendable {
    @usableFromInline let observers: ContiguousArray<StateObserver<State>>
    @usableFromInline let runtime: ContiguousArray<RuntimeEntry<Action, State>>
    /// The probes, in the order they were attached.
    @usableFromInline let probes: ContiguousArray<ProbeEntry<Action, State>>
    /// The feeds of `probes`, in the same order.
    @usableFromInline let feeds: ContiguousArray<ActionFeed<Action, State>>
    /// The `didProcess` hooks of `probes`, in the same order.
    @usableFromInline let keepers:
        ContiguousArray<
            @Sendable (consuming DispatchedAction<Action>, borrowing ProcessedAction<State>) -> Void
        >

    /// The `didReduce` hooks of `probes`, in the same order: the pipeline calls them without copying each probe.
    @usableFromInline let reduceTimers: ContiguousArray<@Sendable (ReducedAction<Action, State>) -> Void>
    /// The `didRunEffects` hooks of `probes`, in the same order.
    @usableFromInline let effectTimers: ContiguousArray<@Sendable (UInt64) -> Void>

    @usableFromInline
    init(
        observers: ContiguousArray<StateObserver<State>>,
        runtime: ContiguousArray<RuntimeEntry<Action, State>>,
        probes: ContiguousArray<ProbeEntry<Action, State>>
    ) {
        self.observers = observers
        self.runtime = runtime
        self.probes = probes
        self.keepers = ContiguousArray(probes.compactMap(\.probe.didProcess))
        self.feeds = ContiguousArray(probes.compactMap(\.probe.feed))
        self.reduceTimers = ContiguousArray(probes.compactMap(\.probe.didReduce))
        self.effectTimers = ContiguousArray(probes.compactMap(\.probe.didRunEffects))
    }
}
