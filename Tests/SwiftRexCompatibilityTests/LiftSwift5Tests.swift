import SwitchyardSwiftRex
import Testing

/// Lifting, erasing and composing the SwiftRex way, in Swift 5 language mode.
@Suite struct LiftSwift5Tests {
    private func store<M: MiddlewareProtocol & Sendable>(_ middleware: M) -> Store<AppAction, AppState>
    where M.InputActionType == AppAction, M.OutputActionType == AppAction, M.StateType == AppState {
        Store(initialState: AppState(), reducer: swiftRexAppReducer, middleware: middleware)
    }

    @Test func liftsWithKeyPathsAndCaseConstructors() {
        let lifted = CounterReportMiddleware().lift(
            inputAction: \AppAction.counter,
            outputAction: AppAction.counter,
            state: \AppState.count
        )
        let store = store(lifted)
        store.dispatch(.counter(.increment))
        #expect(store.state.count == 1)
    }

    @Test func liftingAnErasedMiddlewareGivesAnErasedMiddleware() {
        let erased: AnyMiddleware<CounterAction, CounterAction, Int> = CounterReportMiddleware().eraseToAnyMiddleware()
        let lifted: AnyMiddleware<AppAction, AppAction, AppState> = erased.lift(
            inputAction: \AppAction.counter,
            outputAction: AppAction.counter,
            state: \AppState.count
        )
        #expect(!lifted.erasesIdentity)
        #expect(lifted.erasedComposition == nil)
        let recorder = Recorder<AppAction>()
        let io = lifted.handle(action: .counter(.increment), from: .here(), state: { AppState(count: 1) })
        io.run(AnyActionHandler { recorder.record($0.action) })
        #expect(recorder.actions == [.counter(.report(0))])
    }

    @Test func liftingAnErasedIdentityGivesAnErasedIdentity() {
        let identity = IdentityMiddleware<CounterAction, CounterAction, Int>().eraseToAnyMiddleware()
        #expect(identity.erasesIdentity)
        let lifted = identity.lift(
            inputAction: \AppAction.counter, outputAction: AppAction.counter, state: \AppState.count)
        #expect(lifted.erasesIdentity)
    }

    @Test func liftingACompositionLiftsEachOfItsMiddlewares() {
        let composed = CounterReportMiddleware() <> CounterReportMiddleware() <> CounterReportMiddleware()
        let lifted: ComposedMiddleware<AppAction, AppAction, AppState> = composed.lift(
            inputAction: \AppAction.counter,
            outputAction: AppAction.counter,
            state: \AppState.count
        )
        #expect(lifted.middlewares.count == 3)
        let store = store(lifted)
        let recorder = Recorder<AppAction>()
        let subscription = store.runtimeMiddlewares.add(
            AnyMiddleware { action, _, _ in
                recorder.record(action)
                return .pure()
            })
        store.dispatch(.counter(.increment))
        #expect(recorder.actions.filter { $0 == .counter(.report(1)) }.count == 3)
        _ = subscription
    }

    @Test func liftingTheIdentityGivesTheIdentity() {
        let identity = IdentityMiddleware<CounterAction, CounterAction, Int>()
        let lifted: IdentityMiddleware<AppAction, AppAction, AppState> = identity.lift(
            inputAction: \AppAction.counter,
            outputAction: AppAction.counter,
            state: \AppState.count
        )
        #expect(lifted == IdentityMiddleware())
        let inputOnly: IdentityMiddleware<AppAction, CounterAction, Int> = identity.lift(
            inputAction: \AppAction.counter)
        #expect(inputOnly == IdentityMiddleware())
    }

    @Test func compositionsDropErasedIdentitiesAndFlattenErasedCompositions() {
        let identity = IdentityMiddleware<CounterAction, CounterAction, Int>().eraseToAnyMiddleware()
        let pair = (CounterReportMiddleware() <> CounterReportMiddleware()).eraseToAnyMiddleware()
        #expect(pair.erasedComposition?.middlewares.count == 2)
        let composed = identity <> pair <> CounterReportMiddleware() <> identity
        #expect(composed.middlewares.count == 3)
    }

    @Test func erasedMiddlewareFromClosuresReceivesItsContext() {
        let received = Recorder<Int>()
        let middleware = AnyMiddleware<CounterAction, CounterAction, Int>(
            receiveContext: { getState, _ in received.record(getState()) },
            handle: { _, _, _ in .pure() }
        )
        middleware.receiveContext(getState: { 7 }, output: AnyActionHandler { _ in })
        #expect(received.actions == [7])
    }
}
