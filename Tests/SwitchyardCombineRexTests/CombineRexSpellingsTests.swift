import Foundation
import SwitchyardCombineRex
import Testing

#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

/// CombineRex 0.8.9 spellings that SwiftRex apps write: a subject with `willChange`, the key-path lift of an effect
/// middleware, the collection lifts of a reader of effect middlewares, and a view model subclass that keeps
/// `super.init(initialState:store:…)`.
@Suite struct CombineRexSpellingsTests {
    @Test func aCombineSubjectCallsWillChangeBeforeItTakesEachValue() {
        let seen = Collected<String>()
        var subject: UnfailableReplayLastSubjectType<Int>!
        subject = .combine(initialValue: 1, willChange: { new in seen.append("\(new) over \(subject.value())") })
        subject.subscriber.onValue(2)
        subject.subscriber.onValue(3)
        #expect(seen.values == ["2 over 1", "3 over 2"])
        #expect(subject.value() == 3)
    }

    enum CounterAction: Equatable { case increment, incremented }
    struct AppAction: Equatable {
        var counter: CounterAction?
        var other = 0
    }
    struct AppState: Equatable { var count = 5 }

    @Test func anEffectMiddlewareLiftedWithKeyPathsWritesItsActionsBackIntoTheAppsAction() {
        let seenStates = Collected<Int>()
        let counter = EffectMiddleware<CounterAction, CounterAction, Int, Void>.onAction { action, _, state in
            seenStates.append(state())
            return action == .increment ? .just(.incremented) : .doNothing
        }
        let sut = counter.lift(action: \AppAction.counter, state: \AppState.count)
        let dispatched = Collected<DispatchedAction<AppAction>>()
        sut.handle(action: AppAction(counter: .increment, other: 7), from: .here(), state: { AppState() })
            .run(recordingOutput(dispatched))
        sut.handle(action: AppAction(counter: nil), from: .here(), state: { AppState() })
            .run(recordingOutput(dispatched))
        #expect(dispatched.values.map(\.action) == [AppAction(counter: .incremented, other: 7)])
        #expect(seenStates.values == [5])
    }

    struct Row: Identifiable, Equatable {
        let id: Int
        var title: String
    }
    struct ListAction: Equatable {
        var row: ElementIDAction<Int, String>?
    }
    enum WrappedAction: Equatable { case row(ElementIDAction<Int, String>) }

    /// A reader of a row middleware that answers "tap" with the row's title and the injected suffix.
    static let rowReader = MiddlewareReader<String, EffectMiddleware<String, String, Row, String>> { suffix in
        EffectMiddleware<String, String, Row, String>.onAction { action, _, state in
            action == "tap" ? .just(state().title + suffix) : .doNothing
        }.inject(suffix)
    }

    @Test func aReaderLiftedToACollectionThroughKeyPathsInjectsAndWritesBackTheElementsActions() {
        let rows = [Row(id: 1, title: "one"), Row(id: 2, title: "two")]
        let sut = Self.rowReader.liftToCollection(action: \ListAction.row, stateCollection: \[Row].self)
            .inject("!")
        let dispatched = Collected<DispatchedAction<ListAction>>()
        sut.handle(action: ListAction(row: ElementIDAction(id: 2, action: "tap")), from: .here(), state: { rows })
            .run(recordingOutput(dispatched))
        sut.handle(action: ListAction(row: ElementIDAction(id: 9, action: "tap")), from: .here(), state: { rows })
            .run(recordingOutput(dispatched))
        #expect(dispatched.values.map(\.action) == [ListAction(row: ElementIDAction(id: 2, action: "two!"))])
    }

    @Test func aReaderLiftedToACollectionThroughClosuresInjectsAndWrapsTheElementsActions() {
        let rows = [Row(id: 1, title: "one")]
        let sut = Self.rowReader.liftToCollection(
            inputAction: { (action: WrappedAction) -> ElementIDAction<Int, String>? in
                guard case .row(let rowAction) = action else { return nil }
                return rowAction
            },
            outputAction: WrappedAction.row,
            stateCollection: { (rows: [Row]) in rows }
        ).inject("?")
        let dispatched = Collected<DispatchedAction<WrappedAction>>()
        sut.handle(action: .row(ElementIDAction(id: 1, action: "tap")), from: .here(), state: { rows })
            .run(recordingOutput(dispatched))
        #expect(dispatched.values.map(\.action) == [.row(ElementIDAction(id: 1, action: "one?"))])
    }

    @Test func everyCombineSubscriberTypeMakesSubscribersForASubjectOrAnotherSubscriber() {
        let subject = PassthroughSubject<Int, Never>()
        let received = Collected<Int>()
        let keep = subject.sink { received.append($0) }
        let toSubject = Subscribers.Sink<Int, Never>.combine(subject: subject)
        toSubject.onValue(1)
        let inner = Subscribers.Sink<Int, Never>(
            receiveCompletion: { _ in }, receiveValue: { received.append($0 * 10) })
        let toSubscriber = AnySubscriber<Int, Never>.combine(subscriber: inner)
        toSubscriber.onSubscribe(NoSubscription())
        toSubscriber.onValue(2)
        let spelledOnTheAbstraction = SubscriberType<Int, Never>.combine(subject: subject)
        spelledOnTheAbstraction.onValue(3)
        #expect(received.values == [1, 20, 3])
        keep.cancel()
    }

    /// A subscription with nothing to cancel.
    struct NoSubscription: SubscriptionType {
        func unsubscribe() {}
    }
}
