import CoreMetrics
import InMemoryTracing
import Switchyard
import SwitchyardMetrics
import SwitchyardTracing
import Synchronization
import Tracing

/// O1: W1's counter with tracing and metrics attached while no backend is bootstrapped (`NoOpTracer`,
/// `NOOPMetricsHandler`): both attach nothing, so the store runs as W1 does, without allocating.
package final class UnobservedCounterWorkload: Workload {
    package static let name = "o1"
    private let store = Store(initialState: Counter(), reducer: .counter)

    package init() {
        let tracing = store.attachTracing(StoreTracingOptions(storeName: "counter"), tracer: NoOpTracer())
        let metrics = store.attachMetrics(
            StoreMetricsOptions(storeName: "counter"), factory: NOOPMetricsHandler.instance)
        precondition(tracing == nil && metrics == nil, "attached to a store without backend")
    }

    package func run(_ count: Int) {
        let expected = store.state.count + count
        for _ in 0..<count {
            store.dispatch(.increment)
        }
        precondition(store.state.count == expected, "the store lost actions")
    }
}

/// O2c: W1 traced at 100% sampling, phases as events, into a tracer whose spans keep nothing: the probe's own cost
/// per action, without a tracer's recording.
package final class TracedCounterNullTracerWorkload: Workload {
    package static let name = "o2c"
    private let store = Store(initialState: Counter(), reducer: .counter)

    package init() {
        store.attachTracing(StoreTracingOptions(storeName: "counter"), tracer: NullRecordingTracer())
    }

    package func run(_ count: Int) {
        let expected = store.state.count + count
        for _ in 0..<count {
            store.dispatch(.increment)
        }
        precondition(store.state.count == expected, "the store lost actions")
    }
}

/// A store of W1's counter traced by an `InMemoryTracer` at 100% sampling, whose finished spans are dropped every
/// thousand actions so that memory stays flat.
package class TracedCounterWorkload {
    private let store = Store(initialState: Counter(), reducer: .counter)
    private let tracer = InMemoryTracer()

    init(phases: StoreTracingPhases) {
        store.attachTracing(StoreTracingOptions(storeName: "counter", phases: phases), tracer: tracer)
    }

    package func run(_ count: Int) {
        let expected = store.state.count + count
        for index in 0..<count {
            store.dispatch(.increment)
            if index & 1023 == 1023 { tracer.clearFinishedSpans() }
        }
        tracer.clearFinishedSpans()
        precondition(store.state.count == expected, "the store lost actions")
    }
}

/// O2: W1 traced by an `InMemoryTracer`, phases as span events (the default).
package final class TracedCounterEventsWorkload: TracedCounterWorkload, Workload {
    package static let name = "o2"
    package required init() { super.init(phases: .events) }
}

/// O2s: O2 with the phases as child spans.
package final class TracedCounterSpansWorkload: TracedCounterWorkload, Workload {
    package static let name = "o2s"
    package required init() { super.init(phases: .spans) }
}

/// O2n: O2 with one span per action and no phase.
package final class TracedCounterBareWorkload: TracedCounterWorkload, Workload {
    package static let name = "o2n"
    package required init() { super.init(phases: .none) }
}

/// O3: W1 measured by SwitchyardMetrics into a backend whose metrics add to atomics: the probe's own cost, without
/// a real backend's aggregation.
package final class MeasuredCounterWorkload: Workload {
    package static let name = "o3"
    private let store = Store(initialState: Counter(), reducer: .counter)
    private let factory = AtomicMetrics()

    package init() {
        store.attachMetrics(StoreMetricsOptions(storeName: "counter"), factory: factory)
    }

    package func run(_ count: Int) {
        let expected = store.state.count + count
        for _ in 0..<count {
            store.dispatch(.increment)
        }
        precondition(store.state.count == expected, "the store lost actions")
    }
}

/// A metrics backend whose every metric adds to one atomic: the cheapest backend that still does something.
final class AtomicMetrics: MetricsFactory, Sendable {
    final class Handler: CounterHandler, MeterHandler, RecorderHandler, TimerHandler, Sendable {
        let value = Atomic<Int64>(0)
        func increment(by amount: Int64) { value.add(amount, ordering: .relaxed) }
        func reset() { value.store(0, ordering: .relaxed) }
        func set(_ value: Int64) { self.value.store(value, ordering: .relaxed) }
        func set(_ value: Double) { self.value.store(Int64(value), ordering: .relaxed) }
        func increment(by amount: Double) { value.add(Int64(amount), ordering: .relaxed) }
        func decrement(by amount: Double) { value.subtract(Int64(amount), ordering: .relaxed) }
        func record(_ value: Int64) { self.value.add(value, ordering: .relaxed) }
        func record(_ value: Double) { self.value.add(Int64(value), ordering: .relaxed) }
        func recordNanoseconds(_ duration: Int64) { value.add(duration, ordering: .relaxed) }
    }

    func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler { Handler() }
    func makeMeter(label: String, dimensions: [(String, String)]) -> any MeterHandler { Handler() }
    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        Handler()
    }
    func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler { Handler() }
    func destroyCounter(_ handler: any CounterHandler) {}
    func destroyMeter(_ handler: any MeterHandler) {}
    func destroyRecorder(_ handler: any RecorderHandler) {}
    func destroyTimer(_ handler: any TimerHandler) {}
}
