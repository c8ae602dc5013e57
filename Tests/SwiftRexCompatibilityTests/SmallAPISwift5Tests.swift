import SwitchyardSwiftRex
import Testing

/// SwiftRex's smaller spellings, in Swift 5 language mode.
@Suite struct SmallAPISwift5Tests {
    @Test func dispatchedActionCapturesItsCaller() {
        let dispatched = DispatchedAction(CounterAction.increment, info: "tap")
        #expect(dispatched.dispatcher.file == "SwiftRexCompatibilityTests/SmallAPISwift5Tests.swift")
        #expect(dispatched.dispatcher.line == 7)
        #expect(dispatched.dispatcher.function == "dispatchedActionCapturesItsCaller()")
        #expect(dispatched.dispatcher.info == "tap")
    }

    @Test func shouldRemoveIsTheOppositeOfShouldEmit() {
        let policy = ShouldEmitValue<Int>.whenDifferent
        #expect(policy.shouldRemove(previous: 1, new: 1))
        #expect(!policy.shouldRemove(previous: 1, new: 2))
        #expect(!ShouldEmitValue<Int>.always.shouldRemove(previous: 1, new: 1))
        #expect(ShouldEmitValue<Int>.never.shouldRemove(previous: 1, new: 2))
    }

    @available(*, deprecated)
    @Test func identitiesAreTheCoresValuesThatChangeNothing() {
        let io = IO<CounterAction> { output in output.dispatch(.increment) }
        #expect(IO<CounterAction>.identity.isPure)
        #expect(!(IO.identity <> io <> .identity).isPure)
        let identity = IdentityMiddleware<CounterAction, CounterAction, Int>.identity
        #expect(identity == IdentityMiddleware())
        #expect(identity.handle(action: .increment, from: .here(), state: { 0 }).isPure)
        #expect(AfterReducer.identity.isNothing)
        #expect((AfterReducer.identity <> .identity).isNothing)
    }

    @available(*, deprecated)
    @Test func afterReducersComposeFromACollection() {
        let order = Recorder<String>()
        let composed = [AfterReducer.do { order.record("a") }, .doNothing(), .do { order.record("b") }].asAfterReducer()
        composed.reducerIsDone()
        #expect(order.actions == ["b", "a"])
        #expect([AfterReducer]().asAfterReducer().isNothing)
    }

    @available(*, deprecated)
    @Test func theIdentityIsAlsoAnOldStyleMiddleware() {
        func runOldStyle<M: Middleware>(_ middleware: M, _ action: M.InputActionType) -> Bool {
            var afterReducer = AfterReducer.doNothing()
            middleware.handle(action: action, from: .here(), afterReducer: &afterReducer)
            return afterReducer.isNothing
        }
        #expect(runOldStyle(IdentityMiddleware<CounterAction, CounterAction, Int>(), .increment))
    }
}

extension SmallAPISwift5Tests {
    @Test func storesAreErasedAndMappedTheSwiftRexWay() {
        let store = Store(initialState: AppState(), reducer: swiftRexAppReducer)
        let counterStore = store.contramapAction(AppAction.counter).mapState(\.count)
        counterStore.dispatch(.increment)
        counterStore.dispatch(.increment)
        #expect(counterStore.state == 2)
        let projection = StoreProjection<CounterAction, Int>(
            action: { store.dispatch($0.map(AppAction.counter)) },
            state: store.eraseToAnyStateProvider().map(\.count)
        )
        projection.dispatch(.decrement)
        #expect(projection.state == 1)
    }
}
