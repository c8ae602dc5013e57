import SwitchyardSwiftRex
import Synchronization
import Testing

@Suite struct AnyStoreTypeTests {
    enum Action: Sendable, Equatable {
        case counter(Int)
        case other
    }

    struct State: Sendable, Equatable {
        var count = 0
        var name = "app"
    }

    private func makeStore() -> Store<Action, State> {
        Store(
            initialState: State(),
            reducer: .reduce { action, state in
                if case .counter(let amount) = action { state.count += amount }
            }
        )
    }

    @Test func contramappedActionsReachTheStoreWithTheirSource() {
        let store = makeStore()
        let recorder = Recorder<Action>()
        let registration = store.runtimeMiddlewares.add(
            AnyMiddleware { action, source, _ in
                recorder.append(DispatchedAction(action, dispatcher: source))
                return .pure()
            })
        let counterStore: AnyStoreType<Int, State> = store.contramapAction { Action.counter($0) }
        counterStore.dispatch(3, info: "tap")
        let line = #line - 1
        registration.remove()
        #expect(store.state.count == 3)
        #expect(recorder.values.map(\.action) == [.counter(3)])
        #expect(recorder.values.first?.dispatcher.line == UInt(line))
        #expect(recorder.values.first?.dispatcher.info == "tap")
    }

    @Test func mappedStateIsReadAndObserved() {
        let store = makeStore()
        let countStore = store.mapState(\.count)
        let seen = Recorder<Int>()
        let subscription = countStore.subscribe { seen.append(DispatchedAction($0, dispatcher: .here())) }
        store.dispatch(.counter(2))
        store.dispatch(.counter(5))
        subscription.cancel()
        store.dispatch(.counter(1))
        #expect(countStore.state == 8)
        #expect(seen.values.map(\.action) == [2, 7])
    }

    @Test func anyStateProviderMapsItsStateAsAnErasedOneDoes() {
        let store = makeStore()
        let names = store.map { "\($0.name) \($0.count)" }
        let projection = store.projection(action: { $0 }, state: \.count)
        let doubled = projection.map { $0 * 2 }
        let seen = Recorder<String>()
        let subscription = names.subscribe { seen.append(DispatchedAction($0, dispatcher: .here())) }
        store.dispatch(.counter(3))
        subscription.cancel()
        store.dispatch(.counter(1))
        #expect(names.state == "app 4")
        #expect(doubled.state == 8)
        #expect(seen.values.map(\.action) == ["app 3"])
    }

    @Test func erasingAnErasedStoreKeepsIt() {
        let store = makeStore()
        let erased = store.eraseToAnyStoreType()
        let twice = AnyStoreType(erased)
        twice.dispatch(.counter(1))
        #expect(erased.state.count == 1)
    }

    @Test func aProjectionBuiltFromItsActionAndStateProvider() {
        let store = makeStore()
        let projection = StoreProjection<Int, Int>(
            action: { store.dispatch($0.map(Action.counter)) },
            state: store.eraseToAnyStateProvider().map(\.count)
        )
        projection.dispatch(4)
        #expect(projection.state == 4)
    }
}

extension AnyStoreTypeTests {
    @Test func theArticlesCounterStoreDispatchesIntoTheAppStore() {
        typealias Snippets = MigratingFromSwiftRexSnippets
        let store = Store(
            initialState: Snippets.AppState(),
            reducer: Reducer<Snippets.AppAction, Snippets.AppState>.reduce { action, state in
                if case .counter(.increment) = action { state.count += 1 }
            }
        )
        let counter = MigratingFromSwiftRexStoreFunctions().counterStore(store)
        counter.dispatch(.increment)
        #expect(counter.state == 1)
    }
}

/// The actions the test records, with their sources, from any thread.
private final class Recorder<Action: Sendable>: Sendable {
    private let recorded = Mutex<[DispatchedAction<Action>]>([])

    func append(_ action: DispatchedAction<Action>) { recorded.withLock { $0.append(action) } }

    var values: [DispatchedAction<Action>] { recorded.withLock { $0 } }
}
