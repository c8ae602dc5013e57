import Dispatch
import Foundation
import InMemoryTracing
import SwitchyardTestSupport
import Synchronization
import Testing
import Tracing

@testable import Switchyard
@testable import SwitchyardTracing

/// What the tracer does with an action whose pipeline it does not see to its end: held by another tool, dropped with
/// the store, or in progress when the tracer is detached; and the parents of follow-ups it keeps meanwhile.
@Suite struct TracerLifecycleTests {
    static let reducer = Reducer<Int, [Int]> { action, state in state.append(action) }

    /// A tool that holds the action `held`.
    static func holder(of held: Int) -> StoreProbe<Int, [Int]> {
        StoreProbe(admit: { dispatched, _ in dispatched.action == held ? .hold : .process })
    }

    static func heldSpans(_ tracer: InMemoryTracer) -> [FinishedInMemorySpan] {
        tracer.finishedSpans.filter { $0.bool("switchyard.action.held") == true }
    }

    @Test func aHeldActionsSpanEndsMarkedWhenTheTracerWasAttachedBeforeTheTool() {
        let tracer = InMemoryTracer()
        let store = Store<Int, [Int]>(initialState: [], reducer: Self.reducer)
        store.attachTracing(StoreTracingOptions(storeName: "held"), tracer: tracer)
        store.attach(Self.holder(of: 1))
        store.dispatch(1)
        // At once: no later action is needed to end it.
        #expect(Self.heldSpans(tracer).count == 1)
        store.dispatch(2)
        #expect(Self.heldSpans(tracer).count == 1)
        #expect(tracer.finishedSpans.count == 2)
    }

    @Test func aHeldActionGetsAMarkedSpanWhenTheTracerWasAttachedAfterTheTool() {
        let tracer = InMemoryTracer()
        let store = Store<Int, [Int]>(initialState: [], reducer: Self.reducer)
        store.attach(Self.holder(of: 1))
        store.attachTracing(StoreTracingOptions(storeName: "held"), tracer: tracer)
        store.dispatch(1)
        store.dispatch(2)
        let held = Self.heldSpans(tracer)
        #expect(held.count == 1)
        #expect(held.first?.string("switchyard.store") == "held")
        #expect(tracer.finishedSpans.count == 2)
    }

    @Test func detachedDuringAnActionTheTracerEndsThatActionsSpanAsUsualAndTracesNothingItStartsAfter() async throws {
        let tracer = InMemoryTracer()
        let registration = Slot<StoreProbeRegistration<Int, [Int]>>()
        // 1 detaches the tracer from its middleware, then starts an effect that dispatches 2.
        let middleware = AnyMiddleware<Int, Int, [Int]>(handle: { action, _, _ in
            guard action == 1 else { return .pure() }
            registration.value?.detach()
            return .run { output in output.dispatch(2) }
        })
        let store = Store<Int, [Int]>(initialState: [], reducer: Self.reducer, middleware: middleware)
        registration.value = store.attachTracing(StoreTracingOptions(storeName: "detached"), tracer: tracer)
        store.dispatch(1)
        let processed = await eventually { store.state == [1, 2] }
        #expect(processed)
        #expect(tracer.activeSpans.isEmpty)
        // The action in progress is seen through: its span ends when its reducer returns, with its phases (the
        // IO that it ran included), and carries no mark. Its effect, started after the detach, and the follow-up
        // that the effect dispatched are not traced.
        let spans = tracer.finishedSpans
        #expect(spans.map(\.operationName).sorted() == ["Int", "observers and IOs"])
        let span = try #require(spans.first { $0.operationName == "Int" })
        #expect(spans.first { $0.operationName == "observers and IOs" }?.parentSpanID == span.spanID)
        #expect(span.events.map(\.name) == ["handled", "reduced"])
        #expect(span.attributes["switchyard.action.detached"] == nil)
        #expect(span.attributes["switchyard.action.held"] == nil)
    }

    @Test func detachedFromAnotherThreadDuringAnActionTheTracerEndsThatActionsSpanAsUsual() async throws {
        let tracer = InMemoryTracer()
        let inHandle = DispatchSemaphore(value: 0)
        let detached = DispatchSemaphore(value: 0)
        // 1's middleware waits, in the middle of the action, for another thread to detach the tracer.
        let middleware = AnyMiddleware<Int, Int, [Int]>(handle: { action, _, _ in
            if action == 1 {
                inHandle.signal()
                // A deadline, so that a test that fails before releasing it never hangs.
                _ = detached.wait(timeout: .now() + 60)
            }
            return .pure()
        })
        let store = Store<Int, [Int]>(initialState: [], reducer: Self.reducer, middleware: middleware)
        let registration = store.attachTracing(StoreTracingOptions(storeName: "detached"), tracer: tracer)
        let processor = DispatchGroup()
        DispatchQueue.global().async(group: processor) { store.dispatch(1) }
        #expect(inHandle.wait(timeout: .now() + 60) == .success)
        registration?.detach()
        detached.signal()
        #expect(processor.wait(timeout: .now() + 60) == .success)
        store.dispatch(2)
        #expect(store.state == [1, 2])
        #expect(tracer.activeSpans.isEmpty)
        let spans = tracer.finishedSpans
        #expect(spans.count == 1)
        #expect(spans.first?.events.map(\.name) == ["handled", "reduced"])
        #expect(spans.first?.attributes["switchyard.action.detached"] == nil)
    }

