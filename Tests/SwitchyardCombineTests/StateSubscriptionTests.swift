import Switchyard
import SwitchyardCombine
import SwitchyardTestSupport
import Testing

/// How one subscription of `statePublisher` honors demand, cancellation and reentrant calls.
@Suite struct StateSubscriptionTests {
    @Test func demandReturnedFromReceiveIsHonoredWithNoStateLost() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let subscriber = ScriptedSubscriber(initialDemand: .max(1), demandPerValue: .max(1))
        store.statePublisher.subscribe(subscriber)
        for _ in 0..<5 { store.dispatch(.increment) }
        #expect(subscriber.received.values == Array(0...5))
        subscriber.cancel()
    }

    @Test func noDemandHoldsBackOnlyTheNewestState() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let subscriber = ScriptedSubscriber(initialDemand: .none, demandPerValue: .none)
        store.statePublisher.subscribe(subscriber)
        for _ in 0..<5 { store.dispatch(.increment) }
        #expect(subscriber.received.values.isEmpty)
        subscriber.request(.unlimited)
        store.dispatch(.increment)
        #expect(subscriber.received.values == [5, 6])
        subscriber.cancel()
    }

    @Test func cancellingInReceiveSubscriptionRegistersNothing() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let subscriber = ScriptedSubscriber(initialDemand: .unlimited, demandPerValue: .none, cancelsAtOnce: true)
        store.statePublisher.subscribe(subscriber)
        store.dispatch(.increment)
        #expect(subscriber.received.values.isEmpty)
        #expect(subscriber.completions.values.isEmpty)
    }

    @Test func cancellingInReceiveStopsDeliveryAtOnce() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let subscriber = ScriptedSubscriber(initialDemand: .unlimited, demandPerValue: .none, cancelsAfter: 2)
        store.statePublisher.subscribe(subscriber)
        for _ in 0..<5 { store.dispatch(.increment) }
        #expect(subscriber.received.values == [0, 1])
    }

    @Test func dispatchingFromTheSubscriberKeepsTheOrder() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let received = Log<Int>()
        let cancellable = store.statePublisher.sink { count in
            received.append(count)
            if count < 3 { store.dispatch(.increment) }
        }
        #expect(received.values == [0, 1, 2, 3])
        cancellable.cancel()
    }

    @Test func cancellingWhileAnotherThreadDispatchesIsSafe() async {
        let store = Store(initialState: 0, reducer: counterReducer)
        let total = 2_000
        let done = Log<Bool>()
        onThread {
            for _ in 0..<total { store.dispatch(.increment) }
            done.append(true)
        }
        for _ in 0..<50 {
            let received = Log<Int>()
            let cancellable = store.statePublisher.sink { received.append($0) }
            try? await Task.sleep(for: .microseconds(100))
            cancellable.cancel()
            let countAtCancel = received.count
            #expect(areConsecutive(received.values))
            try? await Task.sleep(for: .microseconds(100))
            // A state being sent when `cancel` was called may still arrive; nothing after it.
            #expect(received.count <= countAtCancel + 1)
        }
        #expect(await eventually { done.count == 1 })
    }
}

/// What a released state's `deinit` calls on the subscription that held it back.
enum CallFromDeinit: String, CaseIterable, Sendable {
    case cancel
    case request
}

/// A state that carries a ``Tripwire``: each action makes a new one, so the state it replaces is released when
/// nothing else holds it.
struct TrippingState: Sendable {
    var count = 0
    var tripwire: Tripwire?
}

/// Calls `onRelease` from its `deinit`.
final class Tripwire: Sendable {
    private let onRelease: @Sendable () -> Void

    init(_ onRelease: @escaping @Sendable () -> Void) {
        self.onRelease = onRelease
    }

    deinit { onRelease() }
}

/// A subscriber that asks for nothing at first, and whose subscription any thread may call, a state's `deinit` too.
private final class Holder: Subscriber, Sendable {
    typealias Input = TrippingState
    typealias Failure = Never

    let received = Log<Int>()
    private let subscription = LockedBox<(any Subscription)?>(nil)

    func receive(subscription: any Subscription) {
        self.subscription.withLock { $0 = subscription }
    }

    func receive(_ input: TrippingState) -> Subscribers.Demand {
        received.append(input.count)
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {}

    func call(_ call: CallFromDeinit) {
        switch call {
        case .cancel:
            let subscription = self.subscription.withLock { subscription in
                defer { subscription = nil }
                return subscription
            }
            subscription?.cancel()
        case .request:
            self.subscription.withLock { $0 }?.request(.max(1))
        }
    }
}

extension StateSubscriptionTests {
    /// A state held back for lack of demand is released when a newer one replaces it, on the store's processing
    /// thread: its `deinit` may call the same subscription, which must not be locked then.
    @Test(arguments: CallFromDeinit.allCases)
    func aHeldBackStateWhoseReleaseCallsItsSubscriptionDoesNotHang(_ call: CallFromDeinit) async {
        let holder = Holder()
        let makeTripwire: @Sendable () -> Tripwire = {
            Tripwire { [weak holder] in holder?.call(call) }
        }
        let store = Store(
            initialState: TrippingState(tripwire: makeTripwire()),
            reducer: Reducer<CounterAction, TrippingState> { _, state in
                state.count += 1
                state.tripwire = makeTripwire()
            }
        )
        // Holds back the current state: the subscriber asked for nothing.
        store.statePublisher.subscribe(holder)
        let dispatched = Signal()
        onThread {
            // The new state replaces the held-back one, whose tripwire nothing else holds any more.
            store.dispatch(.increment)
            dispatched.send()
        }
        guard await dispatched.arrives() else {
            Issue.record("the store's processing thread hangs in the release of the held-back state")
            return
        }
        switch call {
        case .cancel:
            store.dispatch(.increment)
            #expect(holder.received.values.isEmpty)
        case .request:
            #expect(holder.received.values == [1])
        }
        holder.call(.cancel)
    }
}

/// A subscriber whose demand and cancellation follow a script.
private final class ScriptedSubscriber: Subscriber {
    typealias Input = Int
    typealias Failure = Never

    let received = Log<Int>()
    let completions = Log<String>()
    private let initialDemand: Subscribers.Demand
    private let demandPerValue: Subscribers.Demand
    private let cancelsAtOnce: Bool
    private let cancelsAfter: Int?
    private var subscription: (any Subscription)?

    init(
        initialDemand: Subscribers.Demand,
        demandPerValue: Subscribers.Demand,
        cancelsAtOnce: Bool = false,
        cancelsAfter: Int? = nil
    ) {
        self.initialDemand = initialDemand
        self.demandPerValue = demandPerValue
        self.cancelsAtOnce = cancelsAtOnce
        self.cancelsAfter = cancelsAfter
    }

    func receive(subscription: any Subscription) {
        self.subscription = subscription
        if cancelsAtOnce {
            cancel()
            return
        }
        if initialDemand > 0 { subscription.request(initialDemand) }
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        received.append(input)
        if let cancelsAfter, received.count == cancelsAfter { cancel() }
        return demandPerValue
    }

    func receive(completion: Subscribers.Completion<Never>) {
        completions.append("\(completion)")
    }

    func request(_ demand: Subscribers.Demand) {
        subscription?.request(demand)
    }

    func cancel() {
        subscription?.cancel()
        subscription = nil
    }
}
