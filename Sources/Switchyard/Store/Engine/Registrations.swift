// Unsafe code of this file, and the invariant it relies on: `reduceTimers` and `effectTimers` hold unretained
// references to hooks that `hooks` keeps. The snapshot never changes, so each hook lives as long as the snapshot, and
// the engine keeps the snapshot it hands to the processing thread alive until that thread's next decision.

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

    /// The `didReduce` hooks of `probes`, in the same order: the pipeline calls them without copying each probe, and
    /// without counting a reference (`hooks` keeps them).
    @usableFromInline let reduceTimers: ContiguousArray<Unmanaged<ReduceHook<Action, State>>>
    /// Whether every hook of `reduceTimers` takes the address of the value: the pipeline then makes the value where
    /// it stays, and gives them its address.
    @usableFromInline let reduceTimersTakeAddress: Bool
    /// The `didRunEffects` hooks of `probes`, in the same order, as `reduceTimers`.
    @usableFromInline let effectTimers: ContiguousArray<Unmanaged<ProbeHook<UInt64>>>
    /// What keeps the hooks of `reduceTimers` and `effectTimers`.
    let hooks: [any AnyObject & Sendable]

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
        // Each hook handed to `ProbeHook.init` as it is: through `Optional.map(ProbeHook.init)`, the closure was
        // wrapped in two reabstraction thunks, about 22 instructions per call (callgrind, W1 with a `didReduce` probe).
        var reduceTimers: [ReduceHook<Action, State>] = []
        var effectTimers: [ProbeHook<UInt64>] = []
        for entry in probes {
            if let inPlace = entry.probe.didReduceInPlace {
                reduceTimers.append(ReduceHook(inPlace: inPlace))
            } else if let didReduce = entry.probe.didReduce {
                reduceTimers.append(ReduceHook(didReduce))
            }
            if let didRunEffects = entry.probe.didRunEffects { effectTimers.append(ProbeHook(didRunEffects)) }
        }
        self.reduceTimers = ContiguousArray(reduceTimers.map { Unmanaged.passUnretained($0) })
        self.reduceTimersTakeAddress = reduceTimers.allSatisfy(\.takesAddress)
        self.effectTimers = ContiguousArray(effectTimers.map { Unmanaged.passUnretained($0) })
        self.hooks = reduceTimers + effectTimers
    }
}
