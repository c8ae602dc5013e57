import Switchyard
import Testing

@Suite struct LiftToCollectionMiddlewareTests {
    private let initial = ListState(rows: [Row(id: 10, count: 0), Row(id: 20, count: 5)])

    /// Increments the addressed row, by id or by index, and empties the list on `.removeAll`.
    private var listReducer: Reducer<ListAction, ListState> {
        rowReducer.liftToCollection(action: \ListAction.row, stateCollection: \ListState.rows)
            <> rowReducer.liftToCollection(action: \ListAction.rowAt, stateCollection: \ListState.rows)
            <> Reducer { action, state in if action == .removeAll { state.rows.removeAll() } }
    }

    private func harness<M: MiddlewareProtocol>(
        _ middleware: M
    ) -> PipelineHarness<M> where M.InputActionType == ListAction, M.StateType == ListState {
        PipelineHarness(state: initial, reducer: listReducer, middleware: middleware)
    }

    private func byID(_ trace: Trace) -> some MiddlewareProtocol<ListAction, ListAction, ListState> & Sendable {
        RowMiddleware(trace: trace).liftToCollection(
            inputAction: \ListAction.row, outputAction: ListAction.row, state: \ListState.rows)
    }

    private func byIndex(_ trace: Trace) -> some MiddlewareProtocol<ListAction, ListAction, ListState> & Sendable {
        RowMiddleware(trace: trace).liftToCollection(
            inputAction: \ListAction.rowAt, outputAction: ListAction.rowAt, state: \ListState.rows)
    }

    @Test func idFormHandlesTheAddressedElementBeforeAndAfterTheReducer() {
        let trace = Trace()
        let harness = harness(byID(trace))
        harness.send(.row(.init(id: 20, action: .increment)))
        #expect(trace.entries == ["handle increment row 20 count 5", "io row 20 count 6"])
        #expect(harness.dispatched.actions == [.row(.init(id: 20, action: .reported(count: 6)))])
    }

    @Test func idFormKeepsTheSourceOfTheElementsDispatch() {
        let harness = harness(byID(Trace()))
        harness.send(.row(.init(id: 10, action: .report)))
        #expect(harness.dispatched.values[0].dispatcher.file == "SwitchyardTests/CollectionTypes.swift")
    }

    @Test func idFormIgnoresAnIDNotInTheCollection() {
        let trace = Trace()
        let middleware = byID(trace)
        let io = middleware.handle(action: .row(.init(id: 99, action: .report)), from: .here(), state: { initial })
        #expect(io.isPure)
        #expect(trace.entries.isEmpty)
    }

    @Test func idFormIgnoresUnmappedActions() {
        let trace = Trace()
        let io = byID(trace).handle(action: .other, from: .here(), state: { initial })
        #expect(io.isPure)
        #expect(trace.entries.isEmpty)
    }

    @Test func idFormReadsTheLastSeenElementAfterItIsRemoved() {
        let trace = Trace()
        let middleware = byID(trace)
        let box = StateBox(initial)
        let io = middleware.handle(
            action: .row(.init(id: 20, action: .report)), from: .here(), state: { box.value })
        box.mutate { $0.rows.removeAll() }
        let recorder = Recorder<ListAction>()
        io.run(AnyActionHandler { recorder.append($0) })
        #expect(trace.entries == ["handle report row 20 count 5", "io row 20 count 5"])
        #expect(recorder.actions == [.row(.init(id: 20, action: .reported(count: 5)))])
    }

    @Test func keyPathFormWritesTheOutputIntoTheGlobalAction() {
        let trace = Trace()
        let middleware = RowMiddleware(trace: trace).liftToCollection(
            action: \ListAction.row, stateCollection: \ListState.rows)
        let harness = harness(middleware)
        harness.send(.row(.init(id: 10, action: .report)))
        harness.send(.row(.init(id: 77, action: .report)))
        harness.send(.other)
        #expect(trace.entries == ["handle report row 10 count 0", "io row 10 count 0"])
        #expect(harness.dispatched.actions == [.row(.init(id: 10, action: .reported(count: 0)))])
    }

    @Test func keyPathFormReturnsPureIOForIgnoredActions() {
        let middleware = RowMiddleware(trace: Trace()).liftToCollection(
            action: \ListAction.row, stateCollection: \ListState.rows)
        #expect(middleware.handle(action: .other, from: .here(), state: { initial }).isPure)
        #expect(
            middleware.handle(action: .row(.init(id: 5, action: .report)), from: .here(), state: { initial }).isPure)
    }

    @Test func indexFormHandlesTheElementAtTheIndex() {
        let trace = Trace()
        let harness = harness(byIndex(trace))
        harness.send(.rowAt(.init(index: 0, action: .increment)))
        #expect(trace.entries == ["handle increment row 10 count 0", "io row 10 count 1"])
        #expect(harness.dispatched.actions == [.rowAt(.init(index: 0, action: .reported(count: 1)))])
    }

    @Test(arguments: [-1, 2, 50, Int.min, Int.max])
    func indexFormIgnoresAnIndexOutOfBounds(index: Int) {
        let trace = Trace()
        let harness = harness(byIndex(trace))
        let io = byIndex(trace).handle(action: .rowAt(.init(index: index, action: .report)), from: .here()) {
            initial
        }
        harness.send(.rowAt(.init(index: index, action: .increment)))
        #expect(io.isPure)
        #expect(trace.entries.isEmpty)
        #expect(harness.dispatched.actions.isEmpty)
        #expect(harness.state == initial)
    }

    @Test func indexFormReadsTheLastSeenElementAfterItIsRemoved() {
        let trace = Trace()
        let harness = harness(byIndex(trace))
        harness.send(.rowAt(.init(index: 1, action: .report)))
        let box = StateBox(initial)
        let io = byIndex(trace).handle(action: .rowAt(.init(index: 1, action: .report)), from: .here()) {
            box.value
        }
        box.mutate { $0.rows.removeAll() }
        io.run(AnyActionHandler { _ in })
        #expect(trace.entries.last == "io row 20 count 5")
    }

    @Test func elementMiddlewaresComposeWithEachOther() {
        let trace = Trace()
        let harness = harness(byID(trace) <> byIndex(trace))
        harness.send(.row(.init(id: 10, action: .report)))
        harness.send(.rowAt(.init(index: 1, action: .report)))
        #expect(
            harness.dispatched.actions == [
                .row(.init(id: 10, action: .reported(count: 0))),
                .rowAt(.init(index: 1, action: .reported(count: 5))),
            ])
    }
}
