import Switchyard
import SwitchyardCombine
import SwitchyardTestSupport
import Testing

@Suite struct StorePublisherTests {
    @Test func newSubscriberReceivesTheCurrentStateFirst() {
        let store = Store(initialState: 0, reducer: counterReducer)
        store.dispatch(.increment)
        store.dispatch(.increment)
        let received = Log<Int>()
        let cancellable = store.statePublisher.sink { received.append($0) }
        #expect(received.values == [2])
        store.dispatch(.increment)
        #expect(received.values == [2, 3])
        cancellable.cancel()
    }

    @Test func statesArriveInEmissionOrderWithNoneLost() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let received = Log<Int>()
        let cancellable = store.statePublisher.sink { received.append($0) }
        for _ in 0..<100 { store.dispatch(.increment) }
        #expect(received.values == Array(0...100))
        cancellable.cancel()
    }

    @Test func eachSubscriberStartsFromTheStateCurrentWhenItSubscribes() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let first = Log<Int>()
        let second = Log<Int>()
        let firstCancellable = store.statePublisher.sink { first.append($0) }
        store.dispatch(.increment)
        let secondCancellable = store.statePublisher.sink { second.append($0) }
        store.dispatch(.increment)
        #expect(first.values == [0, 1, 2])
        #expect(second.values == [1, 2])
        firstCancellable.cancel()
        secondCancellable.cancel()
    }

    @Test func subscribingWhileAnotherThreadDispatchesMissesAndRepeatsNoState() async {
        let store = Store(initialState: 0, reducer: counterReducer)
        let total = 5_000
        onThread {
            for _ in 0..<total { store.dispatch(.increment) }
        }
        var subscribers: [(Log<Int>, AnyCancellable)] = []
        for _ in 0..<20 {
            let received = Log<Int>()
            subscribers.append((received, store.statePublisher.sink { received.append($0) }))
            try? await Task.sleep(for: .microseconds(200))
        }
        for (received, _) in subscribers {
            #expect(await eventually { received.last == total })
            #expect(areConsecutive(received.values))
        }
    }

    @Test func finishesWhenTheStoreIsFreed() async {
        var store: Store<CounterAction, Int>? = Store(initialState: 0, reducer: counterReducer)
        let completions = Log<String>()
        let received = Log<Int>()
        let cancellable = store?.statePublisher.sink(
            receiveCompletion: { completions.append("\($0)") },
            receiveValue: { received.append($0) }
        )
        store?.dispatch(.increment)
        #expect(completions.values.isEmpty)
        store = nil
        #expect(await eventually { completions.count == 1 })
        #expect(completions.values == ["finished"])
        #expect(received.values == [0, 1])
        cancellable?.cancel()
    }

    @Test func aSubscriptionDoesNotKeepTheStoreAlive() async {
        var store: Store<CounterAction, Int>? = Store(initialState: 0, reducer: counterReducer)
        // The publisher value holds the store until it is released; its subscriptions do not.
        var publisher = store?.statePublisher
        store = nil
        let completions = Log<String>()
        let received = Log<Int>()
        let cancellable = publisher?.sink(
            receiveCompletion: { completions.append("\($0)") },
            receiveValue: { received.append($0) }
        )
        #expect(received.values == [0])
        #expect(completions.values.isEmpty)
        publisher = nil
        #expect(await eventually { completions.count == 1 })
        cancellable?.cancel()
    }

    @Test func cancellingUnregistersAndReleasesTheSubscriberAtOnce() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let received = Log<Int>()
        weak var weakWitness: Witness?
        var cancellable: AnyCancellable?
        do {
            let witness = Witness()
            weakWitness = witness
            cancellable = store.statePublisher.sink { state in
                withExtendedLifetime(witness) { received.append(state) }
            }
        }
        #expect(weakWitness != nil)
        cancellable?.cancel()
        #expect(weakWitness == nil)
        store.dispatch(.increment)
        #expect(received.values == [0])
        cancellable = nil
    }

    @Test func releasingTheCancellableCancels() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let received = Log<Int>()
        var cancellable: AnyCancellable? = store.statePublisher.sink { received.append($0) }
        store.dispatch(.increment)
        cancellable = nil
        store.dispatch(.increment)
        #expect(received.values == [0, 1])
        #expect(cancellable == nil)
    }

    @Test func limitedDemandReceivesTheNewestStateWhenItAsks() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let subscriber = OneAtATime()
        store.statePublisher.subscribe(subscriber)
        #expect(subscriber.received.values == [0])
        for _ in 0..<3 { store.dispatch(.increment) }
        #expect(subscriber.received.values == [0])
        subscriber.request(.max(1))
        #expect(subscriber.received.values == [0, 3])
        subscriber.request(.max(2))
        store.dispatch(.increment)
        store.dispatch(.increment)
        store.dispatch(.increment)
        #expect(subscriber.received.values == [0, 3, 4, 5])
        subscriber.request(.max(1))
        #expect(subscriber.received.values == [0, 3, 4, 5, 6])
        subscriber.cancel()
    }

    @Test func projectionPublisherMapsTheStateAndSkipsUnchangedViewStates() {
        let store = Store(initialState: 0, reducer: counterReducer)
        let halves = store.projection(action: { (action: CounterAction) in action }, state: { $0 / 2 })
        let received = Log<Int>()
        let cancellable = halves.statePublisher.sink { received.append($0) }
        for _ in 0..<5 { store.dispatch(.increment) }
        #expect(received.values == [0, 1, 2])
        cancellable.cancel()
    }

    @Test func projectionPublisherFinishesWhenTheProjectionAndItsStoreAreFreed() async {
        var store: Store<CounterAction, Int>? = Store(initialState: 0, reducer: counterReducer)
        var labels = store?.projection(action: { (action: CounterAction) in action }, state: { "\($0)" })
        store = nil
        let completions = Log<String>()
        let received = Log<String>()
        let cancellable = labels?.statePublisher.sink(
            receiveCompletion: { completions.append("\($0)") },
            receiveValue: { received.append($0) }
        )
        labels?.dispatch(.increment)
        labels = nil
        #expect(await eventually { completions.count == 1 })
        #expect(received.values == ["0", "1"])
        cancellable?.cancel()
    }
}

/// A subscriber that asks for one state, then waits for the test to ask for more.
private final class OneAtATime: Subscriber {
    typealias Input = Int
    typealias Failure = Never

    let received = Log<Int>()
    private var subscription: (any Subscription)?

    func receive(subscription: any Subscription) {
        self.subscription = subscription
        subscription.request(.max(1))
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        received.append(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {}

    func request(_ demand: Subscribers.Demand) {
        subscription?.request(demand)
    }

    func cancel() {
        subscription?.cancel()
        subscription = nil
    }
}
