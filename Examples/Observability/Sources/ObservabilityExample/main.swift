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
MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))

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
