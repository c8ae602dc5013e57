import Dispatch
import Foundation
import Switchyard
import SwitchyardTestSupport
import Testing

/// The hooks that tell a probe what became of an action outside its pipeline: held by another tool, dropped with the
/// store, or left in progress when the probe was detached.
@Suite struct StoreProbeLifecycleTests {
    static let reducer = Reducer<Int, [Int]> { action, state in state.append(action) }

    /// A probe that records its hooks' calls as `"<name> <hook> <action>"`.
    static func recorder(_ name: String, into trace: Trace) -> StoreProbe<Int, [Int]> {
        StoreProbe(
            admit: { dispatched, _ in
                trace.append("\(name) admit \(dispatched.action)")
                return .process
            },
            didReduce: { reduced in trace.append("\(name) didReduce \(reduced.dispatched.action)") },
            didHold: { dispatched, _ in trace.append("\(name) didHold \(dispatched.action)") },
            didDetach: { trace.append("\(name) didDetach") }
        )
    }

    @Test func everyProbeButTheOneThatHeldIsToldOfTheHoldWhateverTheOrder() {
        let trace = Trace()
        let store = Store<Int, [Int]>(initialState: [], reducer: Self.reducer)
        store.attach(Self.recorder("before", into: trace))
        store.attach(
            StoreProbe(
                admit: { dispatched, _ in dispatched.action == 2 ? .hold : .process },
                didHold: { dispatched, _ in trace.append("holder didHold \(dispatched.action)") }
            ))
        store.attach(Self.recorder("after", into: trace))
        store.dispatch(2)
        store.dispatch(3)
        #expect(
            trace.entries == [
                "before admit 2", "before didHold 2", "after didHold 2",
                "before admit 3", "after admit 3", "before didReduce 3", "after didReduce 3",
            ])
        #expect(store.state == [3])
    }

    @Test func queuedActionsAreCountedAsDroppedBeforeTheStoreEnds() async {
        let trace = Trace()
        let blocked = Counter()
        let release = DispatchSemaphore(value: 0)
        let output = Slot<AnyActionHandler<Int>>()
        // -1 hands out the store's output; 0 blocks its IO until released.
        let middleware = AnyMiddleware<Int, Int, [Int]>(handle: { action, _, _ in
            switch action {
            case -1: return IO { handler in output.value = handler }
            case 0:
                return IO { _ in
                    blocked.increment()
                    // A deadline, so that a test that fails before releasing it never hangs.
                    _ = release.wait(timeout: .now() + 60)
                }
            default: return .pure()
            }
        })
        var store: Store<Int, [Int]>? = Store(initialState: [], reducer: Self.reducer, middleware: middleware)
        store?.attach(
            StoreProbe(
                storeDidEnd: { trace.append("storeDidEnd") },
                didDrop: { actions in trace.append("didDrop \(actions)") }
            ))
        store?.dispatch(-1)
        guard let handler = output.value else {
            Issue.record("the output handler was not captured")
            return
        }
        // The processing thread holds only the output handler, not the store.
        let processor = startThreads(1) { _ in handler.dispatch(0) }
        await waitUntil { blocked.value == 1 }
        for action in 1...3 { store?.dispatch(action) }
        store = nil
        #expect(trace.entries == ["didDrop 3", "storeDidEnd"])
        release.signal()
        await waitUntil { processor.value == 1 }
        #expect(trace.entries == ["didDrop 3", "storeDidEnd"])
    }

    @Test func aStoreFreedWithNothingQueuedDropsNothing() {
        let trace = Trace()
        var store: Store<Int, [Int]>? = Store(initialState: [], reducer: Self.reducer)
        store!.attach(
            StoreProbe(
                storeDidEnd: { trace.append("storeDidEnd") },
                didDrop: { actions in trace.append("didDrop \(actions)") }
            ))
        store!.dispatch(1)
        store = nil
        #expect(trace.entries == ["storeDidEnd"])
    }

    @Test func aProbeDetachedFromAMiddlewareIsToldAfterTheActionInProgress() {
        let trace = Trace()
        let registration = Slot<StoreProbeRegistration<Int, [Int]>>()
        let middleware = AnyMiddleware<Int, Int, [Int]>(handle: { dispatched, _, _ in
            if dispatched == 1 {
                registration.value?.detach()
                trace.append("detached")
            }
            return .pure()
        })
        let store = Store<Int, [Int]>(initialState: [], reducer: Self.reducer, middleware: middleware)
        registration.value = store.attach(Self.recorder("probe", into: trace))
        store.dispatch(1)
        store.dispatch(2)
        // The hooks of the action in progress still ran; none after `didDetach`.
        #expect(trace.entries == ["probe admit 1", "detached", "probe didReduce 1", "probe didDetach"])
        #expect(store.state == [1, 2])
    }

    @Test func aProbeDetachedWhileTheStoreIsIdleIsToldAtOnce() {
        let trace = Trace()
        let store = Store<Int, [Int]>(initialState: [], reducer: Self.reducer)
        let registration = store.attach(Self.recorder("probe", into: trace))
        store.dispatch(1)
        registration.detach()
        #expect(trace.entries == ["probe admit 1", "probe didReduce 1", "probe didDetach"])
        registration.detach()
        #expect(trace.count == 3)
    }

    @Test func aProbeDetachedFromAnotherThreadDuringAnActionIsToldOnTheProcessingThreadAfterIt() async {
        let trace = Trace()
        let blocked = Counter()
        let release = DispatchSemaphore(value: 0)
        let store = Store<Int, [Int]>(
            initialState: [],
            reducer: Self.reducer,
            middleware: blockingMiddleware(on: 0, blocked: blocked, release: release)
        )
        let processingThread = Slot<UInt>()
        let detachThread = Slot<UInt>()
        let registration = store.attach(
            StoreProbe(
                didReduce: { reduced in trace.append("didReduce \(reduced.dispatched.action)") },
                didDetach: {
                    detachThread.value = currentThreadNumber()
                    trace.append("didDetach")
                }
            ))
        let processor = startThreads(1) { _ in
            processingThread.value = currentThreadNumber()
            store.dispatch(0)
        }
        await waitUntil { blocked.value == 1 }
        registration.detach()
        #expect(trace.entries == ["didReduce 0"])
        release.signal()
        await waitUntil { processor.value == 1 }
        await waitUntilIdle(store)
        #expect(trace.entries == ["didReduce 0", "didDetach"])
        #expect(detachThread.value == processingThread.value)
    }

    @Test func everyProbeOfAnAttachAndDetachStormIsToldOnceThatItWasDetached() async {
        let deadline = Deadline()
        let probes = 3_000
        let attachers = 4
        let detached = (0..<probes).map { _ in Counter() }
        let store = Store<Int, [Int]>(initialState: [], reducer: Reducer { action, state in state = [action] })
        let pool = Log<StoreProbeRegistration<Int, [Int]>>()
        let twice = Slot<StoreProbeRegistration<Int, [Int]>>()
        let stop = Counter()
        // Two threads keep the store processing while probes come and go; they pause between bursts, so that the
        // tests running in parallel keep some of the machine's cores.
        let dispatchers = startThreads(2) { index in
            var action = index
            while stop.value == 0, !deadline.hasPassed {
                for _ in 0..<64 {
                    store.dispatch(action)
                    action += 2
                }
                usleep(100)
            }
        }
        // Each attacher attaches its share, and detaches a probe taken from the shared pool after each attach, so
        // that a probe is often detached by a thread other than the one that attached it.
        let finished = startThreads(attachers) { index in
            for number in stride(from: index, to: probes, by: attachers) {
                let registration = store.attach(
                    StoreProbe(
                        didReduce: { _ in },
                        didDetach: { detached[number].increment() }
                    ))
                if number == 0 { twice.value = registration }
                pool.append(registration)
                let taken = pool.withLock { $0.isEmpty ? nil : $0.removeFirst() }
                taken?.detach()
            }
        }
        #expect(await eventually(timeout: .seconds(120)) { finished.value == attachers })
        // The probe detached by its attacher (or another) is detached again, from two threads at once.
        if let registration = twice.value {
            let both = startThreads(2) { _ in registration.detach() }
            #expect(await eventually(timeout: .seconds(60)) { both.value == 2 })
        }
        let remaining = pool.withLock { pool in
            defer { pool = [] }
            return pool
        }
        for registration in remaining { registration.detach() }
        stop.increment()
        #expect(await eventually(timeout: .seconds(60)) { dispatchers.value == 2 })
        store.dispatch(-1)
        await waitUntilIdle(store)
        #expect(await eventually { detached.allSatisfy { $0.value >= 1 } })
        let counts = detached.map(\.value)
        #expect(
            counts.filter { $0 != 1 }.isEmpty,
            "probes not told exactly once: \(counts.enumerated().filter { $0.element != 1 }.prefix(5))")
    }
}
