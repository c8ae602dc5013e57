import Dispatch
import Logging
import Metrics
import OTel
import Prometheus
import ServiceLifecycle
import Switchyard
import SwitchyardMetrics
import SwitchyardTracing
import Tracing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Exports one search's spans over OTLP/HTTP to the endpoint in OTLP_TRACES_ENDPOINT (default
// http://127.0.0.1:4318/v1/traces), then serves its metrics at http://127.0.0.1:METRICS_PORT/metrics (default 9464)
// for METRICS_SCRAPES scrapes (default 1), and exits once the spans are flushed.

func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}

// 1. The backends, bootstrapped before any store is traced or measured.
var configuration = OTel.Configuration.default
configuration.serviceName = "switchyard-observability-example"
configuration.metrics.enabled = false  // metrics go to Prometheus
configuration.logs.enabled = false
configuration.traces.otlpExporter.protocol = .httpProtobuf
configuration.traces.otlpExporter.endpoint =
    environment("OTLP_TRACES_ENDPOINT") ?? "http://127.0.0.1:4318/v1/traces"
configuration.traces.batchSpanProcessor.scheduleDelay = .milliseconds(100)
let observability = try OTel.bootstrap(configuration: configuration)
let registry = PrometheusCollectorRegistry()
// The store's phases take from tens of nanoseconds (a reducer) to tens of milliseconds (the IOs of an action that
// starts effects, the first time): the default buckets, which start at 5 ms, would put almost every sample in the
// first one. Buckets at that scale, for the store's timers only.
var metricsFactory = PrometheusMetricsFactory(registry: registry)
let phases: [Duration] = [
    .nanoseconds(250), .nanoseconds(500), .microseconds(1), .microseconds(2.5), .microseconds(5),
    .microseconds(10), .microseconds(25), .microseconds(50), .microseconds(100), .microseconds(250),
    .microseconds(500), .milliseconds(1), .milliseconds(2.5), .milliseconds(5), .milliseconds(10),
    .milliseconds(25), .milliseconds(50), .milliseconds(100),
]
for timer in ["switchyard_handle_duration", "switchyard_reduce_duration", "switchyard_observers_duration"] {
    metricsFactory.durationHistogramBuckets[timer] = phases
}
MetricsSystem.bootstrap(metricsFactory)

// 2. The store, traced and measured.
let store = makeSearchStore()
store.attachTracing(StoreTracingOptions(storeName: "search"))
store.attachMetrics(StoreMetricsOptions(storeName: "search"))

let services = ServiceGroup(
    configuration: .init(services: [.init(service: observability)], logger: Logger(label: "services"))
)
try await withThrowingTaskGroup(of: Void.self) { group in
    group.addTask { try await services.run() }
    // 3. One search, its effect and its follow-up.
    store.dispatch(.search("switchyard"))
    let deadline = ContinuousClock.now + .seconds(30)
    while store.state.results.isEmpty {
        guard ContinuousClock.now < deadline else { throw EndpointError(step: "the search never finished") }
        try await Task.sleep(for: .milliseconds(10))
    }
    print("results: \(store.state.results)")
    // 4. The metrics, for a scraper; then the spans flushed by a graceful shutdown.
    let port = UInt16(environment("METRICS_PORT") ?? "") ?? 9464
    let scrapes = Int(environment("METRICS_SCRAPES") ?? "") ?? 1
    // The endpoint blocks its thread on `accept`: a thread of its own, not one of the concurrency pool's.
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        DispatchQueue(label: "metrics endpoint").async {
            continuation.resume(
                with: Result { try serveMetrics(port: port, requests: scrapes) { registry.emitToString() } })
        }
    }
    try await Task.sleep(for: .milliseconds(500))
    await services.triggerGracefulShutdown()
    try await group.waitForAll()
}
print("done")
