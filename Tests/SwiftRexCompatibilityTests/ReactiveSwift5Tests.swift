import Foundation
import SwitchyardSwiftRex
import Testing

/// SwiftRex 0.8's reactive abstraction, written as SwiftRex code writes it: publishers, subscribers, subscriptions,
/// replay-last subjects, `statePublisher`, and the stores built from them.
@Suite struct ReactiveSwift5Tests {
    enum CounterAction: Equatable { case increment, noop }

    static let counterReducer = Reducer<CounterAction, Int> { action, state in
        if action == .increment { state += 1 }
    }

    /// What a subscriber received, in order.
    struct Received<Value> {
        private let log = Log<Value>()
        private let completions = Locked(0)

        var subscriber: SubscriberType<Value, Never> {
            let log = log
            let completions = completions
            return SubscriberType(onValue: { log.append($0) }, onCompleted: { _ in completions.modify { $0 += 1 } })
        }

        func append(_ value: Value) { log.append(value) }
        var values: [Value] { log.values }
        var completed: Int { completions.value }
    }

    @Test func aStoresStatePublisherGivesTheCurrentStateThenEachNewOne() {
        let store = Store(initialState: 5, reducer: Self.counterReducer)
        let received = Received<Int>()
        var subscriptions = [SubscriptionType]()
        store.statePublisher.subscribe(received.subscriber).cancelled(by: &subscriptions)
        store.dispatch(.increment)
        store.dispatch(.increment)
        #expect(received.values == [5, 6, 7])
        subscriptions.forEach { $0.unsubscribe() }
        store.dispatch(.increment)
        #expect(received.values == [5, 6, 7])
    }

    @Test func aStoresStatePublisherCompletesWhenTheStoreIsFreed() {
        var store: Store<CounterAction, Int>? = Store(initialState: 0, reducer: Self.counterReducer)
        let received = Received<Int>()
        let subscription = store!.statePublisher.subscribe(received.subscriber)
        store?.dispatch(.increment)
        store = nil
        #expect(received.values == [0, 1])
        #expect(received.completed == 1)
        subscription.unsubscribe()
    }

    @Test func aDiscardedSubscriptionKeepsDeliveringUntilTheStoreEndsAsSwiftRexDid() {
        var store: Store<CounterAction, Int>? = Store(initialState: 0, reducer: Self.counterReducer)
        let received = Received<Int>()
        _ = store!.statePublisher.subscribe(received.subscriber)
        store?.dispatch(.increment)
        store?.dispatch(.increment)
        #expect(received.values == [0, 1, 2])
        weak let freed = store
        store = nil
        #expect(freed == nil)
        #expect(received.completed == 1)
    }

    @Test func unsubscribingStopsADiscardedSubscriptionsTwin() {
        let store = Store(initialState: 0, reducer: Self.counterReducer)
        let received = Received<Int>()
        let subscription = store.statePublisher.subscribe(received.subscriber)
        store.dispatch(.increment)
        subscription.unsubscribe()
        subscription.unsubscribe()
        store.dispatch(.increment)
        #expect(received.values == [0, 1])
    }

    @Test func theSubscriptionComesFirst() {
        let store = Store(initialState: 1, reducer: Self.counterReducer)
        let events = Trace()
        let subscription = store.statePublisher.subscribe(
            SubscriberType(
                onValue: { events.append("value \($0)") },
                onSubscribe: { _ in events.append("subscribed") }
            ))
        #expect(events.entries == ["subscribed", "value 1"])
        subscription.unsubscribe()
    }

    @Test func aStoreBuiltOnASubjectStartsFromItAndSendsEveryStateToIt() {
        let subject = UnfailableReplayLastSubjectType(initialValue: 10)
        let received = Received<Int>()
        let subscription = subject.publisher.subscribe(received.subscriber)
        // On the dispatching thread, so that the test reads each state as soon as `dispatch` returns.
        let store = ReduxStoreBase(
            subject: subject, reducer: Self.counterReducer, middleware: IdentityMiddleware(), scheduling: .callerThread)
        #expect(store.state == 10)
        store.dispatch(.increment)
        store.dispatch(.noop)
        #expect(store.state == 11)
        #expect(subject.value() == 11)
        // `.always`, SwiftRex's default: the state of `.noop` is sent too.
        #expect(received.values == [10, 11, 11])
        subscription.unsubscribe()
    }

    @Test func aStoreBuiltOnASubjectSendsOnlyWhatItsPolicyEmits() {
        let subject = UnfailableReplayLastSubjectType(initialValue: 0)
        let received = Received<Int>()
        let subscription = subject.publisher.subscribe(received.subscriber)
        let store = ReduxStoreBase(
            subject: subject, reducer: Self.counterReducer, middleware: IdentityMiddleware(),
            emitsValue: .whenDifferent,
            scheduling: .callerThread
        )
        store.dispatch(.noop)
        store.dispatch(.increment)
        #expect(received.values == [0, 1])
        subscription.unsubscribe()
    }

