// Shared with the instruction gate (Benchmarks/InstructionGate links to this file), which counts the same probe.

import Tracing

/// A tracer that starts spans which record nothing, yet are not the `NoOpTracer` (to which tracing attaches
/// nothing): every call the probe makes is made, and costs only the call.
struct NullRecordingTracer: Tracer {
    struct Span: Tracing.Span {
        var context: ServiceContext { .topLevel }
        var operationName: String {
            get { "" }
            nonmutating set {}
        }
        var attributes: SpanAttributes {
            get { [:] }
            nonmutating set {}
        }
        var isRecording: Bool { true }
        func setStatus(_ status: SpanStatus) {}
        func addEvent(_ event: SpanEvent) {}
        func recordError<Instant: TracerInstant>(
            _ error: any Error, attributes: SpanAttributes, at instant: @autoclosure () -> Instant
        ) {}
        func addLink(_ link: SpanLink) {}
        func end<Instant: TracerInstant>(at instant: @autoclosure () -> Instant) {}
    }

    func startSpan<Instant: TracerInstant>(
        _ operationName: String,
        context: @autoclosure () -> ServiceContext,
        ofKind kind: SpanKind,
        at instant: @autoclosure () -> Instant,
        function: String,
        file fileID: String,
        line: UInt
    ) -> Span {
        Span()
    }

    func forceFlush() {}
    func inject<Carrier, Inject: Injector>(
        _ context: ServiceContext, into carrier: inout Carrier, using injector: Inject
    ) where Inject.Carrier == Carrier {}
    func extract<Carrier, Extract: Extractor>(
        _ carrier: Carrier, into context: inout ServiceContext, using extractor: Extract
    ) where Extract.Carrier == Carrier {}
}
