import SwitchyardSwiftRex
import Testing

struct World {
    var step: Int
    var name: String
}

/// Reads its step from its dependencies and dispatches it from its IO.
struct SteppingMiddleware: MiddlewareProtocol {
    let step: Int

    func handle(
        action: CounterAction, from dispatcher: ActionSource, state: @escaping GetState<Int>
    ) -> IO<CounterAction> {
        guard action == .increment else { return .pure() }
        return IO { output in output.dispatch(.report(step)) }
    }
}

/// Readers the SwiftRex way, in Swift 5 language mode.
@Suite struct ReaderSwift5Tests {
    private let reader = MiddlewareReader { (step: Int) in SteppingMiddleware(step: step) }

    private func reports<M: MiddlewareProtocol & Sendable>(_ middleware: M) -> [AppAction]
    where M.InputActionType == AppAction, M.OutputActionType == AppAction, M.StateType == AppState {
        let recorder = Recorder<AppAction>()
        let store = Store(initialState: AppState(), reducer: swiftRexAppReducer, middleware: middleware)
        let subscription = store.runtimeMiddlewares.add(
            AnyMiddleware { action, _, _ in
                recorder.record(action)
                return .pure()
            })
        store.dispatch(.counter(.increment))
        _ = subscription
        return recorder.actions.filter { if case .counter(.report) = $0 { return true } else { return false } }
    }

    @Test func liftsWithEveryLabel() {
        let lifted = reader.lift(
            inputAction: \AppAction.counter,
            outputAction: AppAction.counter,
            state: \AppState.count,
            dependencies: \World.step
        )
        #expect(reports(lifted.inject(World(step: 3, name: "w"))) == [.counter(.report(3))])
    }

    @Test func liftsWithSomeLabels() {
        let actionsOnly = reader.lift(inputAction: \AppAction.counter, outputAction: AppAction.counter)
        let withState = actionsOnly.inject(5).lift(state: \AppState.count)
        #expect(reports(withState) == [.counter(.report(5))])

        let dependenciesOnly: MiddlewareReader<World, SteppingMiddleware> = reader.lift(dependencies: \World.step)
        #expect(dependenciesOnly.inject(World(step: 9, name: "w")).step == 9)

        let stateAndDependencies = reader.lift(state: \AppState.count, dependencies: \World.step)
        #expect(stateAndDependencies.inject(World(step: 2, name: "w")).middleware.step == 2)
    }

    @Test func theIdentityReaderInjectsTheIdentity() {
        let identity = MiddlewareReader<Int, SteppingMiddleware>.identity
        #expect(identity.inject(1) == IdentityMiddleware())
    }

    @available(*, deprecated)
    @Test func swiftRexSpellingsOfTheTransforms() {
        let contramapped = reader.contramapDependecies { (world: World) in world.step }
        #expect(contramapped.inject(World(step: 4, name: "w")).step == 4)
        let dimapped = reader.dimap(
            transformMiddleware: {
                $0.lift(inputAction: \AppAction.counter, outputAction: AppAction.counter, state: \AppState.count)
            },
            extractOnlyDependenciesNeededForThisMiddleware: { (world: World) in world.step }
        )
        #expect(reports(dimapped.inject(World(step: 6, name: "w"))) == [.counter(.report(6))])
    }
}
