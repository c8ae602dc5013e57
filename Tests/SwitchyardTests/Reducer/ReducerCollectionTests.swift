import Switchyard
import Testing

@Suite struct ReducerCollectionTests {
    private let initial = ListState(
        rows: [Row(id: 10, count: 0), Row(id: 20, count: 5), Row(id: 30, count: 9)],
        namedRows: [NamedRow(name: "a", count: 1), NamedRow(name: "b", count: 2)]
    )

    private var byID: Reducer<ListAction, ListState> {
        rowReducer.liftToCollection(action: \ListAction.row, stateCollection: \ListState.rows)
    }

    private var byIndex: Reducer<ListAction, ListState> {
        rowReducer.liftToCollection(action: \ListAction.rowAt, stateCollection: \ListState.rows)
    }

    private var byName: Reducer<ListAction, ListState> {
        namedRowReducer.liftToCollection(
            action: \ListAction.named, stateCollection: \ListState.namedRows, identifier: \NamedRow.name)
    }

    private func reduced(_ reducer: Reducer<ListAction, ListState>, _ actions: ListAction...) -> ListState {
        var state = initial
        for action in actions { reducer.reduce(action, &state) }
        return state
    }

    @Test func idFormReducesOnlyTheAddressedElement() {
        var expected = initial
        expected.rows[1].count = 7
        #expect(
            reduced(byID, .row(.init(id: 20, action: .increment)), .row(.init(id: 20, action: .increment))) == expected)
    }

    @Test func idFormIgnoresAnIDNotInTheCollection() {
        #expect(reduced(byID, .row(.init(id: 99, action: .increment))) == initial)
    }

    @Test func idFormIgnoresUnmappedActions() {
        #expect(reduced(byID, .other, .rowAt(.init(index: 0, action: .increment))) == initial)
    }

    @Test func identifierFormFindsTheElementByTheGivenKeyPath() {
        var expected = initial
        expected.namedRows[1].count = 3
        #expect(reduced(byName, .named(.init(id: "b", action: .increment))) == expected)
    }

    @Test func identifierFormIgnoresAnUnknownIdentifier() {
        #expect(reduced(byName, .named(.init(id: "zz", action: .increment))) == initial)
    }

    @Test func indexFormReducesTheElementAtTheIndex() {
        var expected = initial
        expected.rows[2].count = 10
        #expect(reduced(byIndex, .rowAt(.init(index: 2, action: .increment))) == expected)
    }

    @Test(arguments: [-1, 3, 100, Int.min, Int.max])
    func indexFormIgnoresAnIndexOutOfBounds(index: Int) {
        #expect(reduced(byIndex, .rowAt(.init(index: index, action: .increment))) == initial)
    }

    @Test func indexFormWorksOnASliceWithItsOwnIndices() {
        struct SliceState: Equatable {
            var rows: ArraySlice<Row>
        }
        let reducer = rowReducer.liftToCollection(
            action: { (action: ElementIndexAction<Int, RowAction>) in action }, stateCollection: \SliceState.rows)
        let rows = [Row(id: 1, count: 0), Row(id: 2, count: 0), Row(id: 3, count: 0)]
        var state = SliceState(rows: rows[1...])
        reducer.reduce(.init(index: 0, action: .increment), &state)
        reducer.reduce(.init(index: 2, action: .increment), &state)
        #expect(state.rows.map(\.count) == [0, 1])
    }

    @Test func collectionReducersComposeWithOthers() {
        let clear = Reducer<ListAction, ListState> { action, state in
            if action == .removeAll { state.rows.removeAll() }
        }
        let app = byID <> clear <> byID
        var state = initial
        app.reduce(.row(.init(id: 10, action: .increment)), &state)
        #expect(state.rows[0].count == 2)
        app.reduce(.removeAll, &state)
        app.reduce(.row(.init(id: 10, action: .increment)), &state)
        #expect(state.rows.isEmpty)
    }
}
