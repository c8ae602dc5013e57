import Switchyard
import SwitchyardTestSupport
import Synchronization
import Testing

/// A probe's `didReduce` hook is given each action right after its reducer, with the state it left: what the hook
/// keeps of them stays whole, and the action and the state are released once, when nothing holds them any more.
@Suite struct StoreProbeDidReduceTests {
    /// Counts the payloads freed.
    final class Freed: Sendable {
        private let freed = Atomic<Int>(0)
        func add() { freed.add(1, ordering: .relaxed) }
        var count: Int { freed.load(ordering: .relaxed) }
    }

    /// A payload that tells `freed` when it is freed.
    final class Payload: Sendable {
        let value: Int
        let freed: Freed
        init(_ value: Int, freed: Freed) {
            self.value = value
            self.freed = freed
        }
        deinit { freed.add() }
    }

    enum Action: Sendable {
        case add(Payload)
        case clear
    }

    struct State: Sendable {
        var total = 0
        var last: Payload?
    }

    /// What the hook kept: every action it was given, whole.
    final class Kept: Sendable {
        private let reduced = Mutex<[ReducedAction<Action, State>]>([])
        func append(_ action: ReducedAction<Action, State>) { reduced.withLock { $0.append(action) } }
        var all: [ReducedAction<Action, State>] { reduced.withLock { $0 } }
        func removeAll() { reduced.withLock { $0.removeAll() } }
    }

    /// A middleware whose `handle` takes at least two milliseconds.
    struct SlowMiddleware: MiddlewareProtocol, Sendable {
        func receiveContext(getState: @escaping GetState<Int>, output: AnyActionHandler<Int>) {}
        func handle(action: Int, from dispatcher: ActionSource, state: @escaping GetState<Int>) -> IO<Int> {
            let start = ContinuousClock.now
            while ContinuousClock.now - start < .milliseconds(2) {}
            return .pure()
        }
    }

    @Test func theHandleTimeIsTheMiddlewaresTimeAndZeroForAStoreWithoutMiddleware() {
        let adding = Reducer<Int, Int> { action, state in state += action }
        let times = Mutex<[UInt64]>([])
        let probe = StoreProbe<Int, Int>(didReduce: { reduced in
            times.withLock { $0.append(reduced.handleNanoseconds) }
        })
        let plain = Store(initialState: 0, reducer: adding)
        let plainRegistration = plain.attach(probe)
        plain.dispatch(1)
        let slow = Store(initialState: 0, reducer: adding, middleware: SlowMiddleware())
        let slowRegistration = slow.attach(probe)
        slow.dispatch(1)
        let seen = times.withLock { $0 }
        #expect(seen.count == 2)
        #expect(seen.first == 0)
        #expect((seen.last ?? 0) >= 2_000_000)
        plainRegistration.detach()
        slowRegistration.detach()
    }

    @Test func whatTheHookKeepsStaysWholeAndIsReleasedOnceNothingHoldsIt() async {
        let freed = Freed()
        let kept = Kept()
        let store = Store(
            initialState: State(),
            reducer: Reducer<Action, State> { action, state in
                switch action {
                case .add(let payload):
                    state.total += payload.value
                    state.last = payload
                case .clear:
                    state.last = nil
                }
            }
        )
        let registration = store.attach(StoreProbe(didReduce: { kept.append($0) }))
        for value in 1...100 {
            // A source whose `info` is made here, not a literal: its storage is counted like the payload's.
            store.dispatch(DispatchedAction(.add(Payload(value, freed: freed)), info: "dispatch \(value)"))
        }
        store.dispatch(.clear)
        await waitUntilIdle(store)
        registration.detach()

        do {
            let all = kept.all
            #expect(all.count == 101)
            let added = all.prefix(100)
            let values = added.map { reduced -> Int in
                guard case .add(let payload) = reduced.dispatched.action else { return 0 }
                return payload.value
            }
            #expect(values == Array(1...100))
            #expect(added.map(\.dispatched.dispatcher.info) == (1...100).map { "dispatch \($0)" })
            #expect(added.map(\.state.total) == (1...100).map { $0 * ($0 + 1) / 2 })
            #expect(added.map { $0.state.last?.value } == Array(1...100))
        }
        // The store holds no payload any more, nor does this test outside the block above: the hook's copies hold
        // them all.
        #expect(freed.count == 0)
        kept.removeAll()
        #expect(freed.count == 100)
        withExtendedLifetime(store) {}
    }

    /// What the hooks saw, in the order they were called.
    final class Seen: Sendable {
        private let seen = Mutex<[String]>([])
        func append(_ entry: String) { seen.withLock { $0.append(entry) } }
        var all: [String] { seen.withLock { $0 } }
    }

    func seenEntry(_ hook: String, _ reduced: ReducedAction<Action, State>) -> String {
        guard case .add(let payload) = reduced.dispatched.action else { return "\(hook) clear" }
        return "\(hook) \(payload.value) total \(reduced.state.total) queued \(reduced.queuedActions)"
    }

    func addingStore() -> Store<Action, State> {
        Store(
            initialState: State(),
            reducer: Reducer<Action, State> { action, state in
                guard case .add(let payload) = action else { return }
                state.total += payload.value
            }
        )
    }

    /// The package's tools take the action in place (`didReduceInPlace`), the app's hooks by value: mixed, every hook
    /// is still called in the order its probe was attached, with the same action and state; and the value lent in
    /// place is neither kept nor released by the store (each payload is freed once, when its action is done).
    @Test(arguments: [["app", "tool", "app"], ["tool", "app"], ["tool", "tool"]])
    func hooksThatTakeTheAddressSeeWhatTheAppsHooksSeeInTheOrderOfTheirProbes(hooks: [String]) async {
        let freed = Freed()
        let seen = Seen()
        let store = addingStore()
        var registrations: [StoreProbeRegistration<Action, State>] = []
        for (index, kind) in hooks.enumerated() {
            let name = "\(kind)\(index)"
            var probe = StoreProbe<Action, State>()
            if kind == "app" {
                probe.didReduce = { reduced in seen.append(seenEntry(name, reduced)) }
            } else {
                probe.didReduceInPlace = { reduced in seen.append(seenEntry(name, reduced.pointee)) }
            }
            registrations.append(store.attach(probe))
        }
        for value in 1...50 { store.dispatch(.add(Payload(value, freed: freed))) }
        await waitUntilIdle(store)
        for registration in registrations { registration.detach() }

        let names = hooks.enumerated().map { "\($1)\($0)" }
        var expected: [String] = []
        var total = 0
        for value in 1...50 {
            total += value
            for name in names { expected.append("\(name) \(value) total \(total) queued 0") }
        }
        // Dispatched from one thread, each processed before `dispatch` returns: the queue is empty when each reducer
        // starts.
        #expect(seen.all == expected)
        #expect(freed.count == 50)
        withExtendedLifetime(store) {}
    }
}
