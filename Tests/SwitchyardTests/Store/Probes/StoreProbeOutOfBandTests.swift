import Foundation
import Switchyard
import SwitchyardTestSupport
import Testing

/// An out-of-band change gives held actions back from inside itself only: anywhere else, `processFirst` refuses and
/// queues nothing.
@Suite struct StoreProbeOutOfBandTests {
    static let reducer = Reducer<Int, [Int]> { action, state in state.append(action) }

    /// A change kept after its commit, to be misused.
    static func keptChange(of registration: StoreProbeRegistration<Int, [Int]>) async throws -> OutOfBandChange<Int> {
        let kept = Slot<OutOfBandChange<Int>>()
        #expect(await registration.commitOutOfBand { _, change in kept.value = change })
        return try #require(kept.value)
    }

    static func held(_ action: Int) -> HeldAction<Int> {
        let origin = Slot<ActionOrigin>()
        let store = Store<Int, Int>(initialState: 0, reducer: Reducer { _, _ in })
        store.attach(
            StoreProbe(admit: { _, actionOrigin in
                origin.value = actionOrigin
                return .hold
            }))
        store.dispatch(action)
        return HeldAction(DispatchedAction(action), origin: origin.value!)
    }

    @Test func processFirstRefusesFromAnObserverAfterItsChange() async throws {
        let store = Store<Int, [Int]>(initialState: [], reducer: Self.reducer)
        let registration = store.attach(StoreProbe())
        let change = try await Self.keptChange(of: registration)
        let results = Log<Bool>([])
        let subscription = store.subscribe { state in
            if state.count < 3 { results.modify { $0.append(change.processFirst([Self.held(100)])) } }
        }
        store.dispatch(1)
        store.dispatch(2)
        await waitUntilIdle(store)
        #expect(results.value == [false, false])
        #expect(store.state == [1, 2])
        withExtendedLifetime(subscription) {}
    }

    @Test func processFirstRefusesFromTheObserversOfItsOwnCommit() async throws {
        let store = Store<Int, [Int]>(initialState: [], reducer: Self.reducer)
        let registration = store.attach(StoreProbe())
        let kept = Slot<OutOfBandChange<Int>>()
        let results = Log<Bool>([])
        let subscription = store.subscribe { _ in
            if let change = kept.value { results.modify { $0.append(change.processFirst([Self.held(100)])) } }
        }
        #expect(
            await registration.commitOutOfBand { state, change in
                kept.value = change
                state = [0]
            })
        await waitUntilIdle(store)
        #expect(results.value == [false])
        #expect(store.state == [0])
        withExtendedLifetime(subscription) {}
    }

    @Test func processFirstRefusesFromAMiddlewaresIO() async throws {
        let kept = Slot<OutOfBandChange<Int>>()
        let results = Log<Bool>([])
        let middleware = AnyMiddleware<Int, Int, [Int]>(handle: { _, _, _ in
            IO { _ in
                if let change = kept.value { results.modify { $0.append(change.processFirst([Self.held(100)])) } }
            }
        })
        let store = Store<Int, [Int]>(initialState: [], reducer: Self.reducer, middleware: middleware)
        let registration = store.attach(StoreProbe())
        kept.value = try await Self.keptChange(of: registration)
        store.dispatch(1)
        await waitUntilIdle(store)
        #expect(results.value == [false])
        #expect(store.state == [1])
    }

    @Test func processFirstRefusesFromAnotherThreadWhileTheChangeRuns() async throws {
        let store = Store<Int, [Int]>(initialState: [], reducer: Self.reducer)
        let registration = store.attach(StoreProbe())
        let result = Slot<Bool>()
        let committed = await registration.commitOutOfBand { _, change in
            let done = DispatchSemaphore(value: 0)
            Thread {
                result.value = change.processFirst([Self.held(100)])
                done.signal()
            }.start()
            _ = done.wait(timeout: .now() + 60)
        }
        #expect(committed)
        await waitUntilIdle(store)
        #expect(result.value == false)
        #expect(store.state.isEmpty)
    }

    /// Dispatches `actions` to `store` while a probe attached for the call holds them: they come back as the tool
    /// keeps them.
    static func hold(_ actions: [Int], in store: Store<Int, [Int]>) -> [HeldAction<Int>] {
        let held = Log<HeldAction<Int>>()
        let registration = store.attach(
            StoreProbe(admit: { dispatched, origin in
                held.append(HeldAction(dispatched, origin: origin))
                return .hold
            }))
        for action in actions { store.dispatch(action) }
        registration.detach()
        return held.values
    }

    @Test func heldActionsGivenBackFromTheChangeRunBeforeActionsQueuedMeanwhile() async throws {
        let store = Store<Int, [Int]>(initialState: [], reducer: Self.reducer)
        let held = Self.hold([1, 2], in: store)
        let registration = store.attach(StoreProbe())
        let accepted = Slot<Bool>()
        let committed = await registration.commitOutOfBand { _, change in
            store.dispatch(3)
            accepted.value = change.processFirst(held)
        }
        #expect(committed)
        #expect(accepted.value == true)
        await waitUntilIdle(store)
        #expect(store.state == [1, 2, 3])
    }

    @Test func twoGiveBacksInOneChangeRunInTheOrderTheyWereMade() async throws {
        let store = Store<Int, [Int]>(initialState: [], reducer: Self.reducer)
        let held = Self.hold([1, 2, 3, 4], in: store)
        let registration = store.attach(StoreProbe())
        let committed = await registration.commitOutOfBand { _, change in
            store.dispatch(5)
            change.processFirst(Array(held[0..<2]))
            change.processFirst(Array(held[2..<4]))
        }
        #expect(committed)
        await waitUntilIdle(store)
        #expect(store.state == [1, 2, 3, 4, 5])
    }

    @Test func aBatchGivenBackTwiceIsProcessedOnceAndTheSecondGiveBackIsReported() async throws {
        let reports = Log<StoreDiagnostic>()
        let store = Store<Int, [Int]>(
            initialState: [], reducer: Self.reducer, diagnostics: StoreDiagnostics { reports.append($0) })
        let held = Self.hold([1, 2, 3], in: store)
        let registration = store.attach(StoreProbe())
        let results = Log<Bool>()
        // Twice in one change, then again in a later change, with one action the tool still held.
        let more = Self.hold([4], in: store)
        #expect(
            await registration.commitOutOfBand { _, change in
                results.append(change.processFirst(held))
                results.append(change.processFirst(held))
            })
        await waitUntilIdle(store)
        #expect(
            await registration.commitOutOfBand { _, change in
                results.append(change.processFirst(held + more))
            })
        await waitUntilIdle(store)
        #expect(store.state == [1, 2, 3, 4])
        #expect(results.values == [true, true, true])
        #expect(reports.values.map(\.kind) == [.actionNotHeld, .actionNotHeld])
        #expect(reports.values.first?.message.contains("3 actions") == true)
    }

    @Test func anActionHeldByAnotherStoreIsRefused() async throws {
        let reports = Log<StoreDiagnostic>()
        let store = Store<Int, [Int]>(
            initialState: [], reducer: Self.reducer, diagnostics: StoreDiagnostics { reports.append($0) })
        let registration = store.attach(StoreProbe())
        #expect(await registration.commitOutOfBand { _, change in change.processFirst([Self.held(7)]) })
        await waitUntilIdle(store)
        #expect(store.state.isEmpty)
        #expect(reports.values.map(\.kind) == [.actionNotHeld])
    }
}
