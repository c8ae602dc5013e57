import Switchyard
import SwitchyardTestSupport
import Testing

/// A store nobody references is freed, even when middlewares keep its `output` or `getState`; what
/// they kept then does nothing and does not crash.
@Suite struct StoreLifetimeTests {
    enum Action: Sendable, Equatable { case increment, keep }

    /// What a middleware kept from the store.
    final class Kept: Sendable {
        let output = Slot<AnyActionHandler<Action>>()
        let getState = Slot<GetState<Int>>()
        let handled = Counter()
        let reduced = Counter()
    }

    /// A middleware that keeps the store's `getState` (from `handle`) and `output` (from its IO).
    static func keepingMiddleware(_ kept: Kept) -> AnyMiddleware<Action, Action, Int> {
        AnyMiddleware { action, _, state in
            kept.handled.increment()
            guard action == .keep else { return .pure() }
            kept.getState.value = state
            return IO { output in kept.output.value = output }
        }
    }

    /// Creates a store whose middleware keeps its output and getState, uses it, and lets it go.
    static func useAndReleaseStore(_ kept: Kept) -> WeakStore {
        let store = Store(
            initialState: 0,
            reducer: Reducer { action, state in
                kept.reduced.increment()
                if action == .increment { state += 1 }
            },
            middleware: keepingMiddleware(kept)
        )
        store.dispatch(.increment)
        store.dispatch(.keep)
        kept.output.value?.dispatch(.increment)  // the kept output works while the store lives
        return WeakStore(store)
    }

    final class WeakStore {
        weak var store: Store<Action, Int>?
        init(_ store: Store<Action, Int>) { self.store = store }
    }

    @Test func storeIsFreedWhileAMiddlewareKeepsItsOutputAndGetState() {
        let kept = Kept()
        let weakStore = Self.useAndReleaseStore(kept)
        #expect(kept.output.value != nil)
        #expect(kept.getState.value != nil)
        #expect(weakStore.store == nil, "the store was kept alive through its pipeline")
    }

    @Test func dispatchingThroughAKeptOutputAfterTheStoreIsFreedDoesNothing() {
        let kept = Kept()
        let weakStore = Self.useAndReleaseStore(kept)
        #expect(weakStore.store == nil)
        let handled = kept.handled.value
        let reduced = kept.reduced.value
        #expect(handled == 3 && reduced == 3)
        kept.output.value?.dispatch(.increment)
        kept.output.value?.dispatch(.keep)
        #expect(kept.handled.value == handled)
        #expect(kept.reduced.value == reduced)
    }

    @Test func callingAKeptGetStateAfterTheStoreIsFreedReturnsTheLastStateWithoutCrashing() {
        let kept = Kept()
        let weakStore = Self.useAndReleaseStore(kept)
        #expect(weakStore.store == nil)
        #expect(kept.getState.value?() == 2)
    }

    @Test func storeIsFreedWhileRuntimeMiddlewaresAndSubscriptionsOutliveIt() {
        let keptOutput = Slot<AnyActionHandler<Action>>()
        var registration: RuntimeMiddlewareRegistration?
        var subscription: StoreSubscription?
        weak var weakStore: Store<Action, Int>?
        do {
            let store = Store(initialState: 0, reducer: Reducer<Action, Int> { _, state in state += 1 })
            registration = store.runtimeMiddlewares.addAfterReducer(extract: { $0 }) { _, _, _, output in
                keptOutput.value = output
            }
            subscription = store.subscribe { _ in }
            store.dispatch(.keep)
            weakStore = store
        }
        #expect(weakStore == nil)
        keptOutput.value?.dispatch(.increment)
        registration?.remove()
        subscription?.cancel()
        #expect(registration?.isRemoved == true)
    }

    @Test func storeIsFreedWhileAMainActorObserverIsRegistered() async {
        weak var weakStore: Store<Action, Int>?
        let observed = Log<Int>()
        var subscription: StoreSubscription?
        do {
            let store = Store(initialState: 0, reducer: Reducer<Action, Int> { _, state in state += 1 })
            subscription = store.subscribeOnMainActor { observed.append($0) }
            store.dispatch(.increment)
            weakStore = store
        }
        #expect(weakStore == nil)
        #expect(await eventually { observed.count == 1 })
        #expect(observed.values == [1])
        subscription?.cancel()
    }
}

/// The store lets go of what it keeps, for the deprecated `Middleware` API too, whose `receiveContext` hands out `getState` and `output`.
@Suite struct StoreDeprecatedLifetimeTests {
    typealias Action = StoreLifetimeTests.Action

    @available(*, deprecated, message: "tests the deprecated API")
    final class ContextKeeper: Middleware, Sendable {
        typealias InputActionType = Action
        typealias OutputActionType = Action
        typealias StateType = Int

        let output = Slot<AnyActionHandler<Action>>()
        let getState = Slot<GetState<Int>>()
        let handled = Counter()

        func receiveContext(getState: @escaping GetState<Int>, output: AnyActionHandler<Action>) {
            self.getState.value = getState
            self.output.value = output
        }

        func handle(action: Action, from dispatcher: ActionSource, afterReducer: inout AfterReducer) {
            handled.increment()
        }
    }

    @available(*, deprecated, message: "tests the deprecated API")
    @Test func storeIsFreedWhileAnOldStyleMiddlewareKeepsItsContext() {
        let keeper = ContextKeeper()
        weak var weakStore: Store<Action, Int>?
        do {
            let store = Store(
                initialState: 0,
                reducer: Reducer { _, state in state += 1 },
                middleware: keeper
            )
            keeper.output.value?.dispatch(.increment)
            #expect(store.state == 1)
            weakStore = store
        }
        #expect(weakStore == nil)
        keeper.output.value?.dispatch(.increment)
        #expect(keeper.handled.value == 1)
        #expect(keeper.getState.value?() == 1)
    }
}
