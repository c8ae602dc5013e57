import CoreMetrics
import InMemoryTracing
import MetricsTestKit
import Switchyard
import SwitchyardMetrics
import SwitchyardTracing
import Testing
import Tracing

// The Swift blocks of the TracingAndMetrics article, compiled, and the options they show, run.

enum ShopAction: Sendable, Equatable {
    case search(String)
    case scrolled
    case add(String)
}

struct ShopState: Sendable, Equatable {
    var cart: [String] = []
}

let shopReducer = Reducer<ShopAction, ShopState> { action, state in
    if case .add(let item) = action { state.cart.append(item) }
}

struct ShopMiddleware: MiddlewareProtocol, Sendable {
    func handle(
        action: ShopAction, from dispatcher: ActionSource, state: @escaping GetState<ShopState>
    ) -> IO<ShopAction> {
        .pure()
    }
}

/// The article's launch: never called by the tests, which keep their backends to themselves (a process bootstraps
/// once).
func launchShop(tracer: some Tracer, metrics: some MetricsFactory) -> Store<ShopAction, ShopState> {
    InstrumentationSystem.bootstrap(tracer)
    MetricsSystem.bootstrap(metrics)
    let store = Store(initialState: ShopState(), reducer: shopReducer, middleware: ShopMiddleware())
    store.attachTracing(StoreTracingOptions(storeName: "shop"))
    store.attachMetrics(StoreMetricsOptions(storeName: "shop"))
    return store
}

@Suite struct TracingAndMetricsSnippets {
    @Test func theSamplingPredicateLeavesScrollingOut() {
        let options = StoreTracingOptions<ShopAction, ShopState>(
            storeName: "shop",
            samples: { dispatched, origin in
                if case .scrolled = dispatched.action { return false }
                return true
            }
        )
        let tracer = InMemoryTracer()
        let store = Store(initialState: ShopState(), reducer: shopReducer, middleware: ShopMiddleware())
        store.attachTracing(options, tracer: tracer)
        store.dispatch(.scrolled)
        store.dispatch(.add("tea"))
        #expect(tracer.finishedSpans.map(\.operationName) == ["add"])
    }

    @Test func theRedactingClosuresAreAllThatIsRecorded() throws {
        let redacted = StoreTracingOptions<ShopAction, ShopState>(
            storeName: "shop",
            redactAction: { action in
                guard case .search(let query) = action else { return nil }
                return "\(query.count) characters"
            },
            redactState: { state in "\(state.cart.count) items in the cart" }
        )
        let tracer = InMemoryTracer()
        let store = Store(initialState: ShopState(), reducer: shopReducer, middleware: ShopMiddleware())
        store.attachTracing(redacted, tracer: tracer)
        store.dispatch(.search("green tea"))
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.attributes["switchyard.action.payload"]?.toSpanAttribute() == .string("9 characters"))
        #expect(span.attributes["switchyard.state"]?.toSpanAttribute() == .string("0 items in the cart"))
    }

    @Test func bothProductsAttachToOneStore() throws {
        let tracer = InMemoryTracer()
        let metrics = TestMetrics()
        let store = Store(initialState: ShopState(), reducer: shopReducer, middleware: ShopMiddleware())
        store.attachTracing(StoreTracingOptions(storeName: "shop"), tracer: tracer)
        store.attachMetrics(StoreMetricsOptions(storeName: "shop"), factory: metrics)
        store.dispatch(.add("tea"))
        #expect(tracer.finishedSpans.map(\.operationName) == ["add"])
        #expect(metrics.counterTotal(label: "switchyard_actions_total") == 1)
    }
}
