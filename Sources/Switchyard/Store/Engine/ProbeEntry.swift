/// A probe attached to a store, under the id of its registration.
@usableFromInline
final class ProbeEntry<Action: Sendable, State: Sendable>: Sendable {
    @usableFromInline let id: UInt64
    @usableFromInline let probe: StoreProbe<Action, State>

    init(id: UInt64, probe: StoreProbe<Action, State>) {
        self.id = id
        self.probe = probe
    }
}

/// Which hooks the probes attached to a store set, as the pipeline asks: a few bits, read per action without touching
/// the probes themselves.
@usableFromInline
struct ProbeUse: Equatable, Sendable {
    @usableFromInline var bits: UInt8

    @inlinable init(bits: UInt8) { self.bits = bits }

    /// No probe, or none that the pipeline calls per action.
    @inlinable static var none: ProbeUse { ProbeUse(bits: 0) }
    /// A probe may hold actions.
    @inlinable static var admits: UInt8 { 1 }
    /// A probe receives actions after their reducer, with timings, or the time their effects took.
    @inlinable static var times: UInt8 { 2 }
    /// A probe keeps actions after their pipeline.
    @inlinable static var keeps: UInt8 { 4 }

    /// What `probes` use.
    init(_ probes: some Sequence<ProbeEntry<some Sendable, some Sendable>>) {
        var bits: UInt8 = 0
        for entry in probes {
            if entry.probe.admit != nil { bits |= Self.admits }
            if entry.probe.didReduce != nil || entry.probe.didReduceInPlace != nil || entry.probe.didRunEffects != nil {
                bits |= Self.times
            }
            if entry.probe.didProcess != nil || entry.probe.feed != nil { bits |= Self.keeps }
        }
        self.bits = bits
    }

    /// Whether any probe is called per action.
    @inlinable var isEmpty: Bool { bits == 0 }
    /// Whether a probe must see actions before their middlewares: to hold them, or to time them.
    @inlinable var seesBeforeHandle: Bool { bits & (Self.admits | Self.times) != 0 }
    @inlinable var admits: Bool { bits & Self.admits != 0 }
    @inlinable var times: Bool { bits & Self.times != 0 }
    @inlinable var keeps: Bool { bits & Self.keeps != 0 }
}
