import CoreMetrics
import Switchyard
import SwitchyardMetrics
import SwitchyardTracing

#if swift(>=6)
    import GateStoresSwift6
#else
    import GateStoresSwift5
#endif

/// M1: W1's counter counted and timed by SwitchyardMetrics into a backend whose handlers do nothing: what the
/// metrics probe itself costs per action, without a backend's aggregation.
func runCounterWithNullMetrics(_ count: Int) {
    let store = makeStore(Counter(), counterReducer)
    withNullMetrics(store) { dispatchIncrements(store, count) }
}

/// T2: W1's counter traced at 100% sampling, phases as events (the defaults), into a tracer whose spans record
/// nothing: what the tracing probe itself costs per action, without a tracer's recording.
func runCounterWithNullTracer(_ count: Int) {
    let store = makeStore(Counter(), counterReducer)
    withNullTracer(store) { dispatchIncrements(store, count) }
}

/// Runs `body` with `store` counted by SwitchyardMetrics into ``NullMetrics``.
func withNullMetrics<Action: Sendable>(_ store: Store<Action, Counter>, _ body: () -> Void) {
    let registration = store.attachMetrics(StoreMetricsOptions(storeName: "gate"), factory: NullMetrics())
    precondition(registration != nil, "the metrics probe did not attach")
    body()
    registration?.detach()
}

/// Runs `body` with `store` traced by SwitchyardTracing into a ``NullRecordingTracer``.
func withNullTracer<Action: Sendable>(_ store: Store<Action, Counter>, _ body: () -> Void) {
    let registration = store.attachTracing(StoreTracingOptions(storeName: "gate"), tracer: NullRecordingTracer())
    precondition(registration != nil, "the tracing probe did not attach")
    body()
    registration?.detach()
}

/// A metrics backend whose handlers do nothing, yet is not the `NOOPMetricsHandler` (to which metrics attach
/// nothing): every call the probe makes is made, and costs only the call.
struct NullMetrics: MetricsFactory {
    func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        NOOPMetricsHandler.instance
    }
    func makeMeter(label: String, dimensions: [(String, String)]) -> any MeterHandler { NOOPMetricsHandler.instance }
    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        NOOPMetricsHandler.instance
    }
    func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler { NOOPMetricsHandler.instance }
    func destroyCounter(_ handler: any CounterHandler) {}
    func destroyMeter(_ handler: any MeterHandler) {}
    func destroyRecorder(_ handler: any RecorderHandler) {}
    func destroyTimer(_ handler: any TimerHandler) {}
}

// MARK: - An action whose payload changes at every dispatch

/// The action of M2 and T3: a case whose payload changes at every dispatch (text typed into a field), beside one
/// without payload. The tools name it by its case, found from the value's case whatever its payload.
enum TypingAction: Sendable {
    case typed(Int)
    case cleared
}

let typingReducer = Reducer<TypingAction, Counter> { action, state in
    if case .typed = action { state.count += 1 }
}

func dispatchTyped(_ store: Store<TypingAction, Counter>, _ count: Int) {
    let expected = store.state.count + count
    for index in 0..<count {
        store.dispatch(.typed(index))
    }
    precondition(store.state.count == expected, "the store lost actions")
}

/// M2: M1 with an action whose payload changes at every dispatch.
func runTypingWithNullMetrics(_ count: Int) {
    let store = makeStore(Counter(), typingReducer)
    withNullMetrics(store) { dispatchTyped(store, count) }
}

/// T3: T2 with an action whose payload changes at every dispatch.
func runTypingWithNullTracer(_ count: Int) {
    let store = makeStore(Counter(), typingReducer)
    withNullTracer(store) { dispatchTyped(store, count) }
}
