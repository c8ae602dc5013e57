import Switchyard
import Testing

/// `StoreProjection`: a store seen through a view's action and state types.
@Suite struct StoreProjectionTests {
    enum Action: Sendable, Equatable { case increment, rename(String) }
    enum ViewAction: Sendable, Equatable { case tap, longPress, ignored }

    struct AppState: Equatable, Sendable {
        var count = 0
        var name = ""
    }

    /// The view state, deliberately not `Equatable`.
    struct Label: Sendable {
        let text: String
    }

    static func viewActionToAction(_ viewAction: ViewAction) -> Action? {
        switch viewAction {
        case .tap: .increment
        case .longPress: .rename("pressed")
        case .ignored: nil
        }
    }

    static func makeStore(
        _ recorder: Recorder<Action>, diagnostics: StoreDiagnostics = .ignore
    ) -> Store<
        Action, AppState
    > {
        let recording = AnyMiddleware<Action, Action, AppState> { action, source, _ in
            recorder.append(DispatchedAction(action, dispatcher: source))
            return .pure()
        }
        return Store(
            initialState: AppState(),
            reducer: Reducer { action, state in
                switch action {
                case .increment: state.count += 1
                case .rename(let name): state.name = name
                }
            },
            middleware: recording,
            diagnostics: diagnostics
        )
    }

    @Test func dispatchMapsTheViewActionAndKeepsTheCallersSource() {
        let recorder = Recorder<Action>()
        let store = Self.makeStore(recorder)
        let projection = store.projection(action: Self.viewActionToAction, state: \AppState.count)
        projection.dispatch(.tap, info: "button")
        let line: UInt = #line - 1
        #expect(recorder.actions == [.increment])
        let source = recorder.values[0].dispatcher
        #expect(source.file == "SwitchyardTests/StoreProjectionTests.swift")
        #expect(source.function == "dispatchMapsTheViewActionAndKeepsTheCallersSource()")
        #expect(source.line == line)
        #expect(source.info == "button")
        #expect(store.state.count == 1)
    }

    @Test func unmappedViewActionIsDropped() {
        let recorder = Recorder<Action>()
        let store = Self.makeStore(recorder)
        let projection = store.projection(action: Self.viewActionToAction, state: \AppState.count)
        projection.dispatch(.ignored)
        #expect(recorder.values.isEmpty)
        #expect(store.state == AppState())
    }

    @Test func stateIsTheProjectionOfTheStoresCurrentState() {
        let store = Self.makeStore(Recorder())
        let projection = store.projection(action: Self.viewActionToAction) { Label(text: "\($0.count) \($0.name)") }
        #expect(projection.state.text == "0 ")
        store.dispatch(.increment)
        projection.dispatch(.longPress)
        #expect(projection.state.text == "1 pressed")
    }

    @Test func observersOfAnEquatableProjectedStateAreNotNotifiedWhenItDidNotChange() {
        let store = Self.makeStore(Recorder())
        let projection = store.projection(action: Self.viewActionToAction, state: \AppState.count)
        let observed = Log<Int>()
        let subscription = projection.subscribe { observed.append($0) }
        projection.dispatch(.longPress)  // the store's state changes, the count does not
        #expect(store.state.name == "pressed")
        #expect(observed.values.isEmpty)
        projection.dispatch(.tap)
        store.dispatch(.rename("again"))
        projection.dispatch(.tap)
        #expect(observed.values == [1, 2])
        subscription.cancel()
    }

    @Test func observersOfANonEquatableProjectedStateAreNotifiedWheneverTheStoreEmits() {
        let store = Self.makeStore(Recorder())
        let projection = store.projection(action: Self.viewActionToAction) { Label(text: "\($0.count)") }
        let observed = Log<String>()
        let subscription = projection.subscribe { observed.append($0.text) }
        projection.dispatch(.longPress)
        projection.dispatch(.tap)
        #expect(observed.values == ["0", "1"])
        subscription.cancel()
    }

    @Test func cancellingAProjectionSubscriptionStopsDelivery() {
        let store = Self.makeStore(Recorder())
        let projection = store.projection(action: Self.viewActionToAction, state: \AppState.count)
        let observed = Log<Int>()
        let subscription = projection.subscribe { observed.append($0) }
        projection.dispatch(.tap)
        subscription.cancel()
        projection.dispatch(.tap)
        #expect(observed.values == [1])
        #expect(projection.state == 2)
    }
}
