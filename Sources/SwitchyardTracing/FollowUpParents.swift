import Tracing

/// The contexts that tagged follow-ups were dispatched under, until the store processes them: a ring of a fixed
/// number of slots, indexed by the tag, so that follow-ups the store never processes (it was freed first, or they
/// were dropped) cannot make it grow. A follow-up still waiting when as many later ones were tagged loses its slot
/// and is traced without a parent.
@usableFromInline
struct FollowUpParents {
    /// How many tagged follow-ups wait at most with their parent kept.
    @usableFromInline static var capacity: Int { 1024 }

    @usableFromInline var slots: [(tag: UInt64, context: ServiceContext)?] = []
    /// The next tag; 0 is never one (it means "not tagged").
    @usableFromInline var nextTag: UInt64 = 1
    /// How many slots hold a parent.
    @usableFromInline private(set) var count = 0

    @inlinable init() {}

    /// Keeps `context` for a new follow-up and returns its tag.
    @inlinable
    mutating func add(_ context: ServiceContext) -> UInt64 {
        if slots.isEmpty { slots = Array(repeating: nil, count: Self.capacity) }
        let tag = nextTag
        nextTag &+= 1
        if nextTag == 0 { nextTag = 1 }
        let index = Int(truncatingIfNeeded: tag) & (Self.capacity - 1)
        if slots[index] == nil { count += 1 }
        slots[index] = (tag, context)
        return tag
    }

    /// The context the follow-up tagged `tag` was dispatched under, removed; `nil` when it was not kept.
    @inlinable
    mutating func take(_ tag: UInt64) -> ServiceContext? {
        guard tag != 0, !slots.isEmpty else { return nil }
        let index = Int(truncatingIfNeeded: tag) & (Self.capacity - 1)
        guard let slot = slots[index], slot.tag == tag else { return nil }
        slots[index] = nil
        count -= 1
        return slot.context
    }

    /// Keeps `context` again for the follow-up tagged `tag`, taken when a tool held it: given back, the follow-up
    /// finds its parent. Nothing is kept when a later follow-up took the slot meanwhile.
    @inlinable
    mutating func restore(_ tag: UInt64, _ context: ServiceContext) {
        guard tag != 0, !slots.isEmpty else { return }
        let index = Int(truncatingIfNeeded: tag) & (Self.capacity - 1)
        guard slots[index] == nil else { return }
        slots[index] = (tag, context)
        count += 1
    }

    /// Forgets every parent, for release by the caller after unlocking.
    @inlinable
    mutating func removeAll() -> [(tag: UInt64, context: ServiceContext)?] {
        count = 0
        defer { slots = [] }
        return slots
    }
}