    @Test func anAnyStoreTypeFromAClosureAndAPublisher() {
        let subject = UnfailableReplayLastSubjectType(initialValue: 3)
        let dispatched = Received<CounterAction>()
        let store = AnyStoreType<CounterAction, Int>(
            action: { dispatched.append($0.action) },
            state: subject.publisher
        )
        store.dispatch(.increment)
        #expect(dispatched.values == [.increment])
        #expect(store.state == 3)
        let afterSubscribing = Received<Int>()
        let subscription = store.subscribe { afterSubscribing.append($0) }
        let published = Received<Int>()
        let publisherSubscription = store.statePublisher.subscribe(published.subscriber)
        subject.subscriber.onValue(4)
        #expect(store.state == 4)
        // `subscribe` gives the states after the current one; `statePublisher` replays the current one first.
        #expect(afterSubscribing.values == [4])
        #expect(published.values == [3, 4])
        subscription.cancel()
        publisherSubscription.unsubscribe()
    }

    @Test func anAnyStateProviderFromAPublisherMaps() {
        let subject = UnfailableReplayLastSubjectType(initialValue: 2)
        let provider = AnyStateProvider(subject.publisher).map { $0 * 10 }
        let received = Received<Int>()
        let subscription = provider.statePublisher.subscribe(received.subscriber)
        subject.mutate { $0 += 1 }
        #expect(provider.state == 30)
        #expect(received.values == [20, 30])
        subscription.unsubscribe()
    }

    @Test func aStoreProjectionFromAPublisher() {
        let appStore = Store(initialState: 0, reducer: Self.counterReducer)
        let projection = StoreProjection<String, String>(
            action: { dispatched in
                if dispatched.action == "tap" { appStore.dispatch(.increment, from: dispatched.dispatcher) }
            },
            state: appStore.statePublisher.map { "count \($0)" }
        )
        let received = Received<String>()
        let subscription = projection.statePublisher.subscribe(received.subscriber)
        projection.dispatch("tap")
        #expect(projection.state == "count 1")
        #expect(received.values == ["count 0", "count 1"])
        subscription.unsubscribe()
    }

    @Test func aReplayLastSubjectReplaysItsLastValueAndItsCompletion() {
        let subject = UnfailableReplayLastSubjectType(initialValue: "a")
        subject.subscriber.onValue("b")
        let early = Received<String>()
        let subscription = subject.publisher.subscribe(early.subscriber)
        let returned = subject.mutate { value -> Int in
            value += "c"
            return value.count
        }
        #expect(returned == 2)
        let unchanged = subject.mutate(when: { $0 }) { value -> Bool in
            value += "!"
            return false
        }
        #expect(unchanged == false)
        subject.subscriber.onCompleted(nil)
        subject.subscriber.onValue("ignored")
        let late = Received<String>()
        _ = subject.publisher.subscribe(late.subscriber)
        #expect(early.values == ["b", "bc"])
        #expect(early.completed == 1)
        #expect(late.values == ["bc"])
        #expect(late.completed == 1)
        subscription.unsubscribe()
    }

    @Test func aPublisherOfAnotherLibraryWithItsOwnSubscription() {
        final class Cancellable: SubscriptionType {
            var cancelled = false
            func unsubscribe() { cancelled = true }
        }
        let cancellable = Cancellable()
        let publisher = PublisherType<Int, Error> { subscriber in
            subscriber.onSubscribe(cancellable)
            subscriber.onValue(1)
            subscriber.onValue(2)
            subscriber.onCompleted(nil)
            return cancellable
        }
        let received = Received<String>()
        var subscriptions: [SubscriptionType] = []
        publisher.map { "\($0)" }.assertNoFailure().subscribe(received.subscriber).cancelled(by: &subscriptions)
        #expect(received.values == ["1", "2"])
        #expect(received.completed == 1)
        subscriptions[0].unsubscribe()
        #expect(cancellable.cancelled)
    }

    @Test func aSubscriberForAPublisherThatNeverFails() {
        struct Failure: Error {}
        let completions = Trace()
        let subscriber = SubscriberType<Int, Failure>(onCompleted: { completions.append("\(String(describing: $0))") })
        subscriber.assertNoFailure().onCompleted(nil)
        #expect(completions.entries == ["nil"])
    }

    @Test func aPipelineWrapperRunsTheReducerAndSendsTheStatesToItsSubject() {
        let subject = UnfailableReplayLastSubjectType(initialValue: 0)
        let received = Received<Int>()
        let subscription = subject.publisher.subscribe(received.subscriber)
        let pipeline = ReduxPipelineWrapper(
            state: { subject }, reducer: Self.counterReducer,
            middleware: IdentityMiddleware<CounterAction, CounterAction, Int>(), scheduling: .callerThread)
        pipeline.dispatch(.increment)
        pipeline.dispatch(.noop)
        pipeline.dispatch(.increment)
        // An `Equatable` state: only the states that differ are sent.
        #expect(received.values == [0, 1, 2])
        let reduce: ReduceFunction<CounterAction, Int> = { action, state in action == .increment ? state + 1 : state }
        let mutate: MutableReduceFunction<CounterAction, Int> = Self.counterReducer.reduce
        var state = reduce(.increment, 1)
        mutate(.increment, &state)
        #expect(state == 3)
        subscription.unsubscribe()
    }
}
