import Switchyard
import Testing

/// Every middleware a store runs is `Sendable`, and so are the compositions, erasures and lifts built from
/// `Sendable` middlewares: they can be registered while the store runs.
@Suite struct MiddlewareSendabilityTests {
    enum Action: Sendable, Equatable {
        case tap(String)
        case row(ElementIDAction<Int, RowAction>)
    }

    private static func tap(_ action: Action) -> String? {
        if case .tap(let name) = action { name } else { nil }
    }

    private static func store() -> Store<Action, ListState> {
        Store(initialState: ListState(rows: [Row(id: 1, count: 0)]), reducer: Reducer { _, _ in })
    }

    /// A middleware that writes `name handle` and `name io` to the trace for every action.
    private static func traced(_ name: String, _ trace: Trace) -> AnyMiddleware<Action, Action, ListState> {
        AnyMiddleware { _, _, _ in
            trace.append("\(name) handle")
            return IO { _ in trace.append("\(name) io") }
        }
    }

    @Test func aCompositionIsAddedAtRuntimeAndRunsInCompositionOrder() {
        let store = Self.store()
        let trace = Trace()
        let registration = store.runtimeMiddlewares.add(Self.traced("a", trace) <> Self.traced("b", trace))
        store.dispatch(.tap("x"))
        #expect(trace.entries == ["a handle", "b handle", "b io", "a io"])
        registration.remove()
    }

    @Test func anErasedMiddlewareIsAddedAtRuntime() {
        let store = Self.store()
        let trace = Trace()
        let bridge = BridgeMiddleware<Action, Action, ListState>()
            .bridge(Bridge(on: Self.tap, dispatch: { _ in .row(ElementIDAction(id: 1, action: .report)) }))
        let registration = store.runtimeMiddlewares.add((bridge <> Self.traced("a", trace)).eraseToAnyMiddleware())
        store.dispatch(.tap("x"))
        #expect(trace.entries == ["a handle", "a io", "a handle", "a io"])
        registration.remove()
    }

    @Test func aMiddlewareLiftedToACollectionIsAddedAtRuntime() {
        let store = Self.store()
        let trace = Trace()
        let rows = RowMiddleware(trace: trace).liftToCollection(
            inputAction: { (action: Action) in if case .row(let row) = action { row } else { nil } },
            outputAction: Action.row,
            state: \ListState.rows
        )
        let registration = store.runtimeMiddlewares.add(rows)
        store.dispatch(.row(ElementIDAction(id: 1, action: .report)))
        #expect(
            trace.entries == [
                "handle report row 1 count 0", "io row 1 count 0", "handle reported(count: 0) row 1 count 0",
            ])
        registration.remove()
    }
}
