import Switchyard
import Testing

@Suite struct BridgeMiddlewareLiftTests {
    /// A row of a list, for bridges lifted to a collection.
    struct Row: Identifiable, Sendable, Equatable {
        let id: Int
        var isSelected = false
    }

    enum RowAction: Sendable, Equatable {
        case tapped
        case select

        var tapped: Void? { self == .tapped ? () : nil }
    }

    struct ListState: Sendable, Equatable {
        var rows: [Row]
        var title = "list"
    }

    enum ListAction: Sendable, Equatable {
        case row(ElementIDAction<Int, RowAction>?)
        case titleChanged(String)
        case announce(String)

        var row: ElementIDAction<Int, RowAction>? {
            get {
                guard case .row(let action) = self else { return nil }
                return action
            }
            set { self = .row(newValue) }
        }

        var titleChanged: String? {
            guard case .titleChanged(let title) = self else { return nil }
            return title
        }
    }

    let source = ActionSource(file: "List/ListView.swift", function: "body", line: 9, info: nil)

    @Test func liftedBridgeMapsActionsAndState() {
        let local = BridgeMiddleware<String, String, String>()
            .bridge(Bridge(on: { (text: String) in text }, dispatch: { text, title in "\(title): \(text)" }))
        let lifted = local.lift(
            inputAction: \ListAction.titleChanged,
            outputAction: ListAction.announce,
            state: \ListState.title)
        let pipeline = ManualPipeline(
            state: ListState(rows: []), middleware: lifted,
            reducer: Reducer<ListAction, ListState> { action, state in
                if case .titleChanged(let title) = action { state.title = title }
            })
        let result = pipeline.step(.titleChanged("new"), from: source)
        #expect(result.dispatched.map(\.action) == [.announce("new: new")])
        #expect(result.dispatched[0].dispatcher.file == "List/ListView.swift")
        #expect(pipeline.step(.announce("ignored"), from: source).ioIsPure)
    }

    @Test func bridgeLiftedToCollectionRunsForAddressedElement() {
        let rowBridges = BridgeMiddleware<RowAction, RowAction, Row>()
            .bridge(\RowAction.tapped >=> RowAction.select, when: { !$0().isSelected })
        let lifted = rowBridges.liftToCollection(action: \ListAction.row, stateCollection: \ListState.rows)
        let pipeline = ManualPipeline(
            state: ListState(rows: [Row(id: 1), Row(id: 2, isSelected: true)]), middleware: lifted,
            reducer: .identity)

        let tapped = pipeline.step(.row(ElementIDAction(id: 1, action: .tapped)), from: source)
        #expect(tapped.dispatched.map(\.action) == [.row(ElementIDAction(id: 1, action: .select))])
        #expect(tapped.dispatched[0].dispatcher.line == 9)
        #expect(tapped.dispatched[0].dispatcher.info?.hasPrefix("Bridged from tapped at ") == true)

        #expect(pipeline.step(.row(ElementIDAction(id: 2, action: .tapped)), from: source).dispatched.isEmpty)
        #expect(pipeline.step(.row(ElementIDAction(id: 3, action: .tapped)), from: source).ioIsPure)
    }
}

extension BridgeMiddlewareLiftTests {
    /// The lifecycle module's actions, which a bridge turns into reachability's: different input and output types.
    enum Lifecycle: Sendable, Equatable {
        case didBecomeActive

        var didBecomeActive: Void? { self == .didBecomeActive ? () : nil }
    }

    enum Reachability: Sendable, Equatable {
        case startMonitoring
    }

    enum App: Sendable, Equatable {
        case lifecycle(Lifecycle)
        case reachability(Reachability)

        var lifecycle: Lifecycle? {
            guard case .lifecycle(let action) = self else { return nil }
            return action
        }
    }

    @Test func aBridgeBetweenTwoActionTypesIsLiftedIntoTheApp() {
        let bridge = BridgeMiddleware<Lifecycle, Reachability, Bool>()
            .bridge(\Lifecycle.didBecomeActive >=> Reachability.startMonitoring, when: \.self)
        let lifted = bridge.lift(
            inputAction: \App.lifecycle, outputAction: App.reachability, state: { (on: Bool) in on })
        let recorder = Recorder<App>()
        let store = Store(initialState: true, reducer: Reducer<App, Bool> { _, _ in }, middleware: lifted)
        let subscription = store.runtimeMiddlewares.add(
            AnyMiddleware { action, source, _ in
                recorder.append(DispatchedAction(action, dispatcher: source))
                return .pure()
            })
        store.dispatch(.lifecycle(.didBecomeActive))
        let line = #line - 1
        subscription.remove()
        let dispatched = recorder.values
        #expect(dispatched.map(\.action) == [.lifecycle(.didBecomeActive), .reachability(.startMonitoring)])
        #expect(dispatched.last?.dispatcher.line == UInt(line))
        #expect(
            dispatched.last?.dispatcher.info?.hasPrefix(
                "Bridged from didBecomeActive at BridgeMiddleware+LiftTests.swift") == true)
    }
}

extension BridgeMiddlewareLiftTests {
    @Test func aStateBridgeDerivesFromThePayloadAndTheStateAfterTheReducer() {
        let bridges = BridgeMiddleware<Lifecycle, Reachability, Bool>()
            .bridge(\Lifecycle.didBecomeActive >=> { (_: Void, on: Bool) in Reachability.startMonitoring })
            .bridge(\Lifecycle.didBecomeActive >=> { (_: Void, _: Bool) in Reachability.startMonitoring }, when: \.self)
        let recorder = Recorder<Reachability>()
        let io = bridges.handle(action: .didBecomeActive, from: .here(), state: { false })
        io.run(AnyActionHandler { recorder.append($0) })
        #expect(recorder.values.map(\.action) == [.startMonitoring])
    }
}

/// A bridge declared by a global `let`, where `#function` names the module.
let topLevelBridge = BridgeMiddleware<
    BridgeMiddlewareLiftTests.Lifecycle, BridgeMiddlewareLiftTests.Reachability, Bool
>()
.bridge(\BridgeMiddlewareLiftTests.Lifecycle.didBecomeActive >=> BridgeMiddlewareLiftTests.Reachability.startMonitoring)

extension BridgeMiddlewareLiftTests {
    @Test func aBridgeDeclaredAtTheTopLevelSaysSoInsteadOfNamingTheModule() {
        let recorder = Recorder<Reachability>()
        let io = topLevelBridge.handle(action: .didBecomeActive, from: .here(), state: { true })
        io.run(AnyActionHandler { recorder.append($0) })
        let info = recorder.values.first?.dispatcher.info ?? ""
        #expect(info.contains("at BridgeMiddleware+LiftTests.swift, top level:"))
        #expect(!info.contains("SwitchyardTests:"))
    }
}
