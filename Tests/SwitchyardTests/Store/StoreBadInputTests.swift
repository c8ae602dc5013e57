import Switchyard
import Testing

/// Input that a lift does not map, or that addresses no element, is ignored; misuse is reported
/// through the diagnostics hook and the store keeps working.
@Suite struct StoreBadInputTests {
    struct Row: Identifiable, Equatable, Sendable {
        let id: Int
        var value = 0
    }

    enum RowAction: Sendable, Equatable { case bump }
    enum CounterAction: Sendable, Equatable { case add(Int) }

    enum Action: Sendable, Equatable {
        case row(ElementIDAction<Int, RowAction>)
        case rowAt(ElementIndexAction<Int, RowAction>)
        case counter(CounterAction)
        case unrelated
    }

    struct ListState: Equatable, Sendable {
        var rows = [Row(id: 1), Row(id: 2)]
        var total = 0
    }

    /// What the lifted middlewares were asked to handle.
    struct Seen: Sendable {
        let rowIDs = Log<Int>()
        let counterActions = Log<CounterAction>()
    }

    static func rowID(_ action: Action) -> ElementIDAction<Int, RowAction>? {
        if case .row(let elementAction) = action { elementAction } else { nil }
    }

    static func rowIndex(_ action: Action) -> ElementIndexAction<Int, RowAction>? {
        if case .rowAt(let elementAction) = action { elementAction } else { nil }
    }

    static func counter(_ action: Action) -> CounterAction? {
        if case .counter(let counterAction) = action { counterAction } else { nil }
    }

    /// A store whose reducer and middleware are all lifted: by action, by element id and by element index.
    static func makeStore(
        _ seen: Seen,
        diagnostics: StoreDiagnostics = .ignore
    ) -> Store<Action, ListState> {
        let rowReducer = Reducer<RowAction, Row> { _, row in row.value += 1 }
        let counterReducer = Reducer<CounterAction, Int> { action, total in
            if case .add(let amount) = action { total += amount }
        }
        let reducer: Reducer<Action, ListState> =
            rowReducer.liftToCollection(action: Self.rowID, stateCollection: \ListState.rows)
            <> rowReducer.liftToCollection(action: Self.rowIndex, stateCollection: \ListState.rows)
            <> counterReducer.lift(action: Self.counter, state: \ListState.total)

        let rowMiddleware = AnyMiddleware<RowAction, RowAction, Row> { _, _, state in
            seen.rowIDs.append(state().id)
            return .pure()
        }
        let counterMiddleware = AnyMiddleware<CounterAction, CounterAction, Int> { action, _, _ in
            seen.counterActions.append(action)
            return .pure()
        }
        let middleware =
            rowMiddleware.liftToCollection(
                inputAction: Self.rowID,
                outputAction: Action.row,
                state: { (state: ListState) in state.rows }
            )
            <> rowMiddleware.liftToCollection(
                inputAction: Self.rowIndex,
                outputAction: Action.rowAt,
                state: { (state: ListState) in state.rows }
            )
            <> counterMiddleware.lift(
                inputAction: Self.counter,
                outputAction: Action.counter,
                state: { (state: ListState) in state.total }
            )
        return Store(initialState: ListState(), reducer: reducer, middleware: middleware, diagnostics: diagnostics)
    }

    @Test func actionsThatLiftedMiddlewaresAndReducersDoNotMapAreIgnored() {
        let seen = Seen()
        let store = Self.makeStore(seen)
        let notified = Counter()
        let subscription = store.subscribe { _ in notified.increment() }
        store.dispatch(.unrelated)
        #expect(store.state == ListState())
        #expect(seen.rowIDs.values.isEmpty && seen.counterActions.values.isEmpty)
        #expect(notified.value == 0)
        // The same store handles the actions it maps.
        store.dispatch(.counter(.add(5)))
        #expect(store.state.total == 5)
        #expect(seen.counterActions.values == [.add(5)])
        subscription.cancel()
    }

    @Test func elementIDThatIsNotInTheCollectionIsIgnored() {
        let seen = Seen()
        let store = Self.makeStore(seen)
        store.dispatch(.row(ElementIDAction(id: 99, action: .bump)))
        #expect(store.state == ListState())
        #expect(seen.rowIDs.values.isEmpty)
        store.dispatch(.row(ElementIDAction(id: 2, action: .bump)))
        #expect(store.state.rows == [Row(id: 1), Row(id: 2, value: 1)])
        #expect(seen.rowIDs.values == [2])
    }

    @Test(arguments: [-1, 2, 5, Int.max])
    func elementIndexOutOfBoundsIsIgnored(index: Int) {
        let seen = Seen()
        let store = Self.makeStore(seen)
        store.dispatch(.rowAt(ElementIndexAction(index: index, action: .bump)))
        #expect(store.state == ListState())
        #expect(seen.rowIDs.values.isEmpty)
        store.dispatch(.rowAt(ElementIndexAction(index: 0, action: .bump)))
        #expect(store.state.rows == [Row(id: 1, value: 1), Row(id: 2)])
        #expect(seen.rowIDs.values == [1])
    }

    final class CountingMiddleware: MiddlewareProtocol, Sendable {
        let handled = Counter()

        // Written out: the protocol's default is deprecated, and using it is a warning.
        func receiveContext(getState: @escaping GetState<ListState>, output: AnyActionHandler<Action>) {}

        func handle(action: Action, from dispatcher: ActionSource, state: @escaping GetState<ListState>) -> IO<Action> {
            handled.increment()
            return .pure()
        }
    }

    @Test func registeringTheSameRuntimeMiddlewareTwiceIsReportedRunsOnceAndTheStoreKeepsWorking() {
        let reports = Log<StoreDiagnostic>()
        let store = Self.makeStore(Seen(), diagnostics: StoreDiagnostics { reports.append($0) })
        let middleware = CountingMiddleware()
        let first = store.runtimeMiddlewares.add(middleware)
        #expect(reports.values.isEmpty)
        let second = store.runtimeMiddlewares.add(middleware)
        #expect(reports.values.map(\.kind) == [.duplicateRegistration])
        #expect(reports.values.first?.message.contains("already registered") == true)
        #expect(second === first)
        #expect(store.runtimeMiddlewares.count == 1)
        store.dispatch(.counter(.add(1)))
        store.dispatch(.counter(.add(2)))
        #expect(middleware.handled.value == 2)
        #expect(store.state.total == 3)
    }

    @Test func projectionDropsAViewActionItDoesNotMapAndReportsItInDebugBuilds() {
        enum ViewAction: Sendable { case add, unknownTap }
        let reports = Log<StoreDiagnostic>()
        let seen = Seen()
        let store = Self.makeStore(seen, diagnostics: StoreDiagnostics { reports.append($0) })
        let projection = store.projection(
            action: { (viewAction: ViewAction) -> Action? in viewAction == .add ? .counter(.add(1)) : nil },
            state: { $0.total }
        )
        projection.dispatch(.unknownTap)
        #expect(store.state == ListState())
        #expect(seen.counterActions.values.isEmpty)
        #if DEBUG
            #expect(reports.values.map(\.kind) == [.unmappedAction])
            #expect(reports.values.first?.message.contains("unknownTap") == true)
        #else
            #expect(reports.values.isEmpty)
        #endif
        projection.dispatch(.add)
        #expect(projection.state == 1)
    }
}
