import Foundation
import SwitchyardCombineRex
import Testing

/// CombineRex's bridges between SwiftRex's reactive abstraction and Combine.
@Suite struct CombineBridgesTests {
    @Test func aPublisherTypeIsACombinePublisher() {
        let store = Store(initialState: 1, reducer: Reducer<Int, Int>.reduce { action, state in state += action })
        var received: [Int] = []
        let cancellable = store.statePublisher.map { $0 * 10 }.sink { received.append($0) }
        store.dispatch(1)
        cancellable.cancel()
        store.dispatch(1)
        #expect(received == [10, 20])
    }

    /// A store's SwiftRex `statePublisher` subscribes its subscriber before the current state: a Combine sink gets that
    /// one subscription, not a second that it would cancel, and keeps receiving.
    @Test func aSinkOnAStatePublisherTypeKeepsReceivingAfterTheCurrentState() {
        let store = Store(initialState: 0, reducer: Reducer<Int, Int>.reduce { action, state in state += action })
        let erased = AnyStoreType(store)
        var received: [Int] = []
        let cancellable = erased.statePublisher.sink { received.append($0) }
        erased.dispatch(1)
        erased.dispatch(2)
        #expect(received == [0, 1, 3])
        cancellable.cancel()
        erased.dispatch(1)
        #expect(received == [0, 1, 3])
    }

    @Test func aCombinePublisherIsAPublisherType() {
        let subject = PassthroughSubject<Int, Never>()
        let values = Collected<Int>()
        let completions = Collected<String>()
        let subscription = subject.asPublisherType().subscribe(
            SubscriberType(onValue: { values.append($0) }, onCompleted: { _ in completions.append("done") }))
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        #expect(values.values == [1, 2])
        #expect(completions.values == ["done"])
        subscription.unsubscribe()
    }

    @Test func liftMapsAPublisherTypesValues() {
        let lift: (PublisherType<Int, Never>) -> PublisherType<String, Never> = PublisherType.lift { "\($0)" }
        var received: [String] = []
        let cancellable = lift(Just(7).asPublisherType()).sink { received.append($0) }
        #expect(received == ["7"])
        cancellable.cancel()
    }

    @Test func aSubscriberTypeIsACombineSubscriberAndACombineSubscriberASubscriberType() {
        let values = Collected<Int>()
        let completions = Collected<String>()
        [1, 2, 3].publisher.subscribe(
            SubscriberType<Int, Never>(onValue: { values.append($0) }, onCompleted: { _ in completions.append("done") })
        )
        #expect(values.values == [1, 2, 3])
        #expect(completions.values == ["done"])

        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let cancellable = subject.sink { received.append($0) }
        let subscriber = subject.asSubscriberType()
        subscriber.onValue(4)
        subscriber.onCompleted(nil)
        subscriber.onValue(5)
        #expect(received == [4])
        cancellable.cancel()
    }

    @Test func subscriptionsAndCancellablesConvertBothWays() {
        let unsubscribed = Collected<String>()
        let store = Store(initialState: 0, reducer: Reducer<Int, Int>.reduce { action, state in state += action })
        var cancellables = Set<AnyCancellable>()
        let values = Collected<Int>()
        store.statePublisher.subscribe(SubscriberType(onValue: { values.append($0) })).cancelled(by: &cancellables)
        store.dispatch(1)
        cancellables.removeAll()
        store.dispatch(1)
        #expect(values.values == [0, 1])

        let cancellable = AnyCancellable { unsubscribed.append("cancelled") }
        let subscription = cancellable.asSubscriptionType()
        subscription.unsubscribe()
        #expect(unsubscribed.values == ["cancelled"])
    }

    @Test func subjectsOnCombineSubjects() {
        let subject = SubjectType<Int, Never>.combine()
        let values = Collected<Int>()
        let subscription = subject.publisher.subscribe(SubscriberType(onValue: { values.append($0) }))
        subject.subscriber.onValue(3)
        #expect(values.values == [3])
        subscription.unsubscribe()

        let changes = Collected<Int>()
        let current = CurrentValueSubject<Int, Never>(1)
        let replayLast = ReplayLastSubjectType(currentValueSubject: current, willChange: { changes.append($0) })
        replayLast.subscriber.onValue(2)
        #expect(replayLast.value() == 2)
        #expect(current.value == 2)
        #expect(changes.values == [2])
    }
}
