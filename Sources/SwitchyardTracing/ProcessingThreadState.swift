// Unsafe code of this file, and the invariant it relies on: `ProcessingThreadState` is an `@unchecked Sendable` class
// whose properties are touched only by the tracer's hooks that run on the store's processing thread (`admit`,
// `didHold`, `didReduce`, `didRunEffects`, `didDetach`, and `decorateEffect` or `tagFollowUp` when
// `ActionTracer.windowThread` holds the calling thread's id, which only that thread stores). The store runs those
// hooks one at a time, and each call happens after the previous one, whichever threads they ran on (the processing
// role passes between threads through the store's lock, and `didDetach` runs after the last of them): no two accesses
// overlap. The hooks that run elsewhere (`storeDidEnd`, `didDrop`, `tagFollowUp` or `decorateEffect` on another
// thread) never touch it. Measured: keeping this out of a lock saves the two or three lock round trips per action that
// the tracer took before, and marking its properties `@exclusivity(unchecked)` (no two accesses overlap, so the
// runtime's dynamic exclusivity checks can never fire) saves about 760 instructions per traced action.

import Switchyard
import Tracing

#if canImport(os)
    import os
#endif

/// What the tracer keeps from one hook to the next about the action in progress, reachable only from the processing
/// thread's hooks (see the invariant above).
@usableFromInline
final class ProcessingThreadState<Span: Tracing.Span>: @unchecked Sendable {
    /// The span of the action whose pipeline runs now, or ran last: its context is the window's (what the pipeline's
    /// effects and follow-ups belong to) while the window is open, and it ends when the action's reducer returns
    /// (`isOpen` then turns `false`). `nil` for an action left out by the sampling predicate. One property for both:
    /// keeping the span's context apart cost a retain and a release per action (33 instructions, the gate's t2).
    @usableFromInline @exclusivity(unchecked) var windowSpan: Span?
    /// Whether `windowSpan` has not ended yet.
    @usableFromInline @exclusivity(unchecked) var isOpen = false
    /// The follow-up tag of the action admitted last and the parent it found, until the next admission: a tool that
    /// holds the action gets the parent kept again for it.
    @usableFromInline @exclusivity(unchecked) var admittedCause: UInt64 = 0
    @usableFromInline @exclusivity(unchecked) var admittedParent: ServiceContext?
    /// When the span of the action admitted last started, in nanoseconds since the epoch.
    @usableFromInline @exclusivity(unchecked) var startedAt: UInt64 = 0
    /// When the reducer of the action admitted last returned, in nanoseconds since the epoch.
    @usableFromInline @exclusivity(unchecked) var reducedAt: UInt64 = 0
    /// The attributes of the last span started, and what they were made from: the next action from the same source
    /// on the same thread shares them, with no dictionary built.
    @usableFromInline @exclusivity(unchecked) var attributes = SpanAttributes()
    @usableFromInline @exclusivity(unchecked) var attributesKey: AttributesKey?
    /// The file and function of the last action's source, as strings: a tracer's span takes them as strings, and a
    /// source dispatched with the default arguments keeps them as literals, made into strings once per call site.
    @usableFromInline @exclusivity(unchecked) var sourceStrings = ActionSource.Strings()
    /// With the default naming, the span names of recent cases by their `CaseKey`: a direct-mapped cache, so an action of a case seen recently is named without reflection or lookup.
    @usableFromInline @exclusivity(unchecked) var spanNames: [(key: CaseKey, name: String)?] = Array(
        repeating: nil, count: ProcessingThreadState.nameSlots)
    /// The case and the span name of the action named last, looked at before `spanNames`.
    @usableFromInline @exclusivity(unchecked) var lastSpanKey: CaseKey?
    @usableFromInline @exclusivity(unchecked) var lastSpanName: String?
    #if canImport(os)
        @usableFromInline @exclusivity(unchecked) var signpost: OSSignpostIntervalState?
    #endif

    @inlinable init() {}

    @inlinable static var nameSlots: Int { 16 }

    /// Whether the attributes kept are those of a span made from these values: compared in place, without a key
    /// made for each action.
    @inlinable
    func hasAttributes(
        file: String, line: UInt, function: String, thread: UInt, isFollowUp: Bool, isBridged: Bool
    ) -> Bool {
        guard let key = attributesKey else { return false }
        return key.line == line && key.thread == thread && key.isFollowUp == isFollowUp
            && key.isBridged == isBridged && key.file == file && key.function == function
    }

    /// What an action's span attributes are made from, but the redacted payload (never cached).
    @usableFromInline
    struct AttributesKey: Equatable {
        @usableFromInline let file: String
        @usableFromInline let line: UInt
        @usableFromInline let function: String
        @usableFromInline let thread: UInt
        @usableFromInline let isFollowUp: Bool
        @usableFromInline let isBridged: Bool

        @inlinable
        init(file: String, line: UInt, function: String, thread: UInt, isFollowUp: Bool, isBridged: Bool) {
            self.file = file
            self.line = line
            self.function = function
            self.thread = thread
            self.isFollowUp = isFollowUp
            self.isBridged = isBridged
        }
    }
}
