import Switchyard
import SwitchyardTestSupport
import Testing

/// The emission policy decides whether observers are notified, never whether the reducer's result is
/// kept.
@Suite struct StoreEmissionTests {
    enum Action: Sendable, Equatable { case increment, nothing }

    /// A state that is not `Equatable`.
    struct Opaque: Sendable {
        var count = 0
    }

    static var intReducer: Reducer<Action, Int> {
        Reducer { action, state in
            if action == .increment { state += 1 }
        }
    }

    static var opaqueReducer: Reducer<Action, Opaque> {
        Reducer { action, state in
            if action == .increment { state.count += 1 }
        }
    }

    /// Dispatches `actions` to `store` with one observer attached and returns what the observer received.
    static func observe<State: Sendable>(
        _ store: Store<Action, State>,
        dispatching actions: [Action]
    ) -> [State] {
        let observed = Log<State>()
        let subscription = store.subscribe { observed.append($0) }
        for action in actions { store.dispatch(action) }
        subscription.cancel()
        return observed.values
    }

    @Test func alwaysNotifiesAfterEveryActionEvenWhenTheStateDidNotChange() {
        let store = Store(initialState: 0, reducer: Self.intReducer, emitsValue: .always)
        #expect(Self.observe(store, dispatching: [.increment, .nothing, .increment]) == [1, 1, 2])
        #expect(store.state == 2)
    }

    @Test func neverNotifiesButKeepsTheReducersResult() {
        let stateInIO = Log<Int>()
        let middleware = AnyMiddleware<Action, Action, Int> { _, _, state in IO { _ in stateInIO.append(state()) } }
        let store = Store(initialState: 0, reducer: Self.intReducer, middleware: middleware, emitsValue: .never)
        #expect(Self.observe(store, dispatching: [.increment, .increment, .increment]) == [])
        #expect(store.state == 3)
        #expect(stateInIO.values == [1, 2, 3])
    }

    @Test func neverKeepsTheReducersResultWithoutObserversToo() {
        let store = Store(initialState: 0, reducer: Self.intReducer, emitsValue: .never)
        store.dispatch(.increment)
        store.dispatch(.increment)
        #expect(store.state == 2)
    }

    @Test func whenNotifiesOnlyWhenThePredicateHoldsAndAlwaysKeepsTheNewState() {
        let comparisons = Log<[Int]>()
        let store = Store(
            initialState: 0,
            reducer: Self.intReducer,
            emitsValue: .when { old, new in
                comparisons.append([old, new])
                return new.isMultiple(of: 2)
            }
        )
        #expect(Self.observe(store, dispatching: [.increment, .increment, .increment, .nothing]) == [2])
        // Each action is compared with the state before it, including the ones that were not emitted.
        #expect(comparisons.values == [[0, 1], [1, 2], [2, 3], [3, 3]])
        #expect(store.state == 3)
    }

    @Test func whenReturningFalseStillCommitsTheReducersResult() {
        let store = Store(initialState: 0, reducer: Self.intReducer, emitsValue: .when { _, _ in false })
        #expect(Self.observe(store, dispatching: [.increment, .increment]) == [])
        #expect(store.state == 2)
    }

    @Test func whenDifferentNotifiesOnlyWhenTheStateChanged() {
        let store = Store(initialState: 0, reducer: Self.intReducer, emitsValue: .whenDifferent)
        #expect(Self.observe(store, dispatching: [.nothing, .increment, .nothing, .increment]) == [1, 2])
        #expect(store.state == 2)
    }

    /// A state whose part is an object, to see when the store lets go of it.
    final class Part: Sendable {}
    struct WithPart: Sendable, Equatable {
        var part = Part()
        static func == (lhs: WithPart, rhs: WithPart) -> Bool { lhs.part === rhs.part }
    }

    /// The state before an action is kept only to decide whether to notify: the store releases it right after, with
    /// an observer or without.
    @Test(arguments: [true, false])
    func thePreviousStateIsReleasedAfterTheDecision(withObserver: Bool) {
        let store = Store(
            initialState: WithPart(),
            reducer: Reducer<Action, WithPart> { _, state in state.part = Part() }
        )
        let observed = Log<Int>()
        let subscription = withObserver ? store.subscribe { _ in observed.append(1) } : nil
        weak let first = store.state.part
        store.dispatch(.increment)
        #expect(first == nil, "the state before the action is still alive")
        weak let second = store.state.part
        store.dispatch(.increment)
        #expect(second == nil)
        #expect(observed.count == (withObserver ? 2 : 0))
        subscription?.cancel()
    }

    @Test func equatableStateDefaultsToWhenDifferent() {
        let store = Store(initialState: 0, reducer: Self.intReducer)
        #expect(Self.observe(store, dispatching: [.nothing, .increment, .nothing, .nothing, .increment]) == [1, 2])
    }

    @Test func nonEquatableStateDefaultsToAlways() {
        let store = Store(initialState: Opaque(), reducer: Self.opaqueReducer)
        let observed = Self.observe(store, dispatching: [.nothing, .increment, .nothing])
        #expect(observed.map(\.count) == [0, 1, 1])
        #expect(store.state.count == 1)
    }

    @Test func policyAppliesToTheStatesStreamToo() async {
        let store = Store(initialState: 0, reducer: Self.intReducer, emitsValue: .when { _, new in new > 2 })
        let states = store.states
        for _ in 0..<4 { store.dispatch(.increment) }
        let reading = Task { await states.prefix(3).reduce(into: [Int]()) { $0.append($1) } }
        #expect(await value(of: reading) == [0, 3, 4])
        #expect(store.state == 4)
    }
}
