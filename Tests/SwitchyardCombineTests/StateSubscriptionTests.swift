import Switchyard
import SwitchyardCombine
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
