import InMemoryTracing
import Tracing

/// O0: what an `InMemoryTracer` itself costs for the span that O2 records per action, with no store: a span started
/// at an instant with its source, given the six attributes the store's tracing sets (made once, as the tracing probe
/// makes them once per source), the two phase events, and its end; the finished spans dropped every thousand spans,
/// as O2 does. The floor under O2: what tracing adds to an action above the tracer's own work is O2 minus W1 minus
/// this.
package final class TracerFloorWorkload: Workload {
    package static let name = "o0"
    private let tracer = InMemoryTracer()
    private let file = #fileID
    private let function = #function
    private let line: UInt = #line
    private let attributes: SpanAttributes
    private var spans = 0

    package init() {
        attributes = [
            "code.file.path": .string(file),
            "code.line.number": .int64(Int64(line)),
            "code.function.name": .string(function),
            "thread.id": .int64(1),
            "switchyard.store": .string("counter"),
            "switchyard.action.follow_up": .bool(false),
        ]
    }

    package func run(_ count: Int) {
        for index in 0..<count {
            let start = DefaultTracerClock.now
            let span = tracer.startSpan(
                "increment", context: .topLevel, ofKind: .internal, at: start, function: function, file: file,
                line: line)
            span.attributes = attributes
            let instant = DefaultTracerClock.Timestamp(nanosecondsSinceEpoch: start.nanosecondsSinceEpoch)
            span.addEvent(SpanEvent(name: "handled", at: instant))
            span.addEvent(SpanEvent(name: "reduced", at: instant))
            span.end(at: instant)
            if index & 1023 == 1023 { tracer.clearFinishedSpans() }
        }
        spans += count
        tracer.clearFinishedSpans()
        precondition(spans >= count, "the spans were not counted")
    }
}
