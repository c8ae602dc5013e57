import CoreMetrics
import Dispatch
import Foundation
import MetricsTestKit
import Switchyard
import SwitchyardMetrics
import SwitchyardTestSupport
import Synchronization
import Testing

enum LoadAction: Sendable, Equatable {
    case load(String)
    case loading
    case loaded([String])
    case wait
    case stop
    case fail

    var name: String? {
        guard case .load(let name) = self else { return nil }
        return name
    }
}

struct LoadState: Sendable, Equatable {
    var items: [String] = []
}

struct LoadWaitID: Hashable, Sendable {}

/// What `.fail`'s effect throws.
struct LoadFailure: Error {}

/// `.load` is bridged to `.loading`; its effect dispatches `.loaded`. `.wait` starts an effect that `.stop` cancels.
/// `.fail` starts an effect that throws, with no error handler.
struct LoadEffects: MiddlewareProtocol, Sendable {
    func handle(
        action: LoadAction, from dispatcher: ActionSource, state: @escaping GetState<LoadState>
    ) -> IO<LoadAction> {
        switch action {
        case .load(let name): .run { output in output.dispatch(.loaded([name])) }
        case .wait: .run(id: LoadWaitID()) { _ in try await Task.sleep(for: .seconds(60)) }
        case .stop: .cancel(id: LoadWaitID())
        case .fail: .run { _ in throw LoadFailure() }
        case .loading, .loaded: .pure()
        }
    }
}

func makeLoadStore(diagnostics: StoreDiagnostics = .standardError) -> Store<LoadAction, LoadState> {
    let bridges = BridgeMiddleware<LoadAction, LoadAction, LoadState>()
        .bridge(\LoadAction.name >=> { _ in LoadAction.loading })
    return Store(
        initialState: LoadState(),
        reducer: Reducer { action, state in if case .loaded(let items) = action { state.items = items } },
        middleware: bridges <> LoadEffects(),
        diagnostics: diagnostics
    )
}

@Suite struct StoreMetricsTests {
    @Test func actionsFollowUpsPhasesAndEffectsAreCountedExactly() async throws {
        let metrics = TestMetrics()
        let store = makeLoadStore()
        #expect(store.attachMetrics(StoreMetricsOptions(storeName: "loads"), factory: metrics) != nil)
        store.dispatch(.load("a"))
        store.dispatch(.load("b"))
        let finished = await eventually {
            metrics.counterTotal(label: "switchyard_effects_finished_total") == 2
                && store.state.items.count == 1
                && metrics.counterTotal(
                    label: "switchyard_actions_total",
                    dimensions: [("store", "loads"), ("action", "loaded"), ("follow_up", "true")]
                ) == 2
        }
        #expect(finished)
        func processed(_ action: String, followUp: Bool) -> Int64 {
            metrics.counterTotal(
                label: "switchyard_actions_total",
                dimensions: [("store", "loads"), ("action", action), ("follow_up", "\(followUp)")]
            )
        }
        #expect(processed("load", followUp: false) == 2)
        #expect(processed("load", followUp: true) == 0)
        #expect(processed("loading", followUp: true) == 2)
        #expect(processed("loaded", followUp: true) == 2)
        #expect(metrics.counterTotal(label: "switchyard_actions_held_total") == 0)
        // One sample of the queue's depth per action: six actions.
        #expect(try metrics.expectGauge("switchyard_queue_depth", [("store", "loads")]).values.count == 6)
        #expect(metrics.counterTotal(label: "switchyard_effects_started_total") == 2)
        #expect(metrics.counterTotal(label: "switchyard_effects_cancelled_total") == 0)
        #expect(metrics.counterTotal(label: "switchyard_effects_failed_total") == 0)
        #expect(try metrics.expectMeter("switchyard_effects_in_flight", [("store", "loads")]).lastValue == 0)
        let handle = try metrics.expectTimer("switchyard_handle_duration", [("store", "loads"), ("action", "load")])
        #expect(handle.values.count == 2)
        let reduce = try metrics.expectTimer("switchyard_reduce_duration", [("store", "loads"), ("action", "loaded")])
        #expect(reduce.values.count == 2)
        // The observers-and-IOs timer: the two `.load`s ran IOs.
        #expect(try metrics.expectTimer("switchyard_observers_duration", [("store", "loads")]).values.count >= 2)
    }

    @Test func aCancelledEffectIsCountedAsCancelled() async throws {
        let metrics = TestMetrics()
        let store = makeLoadStore()
        store.attachMetrics(StoreMetricsOptions(storeName: "loads"), factory: metrics)
        store.dispatch(.wait)
        #expect(try metrics.expectMeter("switchyard_effects_in_flight", [("store", "loads")]).lastValue == 1)
        store.dispatch(.stop)
        let cancelled = await eventually { metrics.counterTotal(label: "switchyard_effects_cancelled_total") == 1 }
        #expect(cancelled)
        #expect(metrics.counterTotal(label: "switchyard_effects_finished_total") == 0)
        // Cancellation is not a failure.
        #expect(metrics.counterTotal(label: "switchyard_effects_failed_total") == 0)
        #expect(try metrics.expectMeter("switchyard_effects_in_flight", [("store", "loads")]).lastValue == 0)
    }

