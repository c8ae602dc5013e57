import SwitchyardSwiftRex
import Testing

// SwiftRex code that names types through their module, as apps and SwiftRex's generated mocks do, in Swift 5 language
// mode: it compiles with the import changed and uses the types of the same name.

final class QualifiedCounterMiddleware: SwiftRex.MiddlewareProtocol {
    typealias InputActionType = CounterAction
    typealias OutputActionType = CounterAction
    typealias StateType = Int

    func handle(
        action: CounterAction, from dispatcher: SwiftRex.ActionSource, state: @escaping SwiftRex.GetState<Int>
    )
        -> SwiftRex.IO<CounterAction>
    {
        guard action == .increment else { return .pure() }
        return SwiftRex.IO { output in output.dispatch(.report(state())) }
    }
}

final class QualifiedSubscription: SwiftRex.SubscriptionType {
    var cancelled = false
    func unsubscribe() { cancelled = true }
}

@Suite struct QualifiedNamesSwift5Tests {
    @Test func aStoreBuiltFromQualifiedNamesRunsItsMiddleware() {
        let reduced = Recorder<CounterAction>()
        let reducer = SwiftRex.Reducer<CounterAction, Int>.reduce { action, state in
            reduced.record(action)
            if action == .increment { state += 1 }
        }
        let middleware: SwiftRex.AnyMiddleware<CounterAction, CounterAction, Int> =
            QualifiedCounterMiddleware().eraseToAnyMiddleware()
        let subject = SwiftRex.UnfailableReplayLastSubjectType(initialValue: 0)
        let store: SwiftRex.ReduxStoreBase<CounterAction, Int> = ReduxStoreBase(
            subject: subject, reducer: reducer, middleware: middleware, scheduling: .callerThread)
        store.dispatch(.increment)
        // The middleware's IO reported the state after the reducer.
        #expect(reduced.actions == [.increment, .report(1)])
        #expect(store.state == 1)
        #expect(subject.value() == 1)
    }

    @Test func aQualifiedSubscriptionIsASubscription() {
        let subscription = QualifiedSubscription()
        var bag: [any SwiftRex.SubscriptionType] = []
        subscription.cancelled(by: &bag)
        #expect(bag.count == 1)
        bag.forEach { $0.unsubscribe() }
        #expect(subscription.cancelled)
    }

    @Test func qualifiedNamesAreTheSameTypes() {
        #expect(SwiftRex.ActionSource.self == ActionSource.self)
        #expect(SwiftRex.DispatchedAction<Int>.self == DispatchedAction<Int>.self)
        #expect(SwiftRex.ElementIDAction<String, Int>.self == ElementIDAction<String, Int>.self)
        #expect(SwiftRex.UnfailableSubject<Int>.self == SubjectType<Int, Never>.self)
    }
}