    @Test func theSpanOfAHeldActionEndsWhenTheTracerIsDetachedBeforeTheNextAction() {
        let tracer = InMemoryTracer()
        let store = Store<Int, [Int]>(initialState: [], reducer: Self.reducer)
        let registration = store.attachTracing(StoreTracingOptions(storeName: "detached"), tracer: tracer)
        store.attach(Self.holder(of: 1))
        store.dispatch(1)
        registration?.detach()
        store.dispatch(2)
        #expect(tracer.activeSpans.isEmpty)
        #expect(tracer.finishedSpans.count == 1)
    }

    @Test func aHeldFollowUpGivenBackIsTracedUnderTheActionThatDispatchedIt() async throws {
        let tracer = InMemoryTracer()
        // 1's IO dispatches the follow-up 2.
        let middleware = AnyMiddleware<Int, Int, [Int]>(handle: { action, _, _ in
            action == 1 ? IO { output in output.dispatch(2) } : .pure()
        })
        let store = Store<Int, [Int]>(initialState: [], reducer: Self.reducer, middleware: middleware)
        store.attachTracing(StoreTracingOptions(storeName: "given back"), tracer: tracer)
        // A tool that holds 2 once, as an inspector does while it shows the past, and keeps it to give it back.
        let holding = LockedBox(true)
        let held = LockedBox<[HeldAction<Int>]>([])
        let registration = store.attach(
            StoreProbe(admit: { dispatched, origin in
                guard dispatched.action == 2, holding.get() else { return .process }
                held.set(held.get() + [HeldAction(dispatched, origin: origin)])
                return .hold
            })
        )
        store.dispatch(1)
        #expect(store.state == [1])
        holding.set(false)
        let given = held.get()
        try #require(given.count == 1)
        #expect(await registration.commitOutOfBand { _, change in change.processFirst(given) })
        #expect(store.state == [1, 2])

        let spans = tracer.finishedSpans
        let first = try #require(spans.first { $0.bool("switchyard.action.follow_up") == false })
        let heldSpan = try #require(Self.heldSpans(tracer).first)
        let processed = try #require(
            spans.first { $0.bool("switchyard.action.follow_up") == true && $0.bool("switchyard.action.held") == nil })
        #expect(heldSpan.parentSpanID == first.spanID)
        // Given back, the follow-up still nests under the action whose IO dispatched it.
        #expect(processed.parentSpanID == first.spanID)
        #expect(processed.traceID == first.traceID)
    }

    @Test func theParentsOfFollowUpsThatNeverComeAreBounded() {
        let tracer = ActionTracer<InMemoryTracer, Int, [Int]>(
            tracer: InMemoryTracer(), options: StoreTracingOptions(storeName: "bounded"))
        ServiceContext.withValue(.topLevel) {
            for _ in 0..<10 * FollowUpParents.capacity { _ = tracer.tagFollowUp() }
        }
        #expect(tracer.waitingParents == FollowUpParents.capacity)
        tracer.probe.didDrop?(1)
        #expect(tracer.waitingParents == 0)
    }

    @Test func theParentsOfFollowUpsDroppedWithTheStoreAreForgotten() async {
        let blocked = Atomic<Int>(0)
        let release = DispatchSemaphore(value: 0)
        let output = Slot<AnyActionHandler<Int>>()
        // -1 hands out the store's output; 0 dispatches three follow-ups, then blocks until released.
        let middleware = AnyMiddleware<Int, Int, [Int]>(handle: { action, _, _ in
            switch action {
            case -1: return IO { handler in output.value = handler }
            case 0:
                return IO { output in
                    for followUp in 1...3 { output.dispatch(followUp) }
                    blocked.add(1, ordering: .releasing)
                    // A deadline, so that a test that fails before releasing it never hangs.
                    _ = release.wait(timeout: .now() + 60)
                }
            default: return .pure()
            }
        })
        var store: Store<Int, [Int]>? = Store(initialState: [], reducer: Self.reducer, middleware: middleware)
        let tracer = ActionTracer<InMemoryTracer, Int, [Int]>(
            tracer: InMemoryTracer(), options: StoreTracingOptions(storeName: "dropped"))
        store?.attach(tracer.probe)
        store?.dispatch(-1)
        guard let handler = output.value else {
            Issue.record("the output handler was not captured")
            return
        }
        let processor = DispatchGroup()
        DispatchQueue.global().async(group: processor) { handler.dispatch(0) }
        let blockedInTime = await eventually { blocked.load(ordering: .acquiring) == 1 }
        #expect(blockedInTime == true)
        #expect(tracer.waitingParents == 3)
        store = nil
        #expect(tracer.waitingParents == 0)
        release.signal()
        #expect(processor.wait(timeout: .now() + 60) == .success)
    }
}

/// A value shared between threads, empty until set.
final class Slot<Value: Sendable>: Sendable {
    private let stored = LockedBox<Value?>(nil)

    init() {}

    var value: Value? {
        get { stored.get() }
        set { stored.set(newValue) }
    }
}

/// A value under a lock that ThreadSanitizer sees (`NSLock` is `pthread_mutex_t`-backed).
final class LockedBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func get() -> Value {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func set(_ newValue: Value) {
        lock.lock()
        defer { lock.unlock() }
        value = newValue
    }
}
