import Switchyard
import SwitchyardTestSupport
import Testing

@Suite struct EffectCancellationTests {
    enum Action: Equatable, Sendable {
        case start(Int), stop, tick(Int)
    }

    /// Adds every tick to the state, and records each action it reduces in `reduced`.
    static func counting(_ reduced: Box<[Action]>) -> Reducer<Action, Int> {
        Reducer { action, state in
            reduced.modify { $0.append(action) }
            if case .tick(let value) = action { state += value }
        }
    }

    /// `.start(n)` starts job `n`, which hands `callbacks[n]` a closure dispatching `.tick(n)`, reports its start and
    /// runs until cancelled; `.stop` cancels the jobs with id "a". Jobs 1 and 2 have id "a", the others id "c".
    static func handingOff(
        to callbacks: [Int: LaterCallback],
        cancelInFlight: Bool = false,
        started: Events<Int>
    ) -> AnyMiddleware<Action, Action, Int> {
        AnyMiddleware { action, _, _ in
            switch action {
            case .start(let job):
                return .run(id: job <= 2 ? "a" : "c", cancelInFlight: cancelInFlight) { output in
                    callbacks[job]?.register { output.dispatch(.tick(job)) }
                    started.send(job)
                    await suspendUntilCancelled {}
                }
            case .stop:
                return .cancel(id: "a")
            case .tick:
                return .pure()
            }
        }
    }

    @Test(arguments: HandOff.allCases)
    func aCallbackOfAnEffectCancelledByIDDispatchesNothing(handOff: HandOff) async {
        let callbacks = [1: LaterCallback(handOff), 3: LaterCallback(handOff)]
        let started = Events<Int>()
        let store = Store(
            initialState: 0,
            reducer: Self.counting(Box([])),
            middleware: Self.handingOff(to: callbacks, started: started)
        )
        var starts = started.makeReader()
        store.dispatch(.start(1))
        store.dispatch(.start(3))
        #expect(await Set([starts.next(), starts.next()]) == [1, 3])

        store.dispatch(.stop)
        await callbacks[1]?.fire()
        #expect(store.state == 0)
        // Control: the callback of the effect still running does reach the store.
        await callbacks[3]?.fire()
        #expect(store.state == 3)
    }

    @Test(arguments: HandOff.allCases)
    func aCallbackOfAnEffectCancelledInFlightDispatchesNothing(handOff: HandOff) async {
        let callbacks = [1: LaterCallback(handOff), 2: LaterCallback(handOff)]
        let started = Events<Int>()
        let store = Store(
            initialState: 0,
            reducer: Self.counting(Box([])),
            middleware: Self.handingOff(to: callbacks, cancelInFlight: true, started: started)
        )
        var starts = started.makeReader()
        store.dispatch(.start(1))
        #expect(await starts.next() == 1)
        store.dispatch(.start(2))
        #expect(await starts.next() == 2)

        await callbacks[1]?.fire()
        #expect(store.state == 0)
        await callbacks[2]?.fire()
        #expect(store.state == 2)
    }

    @Test(arguments: HandOff.allCases)
    func aCallbackOfAnEffectOfAFreedStoreDispatchesNothing(handOff: HandOff) async {
        let callbacks = [3: LaterCallback(handOff)]
        let started = Events<Int>()
        let reduced = Box<[Action]>([])
        var store: Store<Action, Int>? = Store(
            initialState: 0,
            reducer: Self.counting(reduced),
            middleware: Self.handingOff(to: callbacks, started: started)
        )
        weak let freed = store
        var starts = started.makeReader()
        store?.dispatch(.start(3))
        #expect(await starts.next() == 3)

        store = nil
        #expect(freed == nil)
        await callbacks[3]?.fire()
        #expect(reduced.value == [.start(3)])
    }

    /// Test tools close the scope of an output handler that they keep: the effects' callbacks must not reach it.
    @Test(arguments: HandOff.allCases)
    func aCallbackOfAnEffectOfAClosedScopeDispatchesNothing(handOff: HandOff) async {
        let callback = LaterCallback(handOff)
        let started = Events<Int>()
        let received = Box<[Action]>([])
        let scope = EffectScope(diagnostics: .standardError)
        let output = AnyActionHandler<Action>(effectScope: scope) { dispatched in
            received.modify { $0.append(dispatched.action) }
        }
        IO<Action>.run { output in
            callback.register { output.dispatch(.tick(1)) }
            started.send(1)
            await suspendUntilCancelled {}
        }
        .run(output)
        var starts = started.makeReader()
        #expect(await starts.next() == 1)

        scope.close()
        await callback.fire()
        #expect(received.value.isEmpty)
    }

    @Test func whatTheCancellationHandlerOfAnEffectDispatchesIsDropped() async {
        let started = Events<Int>()
        let store = Store(
            initialState: 0,
            reducer: Self.counting(Box([])),
            middleware: AnyMiddleware<Action, Action, Int> { action, _, _ in
                switch action {
                case .start(let job):
                    return .run(id: "a") { output in
                        started.send(job)
                        await suspendUntilCancelled { output.dispatch(.tick(job)) }
                    }
                case .stop:
                    return .cancel(id: "a")
                case .tick:
                    return .pure()
                }
            }
        )
        var starts = started.makeReader()
        store.dispatch(.start(1))
        #expect(await starts.next() == 1)
        store.dispatch(.stop)
        await waitUntil { store.effects.runningEffects.isEmpty }
        #expect(store.state == 0)
    }
}
