// Unsafe code of this file, and the invariant it relies on: `ProcessingThreadState` is an `@unchecked Sendable` class
// whose properties are touched only by the tracer's hooks that run on the store's processing thread (`admit`,
// `didHold`, `didReduce`, `didRunEffects`, `didDetach`, and `decorateEffect` or `tagFollowUp` when
// `ActionTracer.windowThread` holds the calling thread's id, which only that thread stores). The store runs those
// hooks one at a time, and each call happens after the previous one, whichever threads they ran on (the processing
// role passes between threads through the store's lock, and `didDetach` runs after the last of them): no two accesses
// overlap. The hooks that run elsewhere (`storeDidEnd`, `didDrop`, `tagFollowUp` or `decorateEffect` on another
// thread) never touch it. Measured: keeping this out of a lock saves the two or three lock round trips per action that
// the tracer took before.

import Switchyard
import Tracing

#if canImport(os)
    import os
#endif

/// What the tracer keeps from one hook to the next about the action in progress, reachable only from the processing
/// thread's hooks (see the invariant above).
@usableFromInline
final class ProcessingThreadState<Span: Tracing.Span>: @unchecked Sendable {
    /// The span of the action admitted last, until its reducer returns.
    @usableFromInline var open: Span?
    /// The follow-up tag of the action admitted last and the parent it found, until the next admission: a tool that
    /// holds the action gets the parent kept again for it.
    @usableFromInline var admittedCause: UInt64 = 0
    @usableFromInline var admittedParent: ServiceContext?
    /// When the span of the action admitted last started, in nanoseconds since the epoch.
    @usableFromInline var startedAt: UInt64 = 0
    /// When the reducer of the action admitted last returned, in nanoseconds since the epoch.
    @usableFromInline var reducedAt: UInt64 = 0
    /// The context of the action whose pipeline runs now, while the tracer's window thread is the processing thread;
    /// `nil` for an action left out by the sampling predicate.
    @usableFromInline var windowContext: ServiceContext?
    /// The attributes of the last span started, and what they were made from: the next action from the same source
    /// on the same thread shares them, with no dictionary built.
    @usableFromInline var attributes = SpanAttributes()
    @usableFromInline var attributesKey: AttributesKey?
    #if canImport(os)
        @usableFromInline var signpost: OSSignpostIntervalState?
    #endif

    @inlinable init() {}

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
