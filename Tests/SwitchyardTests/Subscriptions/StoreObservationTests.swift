import Switchyard
import SwitchyardTestSupport
import Testing

/// State observation: `subscribe` tokens, the `states` stream and `state` itself.
@Suite struct StoreObservationTests {
    enum Action: Sendable, Equatable { case increment }

    static func counterStore(emitsValue: ShouldEmitValue<Int>? = nil) -> Store<Action, Int> {
        Store(
            initialState: 0,
            reducer: Reducer<Action, Int> { _, state in state += 1 },
            emitsValue: emitsValue
        )
    }

    @Test func subscribeDeliversEachStateCommittedAfterTheSubscriptionInOrder() {
        let store = Self.counterStore()
        store.dispatch(.increment)
        let observed = Log<Int>()
        let subscription = store.subscribe { observed.append($0) }
        #expect(observed.values.isEmpty, "subscribe does not replay the current state")
        for _ in 0..<3 { store.dispatch(.increment) }
        #expect(observed.values == [2, 3, 4])
        subscription.cancel()
    }

    @Test func cancellingTheTokenStopsDelivery() {
        let store = Self.counterStore()
        let observed = Log<Int>()
        let subscription = store.subscribe { observed.append($0) }
        store.dispatch(.increment)
        subscription.cancel()
        store.dispatch(.increment)
        subscription.cancel()  // twice is harmless
        store.dispatch(.increment)
        #expect(observed.values == [1])
        #expect(store.state == 3)
    }

    @Test func releasingTheTokenStopsDelivery() {
        let store = Self.counterStore()
        let observed = Log<Int>()
        var subscription: StoreSubscription? = store.subscribe { observed.append($0) }
        withExtendedLifetime(subscription) { store.dispatch(.increment) }
        subscription = nil
        store.dispatch(.increment)
        #expect(observed.values == [1])
        #expect(subscription == nil)
    }

    @Test func cancellingOneSubscriptionLeavesTheOthersDelivering() {
        let store = Self.counterStore()
        let first = Log<Int>()
        let second = Log<Int>()
        let firstSubscription = store.subscribe { first.append($0) }
        let secondSubscription = store.subscribe { second.append($0) }
        store.dispatch(.increment)
        firstSubscription.cancel()
        store.dispatch(.increment)
        #expect(first.values == [1])
        #expect(second.values == [1, 2])
        #expect(firstSubscription != secondSubscription)
        secondSubscription.cancel()
    }

    @Test func observerCancellingItselfDuringDeliveryReceivesNothingMore() {
        let store = Self.counterStore()
        let observed = Log<Int>()
        let token = Slot<StoreSubscription>()
        token.value = store.subscribe { state in
            observed.append(state)
            token.value?.cancel()
        }
        for _ in 0..<3 { store.dispatch(.increment) }
        #expect(observed.values == [1])
    }

    /// Delivery walks an unretained copy of the observer list: an observer that releases the last reference to a
    /// later observer's token, during delivery, frees nothing in use, and the later observer is not called.
    @Test func observerReleasingAnotherObserversTokenDuringDeliveryStopsIt() {
        let store = Self.counterStore()
        let first = Log<Int>()
        let second = Log<Int>()
        let secondToken = Slot<StoreSubscription>()
        let firstToken = store.subscribe { state in
            first.append(state)
            secondToken.value = nil  // the last reference: its deinit cancels the subscription
        }
        secondToken.value = store.subscribe { second.append($0) }
        for _ in 0..<3 { store.dispatch(.increment) }
        #expect(first.values == [1, 2, 3])
        #expect(second.values.isEmpty)
        let third = Log<Int>()
        let thirdToken = store.subscribe { third.append($0) }
        store.dispatch(.increment)
        #expect(third.values == [4], "the list still works after the removal")
        firstToken.cancel()
        thirdToken.cancel()
    }

    /// A thousand states emitted while the main queue is busy wait for it as one: the observer gets the last.
    @Test func aMainActorObserverGetsTheLatestStateOnceTheBusyMainQueueIsFree() async {
        let store = Self.counterStore()
        let observed = Log<Int>()
        let lastObserved = Signal()
        let subscription = store.subscribeOnMainActor { state in
            observed.append(state)
            if state == 1_000 { lastObserved.send() }
        }
        let finished = await whileMainQueueIsBusy {
            for _ in 0..<1_000 { store.dispatch(.increment) }
        }
        #expect(finished)
        #expect(await lastObserved.arrives())
        #expect(observed.count <= 2, "\(observed.count) deliveries for 1,000 states")
        #expect(observed.last == 1_000)
        subscription.cancel()
    }

    @Test func cancellingAMainActorObserverDropsTheStateWaitingForTheMainQueue() async {
        let store = Self.counterStore()
        let observed = Log<Int>()
        let subscription = store.subscribeOnMainActor { observed.append($0) }
        let finished = await whileMainQueueIsBusy {
            for _ in 0..<10 { store.dispatch(.increment) }
            subscription.cancel()
        }
        #expect(finished)
        await mainQueueDrained()
        store.dispatch(.increment)
        await mainQueueDrained()
        #expect(observed.values.isEmpty)
    }

    @Test func statesYieldsTheCurrentStateFirstThenLaterStatesInOrder() async {
        let store = Self.counterStore()
        store.dispatch(.increment)
        let states = store.states
        for _ in 0..<3 { store.dispatch(.increment) }
        let reading = Task { await states.prefix(4).reduce(into: [Int]()) { $0.append($1) } }
        #expect(await value(of: reading) == [1, 2, 3, 4])
    }

    @Test func statesYieldsNoStateTwiceWhenTheStoreEmitsEveryAction() async {
        let store = Self.counterStore(emitsValue: .always)
        let states = store.states
        store.dispatch(.increment)
        store.dispatch(.increment)
        let reading = Task { await states.prefix(3).reduce(into: [Int]()) { $0.append($1) } }
        #expect(await value(of: reading) == [0, 1, 2])
    }

    @Test func statesStartedDuringConcurrentDispatchesMissesNoneAndRepeatsNone() async {
        let store = Self.counterStore(emitsValue: .always)
        let total = 20_000
        let finished = startThreads(2) { _ in
            for _ in 0..<(total / 2) { store.dispatch(.increment) }
        }
        // Subscribes while the other threads dispatch: the first value is whatever was committed, then every
        // later commit exactly once.
        let states = store.states
        let reading = Task {
            var received: [Int] = []
            for await state in states {
                received.append(state)
                if state == total { break }
            }
            return received
        }
        let received = await value(of: reading) ?? []
        #expect(await eventually { finished.value == 2 })
        let first = received.first ?? -1
        #expect(received == Array(first...total))
    }

    @Test func cancellingTheConsumingTaskEndsTheStatesLoop() async {
        let store = Self.counterStore()
        let received = Log<Int>()
        let consumer = Task {
            for await state in store.states { received.append(state) }
            return "ended"
        }
        #expect(await eventually { received.count == 1 })
        store.dispatch(.increment)
        #expect(await eventually { received.count == 2 })
        consumer.cancel()
        #expect(await value(of: consumer) == "ended")
        store.dispatch(.increment)
        #expect(received.values == [0, 1])
    }

    @Test func stateIsTheLastCommittedState() {
        let store = Self.counterStore(emitsValue: .never)
        #expect(store.state == 0)
        store.dispatch(.increment)
        #expect(store.state == 1)
    }
}
