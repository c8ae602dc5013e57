import SwitchyardSwiftRex
import Testing

// BridgeMiddleware 0.1.3's public spellings, written as its users wrote them, with only the import changed.

private struct Row: Identifiable, Equatable, Sendable {
    var id: Int
    var taps = 0
    var highlighted = false
}

private enum RowAction: Equatable, Sendable {
    case tap
    case highlight
}

private enum AppAction: Equatable, Sendable {
    case start
    case started
    case load(String)
    case loaded(String)
    case ping
    case pong
    case row(ElementIDAction<Int, RowAction>)

    var load: String? {
        guard case .load(let value) = self else { return nil }
        return value
    }

    var ping: Void? {
        guard case .ping = self else { return nil }
        return ()
    }

    var row: ElementIDAction<Int, RowAction>? {
        get {
            guard case .row(let value) = self else { return nil }
            return value
        }
        set {
            guard let newValue else { return }
            self = .row(newValue)
        }
    }
}

private struct AppState: Equatable, Sendable {
    var log: [String] = []
    var syncOnLoad = true
    var rows = [Row(id: 1), Row(id: 2)]
}

private let appReducer = Reducer<AppAction, AppState>.reduce { action, state in
    switch action {
    case .start: state.log.append("start")
    case .started: state.log.append("started")
    case .load(let value): state.log.append("load \(value)")
    case .loaded(let value): state.log.append("loaded \(value)")
    case .ping: state.log.append("ping")
    case .pong: state.log.append("pong")
    case .row(let element):
        guard let index = state.rows.firstIndex(where: { $0.id == element.id }) else { return }
        switch element.action {
        case .tap: state.rows[index].taps += 1
        case .highlight: state.rows[index].highlighted = true
        }
    }
}

/// Runs `middleware` in a store and returns the store after `actions`.
private func run(
    _ middleware: BridgeMiddleware<AppAction, AppAction, AppState>,
    _ actions: [AppAction]
) -> Store<AppAction, AppState> {
    let store = Store(initialState: AppState(), reducer: appReducer, middleware: middleware)
    for action in actions { store.dispatch(action) }
    return store
}

@Suite struct BridgeMiddlewareSwiftRexTests {
    @Test func aClosureThatMapsToAnOptionalActionBridgesOnlyWhenItGivesOne() {
        let middleware = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge({ (action: AppAction) -> AppAction? in action == .start ? .started : nil })
        let store = run(middleware, [.start, .ping])
        #expect(store.state.log == ["start", "started", "ping"])
    }

    @Test func aClosurePredicateSeesTheStateAfterTheReducer() {
        let middleware = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge({ action in action == .start ? .started : nil }, when: { getState in getState().log == ["start"] })
        #expect(run(middleware, [.start, .start]).state.log == ["start", "started", "start"])
    }

    @Test func bridgeWithStateLooksAtEveryActionWithTheStateAfterIt() {
        let middleware = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridgeWithState { action, getState in
                guard case .load(let value) = action, getState().syncOnLoad else { return nil }
                return .loaded(value)
            }
        #expect(run(middleware, [.load("a"), .ping]).state.log == ["load a", "loaded a", "ping"])
    }

    @Test func onAKeyPathWithAClosureThatMayGiveNothing() {
        let middleware = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(on: \AppAction.load, dispatch: { value in value.isEmpty ? nil : AppAction.loaded(value) })
        #expect(run(middleware, [.load(""), .load("b")]).state.log == ["load ", "load b", "loaded b"])
    }

    @Test func onAKeyPathWithAValue() {
        let middleware = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(on: \AppAction.ping, dispatch: .pong)
        #expect(run(middleware, [.ping, .start]).state.log == ["ping", "pong", "start"])
    }

    @Test func theDerivedActionSaysWhereItWasBridgedFrom() {
        let middleware = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(on: \AppAction.ping, dispatch: .pong)
        var seen: [String] = []
        let io = middleware.handle(action: .ping, from: ActionSource(file: "F", function: "f", line: 1, info: nil)) {
            AppState()
        }
        io.run(AnyActionHandler { dispatched in seen.append(dispatched.dispatcher.info ?? "") })
        #expect(seen.count == 1)
        #expect(seen.first?.hasPrefix("Bridged from ping at BridgeMiddlewareSwiftRexTests.swift, ") == true)
    }

    @Test func liftedToACollectionItStaysABridgeMiddleware() {
        let rowBridges = BridgeMiddleware<RowAction, RowAction, Row>()
            .bridge({ action in action == .tap ? .highlight : nil })
        let lifted: BridgeMiddleware<AppAction, AppAction, AppState> = rowBridges.liftToCollection(
            action: \AppAction.row,
            stateCollection: \AppState.rows
        )
        #expect(lifted.count == 1)
        let store = run(lifted, [.row(ElementIDAction(id: 2, action: .tap))])
        #expect(store.state.rows == [Row(id: 1), Row(id: 2, taps: 1, highlighted: true)])
    }

    @Test func liftedToACollectionWithClosures() {
        let rowBridges = BridgeMiddleware<RowAction, RowAction, Row>()
            .bridge({ action in action == .tap ? .highlight : nil })
        let lifted: BridgeMiddleware<AppAction, AppAction, AppState> = rowBridges.liftToCollection(
            inputAction: { $0.row },
            outputAction: AppAction.row,
            stateCollection: { $0.rows }
        )
        let store = run(lifted, [.row(ElementIDAction(id: 1, action: .tap))])
        #expect(store.state.rows == [Row(id: 1, taps: 1, highlighted: true), Row(id: 2)])
    }

    @Test func theCoreFormsStillResolveWithTheSwiftRexImport() {
        // The README's forms and the core's, next to the overloads above: none is ambiguous.
        let middleware = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(\AppAction.load >=> AppAction.loaded)
            .bridge(on: \AppAction.load, dispatch: AppAction.loaded)
            .bridge(on: \AppAction.load, dispatch: { AppAction.loaded($0 + "!") })
            .bridge(\AppAction.ping >=> AppAction.pong, when: \.syncOnLoad)
        #expect(middleware.count == 4)
        #expect(
            run(middleware, [.load("c"), .ping]).state.log == [
                "load c", "loaded c", "loaded c", "loaded c!", "ping", "pong",
            ])
    }

    @Test func aBridgeMiddlewareIsAValueItsBridgeCallsReturnANewOne() {
        // BridgeMiddleware 0.1.3 was a class whose `bridge` also changed the instance; here `bridge` returns a new
        // value and leaves the receiver as it was: keep the result (`m = m.bridge(…)`).
        var middleware = BridgeMiddleware<AppAction, AppAction, AppState>()
        _ = middleware.bridge(on: \AppAction.ping, dispatch: .pong)
        #expect(middleware.count == 0)
        middleware = middleware.bridge(on: \AppAction.ping, dispatch: .pong)
        #expect(middleware.count == 1)
        ignore(middleware.count)
    }
}
