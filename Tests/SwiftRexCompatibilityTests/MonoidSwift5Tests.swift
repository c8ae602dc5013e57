import SwitchyardSwiftRex
import Testing

/// SwiftRex's `Semigroup` and `Monoid`, which this module declares and the core's composable types conform to, in
/// Swift 5 language mode.
@Suite struct MonoidSwift5Tests {
    /// Everything in `values` composed with `<>`, seen through `Monoid` only, so the conformance is what is called.
    private func concatenated<M: Monoid>(_ values: [M]) -> M {
        values.reduce(.identity, <>)
    }

    /// `<>` seen through `Semigroup` only.
    private func combined<S: Semigroup>(_ lhs: S, _ rhs: S) -> S {
        lhs <> rhs
    }

    @Test func reducersComposeThroughMonoid() {
        let add = Reducer<AppAction, AppState>.reduce { _, state in state.count += 1 }
        let double = Reducer<AppAction, AppState>.reduce { _, state in state.count *= 2 }
        var state = AppState(count: 1)
        concatenated([add, double, add]).reduce(.counter(.increment), &state)
        #expect(state.count == 5)
        var unchanged = AppState(count: 7)
        concatenated([Reducer<AppAction, AppState>]()).reduce(.counter(.increment), &unchanged)
        #expect(unchanged.count == 7)
    }

    @Test func middlewaresAndIOsComposeThroughMonoid() {
        let composed = concatenated([
            ComposedMiddleware<CounterAction, CounterAction, Int>() <> SteppingMiddleware(step: 1),
            ComposedMiddleware() <> SteppingMiddleware(step: 2),
        ])
        #expect(composed.middlewares.count == 2)
        #expect(concatenated([IdentityMiddleware<CounterAction, CounterAction, Int>]()) == IdentityMiddleware())
        #expect(concatenated([IO<CounterAction>.pure(), .pure()]).isPure)
        #expect(!concatenated([IO<CounterAction>.pure(), IO { $0.dispatch(.increment) }]).isPure)
    }

    @available(*, deprecated)
    @Test func afterReducerBlocksComposeThroughMonoid() {
        let order = Recorder<String>()
        concatenated([AfterReducer.do { order.record("a") }, .doNothing(), .do { order.record("b") }]).reducerIsDone()
        #expect(order.actions == ["b", "a"])
    }

    @Test func readersComposeThroughSemigroupAndMonoid() {
        let first = MiddlewareReader { (step: Int) in ComposedMiddleware() <> SteppingMiddleware(step: step) }
        let second = MiddlewareReader { (step: Int) in ComposedMiddleware() <> SteppingMiddleware(step: step + 100) }
        let both = combined(first, second).inject(1)
        #expect(both.middlewares.count == 2)
        #expect(reports(both) == [.report(101), .report(1)])
        #expect(reports(concatenated([first, .identity, second]).inject(1)) == [.report(101), .report(1)])
        #expect(
            MiddlewareReader<Int, ComposedMiddleware<CounterAction, CounterAction, Int>>.identity.inject(1).middlewares
                .isEmpty)
    }

    /// The reports that `middleware`'s IOs dispatch for one `.increment`, in the order the store processes them.
    private func reports(_ middleware: ComposedMiddleware<CounterAction, CounterAction, Int>) -> [CounterAction] {
        let recorder = Recorder<CounterAction>()
        let store = Store(
            initialState: 0, reducer: .reduce { action, count in if action == .increment { count += 1 } },
            middleware: middleware)
        let recording = store.runtimeMiddlewares.add(
            AnyMiddleware { action, _, _ in
                recorder.record(action)
                return .pure()
            })
        store.dispatch(.increment)
        recording.remove()
        return recorder.actions.filter { $0 != .increment }
    }
}
