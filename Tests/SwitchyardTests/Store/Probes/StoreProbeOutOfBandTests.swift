import Foundation
import Switchyard
import Testing

/// An out-of-band change gives held actions back from inside itself only: anywhere else, `processFirst` refuses and
/// queues nothing.
@Suite struct StoreProbeOutOfBandTests {
    static let reducer = Reducer<Int, [Int]>.reduce { action, state in state.append(action) }

    /// A change kept after its commit, to be misused.
    static func keptChange(of registration: StoreProbeRegistration<Int, [Int]>) async throws -> OutOfBandChange<Int> {
        let kept = Slot<OutOfBandChange<Int>>()
        #expect(await registration.commitOutOfBand { _, change in kept.value = change })
        return try #require(kept.value)
    }

    static func held(_ action: Int) -> HeldAction<Int> {
        let origin = Slot<ActionOrigin>()
        let store = Store<Int, Int>(initialState: 0, reducer: .reduce { _, _ in })
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
        await store.idle()
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
        await store.idle()
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
        await store.idle()
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
        await store.idle()
        #expect(result.value == false)
        #expect(store.state.isEmpty)
    }

    @Test func heldActionsGivenBackFromTheChangeRunBeforeActionsQueuedMeanwhile() async throws {
        let store = Store<Int, [Int]>(initialState: [], reducer: Self.reducer)
        let registration = store.attach(StoreProbe())
        let accepted = Slot<Bool>()
        let committed = await registration.commitOutOfBand { _, change in
            store.dispatch(3)
            accepted.value = change.processFirst([Self.held(1), Self.held(2)])
        }
        #expect(committed)
        #expect(accepted.value == true)
        await store.idle()
        #expect(store.state == [1, 2, 3])
    }
}
