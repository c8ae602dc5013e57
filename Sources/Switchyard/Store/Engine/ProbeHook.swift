/// A hook of the probes that the pipeline calls per action (`didRunEffects`; `didReduce` has a `ReduceHook`), held
/// by a class of its own that the snapshot of registrations keeps: the pipeline calls it through an unretained
/// reference, with no reference counted. Called from an array of closures, each call retained and released the
/// closure's context: about 55 instructions per hook and action more (measured with callgrind, W1 with one
/// `didReduce` probe).
@usableFromInline
final class ProbeHook<Argument>: Sendable {
    @usableFromInline let call: @Sendable (Argument) -> Void

    @usableFromInline
    init(_ call: @escaping @Sendable (Argument) -> Void) {
        self.call = call
    }
}

/// A probe's `didReduce` hook, as the pipeline calls it: the app's hooks take the `ReducedAction` the pipeline lends,
/// the package's tools (`StoreProbe.didReduceInPlace`) take its address.
///
/// A closure written in generic code that takes the value, such as a tool's hook, is specialized to take it in
/// registers, behind a forwarder that copies its 136 bytes from where the pipeline lends it: 29 instructions per
/// action and hook (callgrind, the gate's m1). Given the address, it reads the fields it needs in place.
@usableFromInline
final class ReduceHook<Action: Sendable, State: Sendable>: Sendable {
    /// Whether the hook takes the address (`inPlace`) rather than the value (`byValue`).
    @usableFromInline let takesAddress: Bool
    @usableFromInline let byValue: @Sendable (ReducedAction<Action, State>) -> Void
    @usableFromInline let inPlace: @Sendable (UnsafePointer<ReducedAction<Action, State>>) -> Void

    @usableFromInline
    init(_ byValue: @escaping @Sendable (ReducedAction<Action, State>) -> Void) {
        takesAddress = false
        self.byValue = byValue
        inPlace = { _ in }
    }

    @usableFromInline
    init(inPlace: @escaping @Sendable (UnsafePointer<ReducedAction<Action, State>>) -> Void) {
        takesAddress = true
        byValue = { _ in }
        self.inPlace = inPlace
    }

    /// Calls the hook with `reduced`: a hook that takes the address is given that of a copy (out of line: only a
    /// store whose probes mix both kinds of hooks calls it so).
    @inlinable @inline(__always)
    func call(_ reduced: ReducedAction<Action, State>) {
        if takesAddress { callInPlace(copying: reduced) } else { byValue(reduced) }
    }

    @usableFromInline @inline(never)
    func callInPlace(copying reduced: ReducedAction<Action, State>) {
        withUnsafePointer(to: reduced) { inPlace($0) }
    }
}
