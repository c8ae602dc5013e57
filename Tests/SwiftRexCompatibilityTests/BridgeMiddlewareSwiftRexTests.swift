import SwitchyardSwiftRex
import Testing

// BridgeMiddleware 0.1.3's public spellings, written as its users wrote them, with only the import changed.

private struct BridgedRow: Identifiable, Equatable, Sendable {
    var id: Int
    var taps = 0
    var highlighted = false
}

private enum BridgedRowAction: Equatable, Sendable {
    case tap
    case highlight
}

private enum BridgedAppAction: Equatable, Sendable {
    case start
    case started
    case load(String)
    case loaded(String)
    case ping
    case pong
    case row(ElementIDAction<Int, BridgedRowAction>)

    var load: String? {
        guard case .load(let value) = self else { return nil }
        return value
    }

    var ping: Void? {
        guard case .ping = self else { return nil }
        return ()
    }

    var row: ElementIDAction<Int, BridgedRowAction>? {
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

private struct BridgedAppState: Equatable, Sendable {
    var log: [String] = []
    var syncOnLoad = true
    var rows = [BridgedRow(id: 1), BridgedRow(id: 2)]
}

private let bridgedAppReducer = Reducer<BridgedAppAction, BridgedAppState>.reduce { action, state in
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
    _ middleware: BridgeMiddleware<BridgedAppAction, BridgedAppAction, BridgedAppState>,
    _ actions: [BridgedAppAction]
) -> Store<BridgedAppAction, BridgedAppState> {
    let store = Store(initialState: BridgedAppState(), reducer: bridgedAppReducer, middleware: middleware)
    for action in actions { store.dispatch(action) }
    return store
}

@Suite struct BridgeMiddlewareSwiftRexTests {
    @Test func aClosureThatMapsToAnOptionalActionBridgesOnlyWhenItGivesOne() {
        let middleware = BridgeMiddleware<BridgedAppAction, BridgedAppAction, BridgedAppState>()
            .bridge({ (action: BridgedAppAction) -> BridgedAppAction? in action == .start ? .started : nil })
        let store = run(middleware, [.start, .ping])
        #expect(store.state.log == ["start", "started", "ping"])
    }

    @Test func aClosurePredicateSeesTheStateAfterTheReducer() {
        let middleware = BridgeMiddleware<BridgedAppAction, BridgedAppAction, BridgedAppState>()
            .bridge({ action in action == .start ? .started : nil }, when: { getState in getState().log == ["start"] })
        #expect(run(middleware, [.start, .start]).state.log == ["start", "started", "start"])
    }

    @Test func bridgeWithStateLooksAtEveryActionWithTheStateAfterIt() {
        let middleware = BridgeMiddleware<BridgedAppAction, BridgedAppAction, BridgedAppState>()
            .bridgeWithState { action, getState in
                guard case .load(let value) = action, getState().syncOnLoad else { return nil }
                return .loaded(value)
            }
        #expect(run(middleware, [.load("a"), .ping]).state.log == ["load a", "loaded a", "ping"])
    }

    @Test func onAKeyPathWithAClosureThatMayGiveNothing() {
        let middleware = BridgeMiddleware<BridgedAppAction, BridgedAppAction, BridgedAppState>()
            .bridge(
                on: \BridgedAppAction.load, dispatch: { value in value.isEmpty ? nil : BridgedAppAction.loaded(value) })
        #expect(run(middleware, [.load(""), .load("b")]).state.log == ["load ", "load b", "loaded b"])
    }

    @Test func onAKeyPathWithAValue() {
        let middleware = BridgeMiddleware<BridgedAppAction, BridgedAppAction, BridgedAppState>()
            .bridge(on: \BridgedAppAction.ping, dispatch: .pong)
        #expect(run(middleware, [.ping, .start]).state.log == ["ping", "pong", "start"])
    }

    @Test func theDerivedActionSaysWhereItWasBridgedFrom() {
        let middleware = BridgeMiddleware<BridgedAppAction, BridgedAppAction, BridgedAppState>()
            .bridge(on: \BridgedAppAction.ping, dispatch: .pong)
        var seen: [String] = []
        let io = middleware.handle(action: .ping, from: ActionSource(file: "F", function: "f", line: 1, info: nil)) {
            BridgedAppState()
        }
        io.run(AnyActionHandler { dispatched in seen.append(dispatched.dispatcher.info ?? "") })
        #expect(seen.count == 1)
        #expect(
            seen.first?.hasPrefix(
                "Bridged from ping at SwiftRexCompatibilityTests/BridgeMiddlewareSwiftRexTests.swift, ")
                == true)
    }

    @Test func theProvenanceNamesTheFileAndFunctionAsGivenAs0_1_3Did() {
        let middleware = BridgeMiddleware<BridgedAppAction, BridgedAppAction, BridgedAppState>()
            .bridge(
                on: \BridgedAppAction.ping, dispatch: .pong, file: "/Users/me/App/Bridges.swift", line: 7,
                function: "App")
        var seen: [String] = []
        middleware.handle(action: .ping, from: ActionSource(file: "F", function: "f", line: 1, info: nil)) {
            BridgedAppState()
        }
        .run(AnyActionHandler { dispatched in seen.append(dispatched.dispatcher.info ?? "") })
        #expect(seen == ["Bridged from ping at /Users/me/App/Bridges.swift, App:7"])
    }

    @Test func liftedToACollectionItStaysABridgeMiddleware() {
        let rowBridges = BridgeMiddleware<BridgedRowAction, BridgedRowAction, BridgedRow>()
            .bridge({ action in action == .tap ? .highlight : nil })
        let lifted: BridgeMiddleware<BridgedAppAction, BridgedAppAction, BridgedAppState> = rowBridges.liftToCollection(
            action: \BridgedAppAction.row,
            stateCollection: \BridgedAppState.rows
        )
        #expect(lifted.count == 1)
        let store = run(lifted, [.row(ElementIDAction(id: 2, action: .tap))])
        #expect(store.state.rows == [BridgedRow(id: 1), BridgedRow(id: 2, taps: 1, highlighted: true)])
    }

    @Test func liftedToACollectionTheProvenanceNamesTheAppsActionAs0_1_3Did() {
        let rowBridges = BridgeMiddleware<BridgedRowAction, BridgedRowAction, BridgedRow>()
            .bridge({ action in action == .tap ? .highlight : nil }, file: "Rows.swift", line: 3, function: "rows")
        let byKeyPath: BridgeMiddleware<BridgedAppAction, BridgedAppAction, BridgedAppState> =
            rowBridges.liftToCollection(action: \BridgedAppAction.row, stateCollection: \BridgedAppState.rows)
        let byClosures: BridgeMiddleware<BridgedAppAction, BridgedAppAction, BridgedAppState> =
            rowBridges.liftToCollection(
                inputAction: { $0.row }, outputAction: BridgedAppAction.row, stateCollection: { $0.rows })
        for lifted in [byKeyPath, byClosures] {
            var seen: [String] = []
            lifted.handle(
                action: .row(ElementIDAction(id: 2, action: .tap)),
                from: ActionSource(file: "F", function: "f", line: 1, info: "tapped")
            ) { BridgedAppState() }
            .run(AnyActionHandler { dispatched in seen.append(dispatched.dispatcher.info ?? "") })
            // "Bridged from row(ElementIDAction(id: 2, action: tap)) at …", with the types' full names.
            #expect(seen.count == 1)
            let line = seen.first ?? ""
            #expect(line.hasPrefix("tapped\nBridged from row("))
            #expect(line.contains("id: 2"))
            #expect(line.hasSuffix(".tap)) at Rows.swift, rows:3"))
        }
    }

    @Test func liftedToACollectionWithClosures() {
        let rowBridges = BridgeMiddleware<BridgedRowAction, BridgedRowAction, BridgedRow>()
            .bridge({ action in action == .tap ? .highlight : nil })
        let lifted: BridgeMiddleware<BridgedAppAction, BridgedAppAction, BridgedAppState> = rowBridges.liftToCollection(
            inputAction: { $0.row },
            outputAction: BridgedAppAction.row,
            stateCollection: { $0.rows }
        )
        let store = run(lifted, [.row(ElementIDAction(id: 1, action: .tap))])
        #expect(store.state.rows == [BridgedRow(id: 1, taps: 1, highlighted: true), BridgedRow(id: 2)])
    }

    @Test func theCoreFormsStillResolveWithTheSwiftRexImport() {
        // The README's forms and the core's, next to the overloads above: none is ambiguous.
        let middleware = BridgeMiddleware<BridgedAppAction, BridgedAppAction, BridgedAppState>()
            .bridge(\BridgedAppAction.load >=> BridgedAppAction.loaded)
            .bridge(on: \BridgedAppAction.load, dispatch: BridgedAppAction.loaded)
            .bridge(on: \BridgedAppAction.load, dispatch: { BridgedAppAction.loaded($0 + "!") })
            .bridge(\BridgedAppAction.ping >=> BridgedAppAction.pong, when: \.syncOnLoad)
        #expect(middleware.count == 4)
        #expect(
            run(middleware, [.load("c"), .ping]).state.log == [
                "load c", "loaded c", "loaded c", "loaded c!", "ping", "pong",
            ])
    }

    @Test func aBridgeMiddlewareIsAValueItsBridgeCallsReturnANewOne() {
        // BridgeMiddleware 0.1.3 was a class whose `bridge` also changed the instance; here `bridge` returns a new
        // value and leaves the receiver as it was: keep the result (`m = m.bridge(…)`).
        var middleware = BridgeMiddleware<BridgedAppAction, BridgedAppAction, BridgedAppState>()
        _ = middleware.bridge(on: \BridgedAppAction.ping, dispatch: .pong)
        #expect(middleware.count == 0)
        middleware = middleware.bridge(on: \BridgedAppAction.ping, dispatch: .pong)
        #expect(middleware.count == 1)
        ignore(middleware.count)
    }
}