    @Test func anEffectThatThrowsIsCountedAsFailedAndNotAsFinished() async throws {
        let metrics = TestMetrics()
        let reported = LockedCount()
        let store = makeLoadStore(diagnostics: StoreDiagnostics { _ in reported.increment() })
        store.attachMetrics(StoreMetricsOptions(storeName: "loads"), factory: metrics)
        store.dispatch(.fail)
        store.dispatch(.load("a"))
        let ended = await eventually {
            metrics.counterTotal(label: "switchyard_effects_finished_total")
                + metrics.counterTotal(label: "switchyard_effects_failed_total")
                + metrics.counterTotal(label: "switchyard_effects_cancelled_total") == 2
                && reported.value == 1
        }
        #expect(ended)
        #expect(metrics.counterTotal(label: "switchyard_effects_started_total") == 2)
        #expect(metrics.counterTotal(label: "switchyard_effects_failed_total") == 1)
        #expect(metrics.counterTotal(label: "switchyard_effects_finished_total") == 1)
        #expect(metrics.counterTotal(label: "switchyard_effects_cancelled_total") == 0)
        #expect(
            metrics.counters(label: "switchyard_effects_failed_total").map { $0.dimensions.map { "\($0)=\($1)" } }
                == [["store=loads"]])
        #expect(try metrics.expectMeter("switchyard_effects_in_flight", [("store", "loads")]).lastValue == 0)
    }

    @Test func thePredicateChoosesTheActionsCounted() async throws {
        let metrics = TestMetrics()
        let store = makeLoadStore()
        store.attachMetrics(
            StoreMetricsOptions(storeName: "loads", counts: { dispatched, origin in !origin.isFollowUp }),
            factory: metrics
        )
        store.dispatch(.load("a"))
        let finished = await eventually { store.state.items == ["a"] }
        #expect(finished)
        #expect(metrics.counterTotal(label: "switchyard_actions_total") == 1)
        #expect(
            metrics.counters(label: "switchyard_actions_total").allSatisfy { counter in
                !counter.dimensions.contains { $0 == ("action", "loaded") }
            })
    }

    @Test func aHeldActionIsCountedWhateverTheOrderOfAttachment() {
        for metricsFirst in [true, false] {
            let metrics = TestMetrics()
            let store = makeLoadStore()
            let holder = StoreProbe<LoadAction, LoadState>(admit: { dispatched, _ in
                dispatched.action == .stop ? .hold : .process
            })
            if metricsFirst {
                store.attachMetrics(StoreMetricsOptions(storeName: "loads"), factory: metrics)
                store.attach(holder)
            } else {
                store.attach(holder)
                store.attachMetrics(StoreMetricsOptions(storeName: "loads"), factory: metrics)
            }
            store.dispatch(.stop)
            // At once: no later action is needed to count it.
            #expect(metrics.counterTotal(label: "switchyard_actions_held_total") == 1, "metrics first: \(metricsFirst)")
            store.dispatch(.loading)
            #expect(metrics.counterTotal(label: "switchyard_actions_held_total") == 1, "metrics first: \(metricsFirst)")
            #expect(metrics.counterTotal(label: "switchyard_actions_total") == 1)
        }
    }

    @Test func actionsQueuedWhenTheStoreIsFreedAreCountedAsDropped() async throws {
        let metrics = TestMetrics()
        let blocked = Atomic<Int>(0)
        let release = DispatchSemaphore(value: 0)
        let output = LockedHandler()
        // `.wait` hands out the store's output; `.stop` blocks until released.
        let middleware = AnyMiddleware<LoadAction, LoadAction, LoadState>(handle: { action, _, _ in
            switch action {
            case .wait: return IO { handler in output.set(handler) }
            case .stop:
                return IO { _ in
                    blocked.add(1, ordering: .releasing)
                    // A deadline, so that a test that fails before releasing it never hangs.
                    _ = release.wait(timeout: .now() + 60)
                }
            default: return .pure()
            }
        })
        var store: Store<LoadAction, LoadState>? = Store(
            initialState: LoadState(), reducer: Reducer { _, _ in }, middleware: middleware)
        store?.attachMetrics(StoreMetricsOptions(storeName: "loads"), factory: metrics)
        store?.dispatch(.wait)
        let handler = try #require(output.get())
        let processor = DispatchGroup()
        DispatchQueue.global().async(group: processor) { handler.dispatch(.stop) }
        #expect(await eventually { blocked.load(ordering: .acquiring) == 1 })
        store?.dispatch(.loading)
        store?.dispatch(.loading)
        store = nil
        #expect(metrics.counterTotal(label: "switchyard_actions_dropped_total") == 2)
        release.signal()
        #expect(processor.wait(timeout: .now() + 60) == .success)
        #expect(metrics.counterTotal(label: "switchyard_actions_dropped_total") == 2)
    }

    @Test func aDisabledStoreOrTheNoOpBackendAttachNothing() {
        let store = makeLoadStore()
        #expect(
            store.attachMetrics(StoreMetricsOptions(storeName: "off", isEnabled: false), factory: TestMetrics()) == nil)
        #expect(
            store.attachMetrics(StoreMetricsOptions(storeName: "noop"), factory: NOOPMetricsHandler.instance) == nil)
    }
}

/// A count shared between threads, under a lock that ThreadSanitizer sees.
final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() {
        lock.lock()
        defer { lock.unlock() }
        count += 1
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

/// The store's output handler, kept for a test under a lock that ThreadSanitizer sees.
final class LockedHandler: @unchecked Sendable {
    private let lock = NSLock()
    private var handler: AnyActionHandler<LoadAction>?

    func set(_ handler: AnyActionHandler<LoadAction>) {
        lock.lock()
        defer { lock.unlock() }
        self.handler = handler
    }

    func get() -> AnyActionHandler<LoadAction>? {
        lock.lock()
        defer { lock.unlock() }
        return handler
    }
}
