import IdentifiedCollections
import Observation
import Switchyard
import Testing

/// `scope(collection:action:)`: the rows of a collection as `ForEach` takes them.
@MainActor
@Suite struct ObservableRowsTests {
    struct Todo: Sendable, Equatable, Identifiable {
        let id: Int
        var title: String
        var isDone = false
    }

    enum TodoAction: Sendable, Equatable {
        case toggle
        case rename(String)
    }

    struct State: Sendable, Equatable {
        var todos: [Todo]
        var filter = ""
    }

    enum Action: Sendable, Equatable {
        case todo(ElementIDAction<Int, TodoAction>)
        case insert(Todo, at: Int)
        case remove(Int)
        case move(from: Int, to: Int)
        case setFilter(String)
    }

    static let reducer = Reducer<Action, State> { action, state in
        switch action {
        case .todo(let element):
            guard let index = state.todos.firstIndex(where: { $0.id == element.id }) else { return }
            switch element.action {
            case .toggle: state.todos[index].isDone.toggle()
            case .rename(let title): state.todos[index].title = title
            }
        case .insert(let todo, let index): state.todos.insert(todo, at: index)
        case .remove(let id): state.todos.removeAll { $0.id == id }
        case .move(let from, let to): state.todos.insert(state.todos.remove(at: from), at: to)
        case .setFilter(let filter): state.filter = filter
        }
    }

    let log = DiagnosticsLog()

    func makeStore(count: Int = 3) -> Store<Action, State> {
        Store(
            initialState: State(todos: (1...count).map { Todo(id: $0, title: "todo \($0)") }),
            reducer: Self.reducer,
            scheduling: .mainThread,
            diagnostics: log.diagnostics
        )
    }

    @Test func rowsAreIdentifiedByTheirElementsIDsInTheCollectionsOrder() {
        let view = makeStore().observable()
        let rows = view.scope(collection: \.todos, action: Action.todo)
        #expect(rows.map(\.id) == [1, 2, 3])
        #expect(rows.map(\.title) == ["todo 1", "todo 2", "todo 3"])
        #expect(rows.count == 3 && rows[rows.startIndex].id == 1)
    }

    @Test func aRowViewIsMadeOncePerIDAndKeptThroughMovesInsertsAndRemovals() {
        let store = makeStore()
        let view = store.observable()
        let first = view.scope(collection: \.todos, action: Action.todo).map(ObjectIdentifier.init)
        #expect(view.scope(collection: \.todos, action: Action.todo).map(ObjectIdentifier.init) == first)
        store.dispatch(.move(from: 0, to: 2))
        store.dispatch(.insert(Todo(id: 4, title: "todo 4"), at: 0))
        store.dispatch(.remove(2))
        let rows = view.scope(collection: \.todos, action: Action.todo)
        #expect(rows.map(\.id) == [4, 3, 1])
        let identities = rows.map(ObjectIdentifier.init)
        #expect(identities[1] == first[2])
        #expect(identities[2] == first[0])
        #expect(!first.contains(identities[0]))
    }

    @Test func aRowSendsItsActionsForItsID() {
        let store = makeStore()
        let view = store.observable()
        let rows = view.scope(collection: \.todos, action: Action.todo)
        rows[1].dispatch(.rename("milk"))
        #expect(store.state.todos[1].title == "milk")
        #expect(rows[1].title == "milk")
        #expect(rows[0].title == "todo 1")
    }

    @Test func readingTheRowsDependsOnTheIDsAndTheirOrderOnly() {
        let store = makeStore()
        let view = store.observable()
        let list = Invalidations { _ = view.scope(collection: \.todos, action: Action.todo) }
        store.dispatch(.todo(ElementIDAction(id: 2, action: .toggle)))
        store.dispatch(.setFilter("milk"))
        #expect(list.take() == 0)
        store.dispatch(.move(from: 0, to: 1))
        #expect(list.take() == 1)
        store.dispatch(.insert(Todo(id: 9, title: "new"), at: 3))
        #expect(list.take() == 1)
        store.dispatch(.remove(9))
        #expect(list.take() == 1)
    }

    @Test func aToggledRowOfAThousandInvalidatesThatRowOnly() {
        let store = makeStore(count: 1_000)
        let view = store.observable()
        let rows = view.scope(collection: \.todos, action: Action.todo)
        let readers = rows.map { row in Invalidations { _ = row.isDone } }
        let list = Invalidations { _ = view.scope(collection: \.todos, action: Action.todo) }
        rows[500].dispatch(.toggle)
        #expect(readers.map { $0.take() } == (0..<1_000).map { $0 == 500 ? 1 : 0 })
        #expect(list.take() == 0)
        #expect(rows[500].isDone)
    }

    @Test func aRowWhoseElementLeftKeepsItsLastStateAndReportsEverySend() {
        let store = makeStore()
        let view = store.observable()
        let row = view.scope(collection: \.todos, action: Action.todo)[0]
        store.dispatch(.remove(1))
        row.dispatch(.toggle)
        row.dispatch(.toggle)
        #expect(row.title == "todo 1" && !row.isDone)
        #expect(log.reported == [.scopedElementMissing, .scopedElementMissing])
        // The id comes back: a new row, the old one stays detached.
        store.dispatch(.insert(Todo(id: 1, title: "again"), at: 0))
        let again = view.scope(collection: \.todos, action: Action.todo)[0]
        #expect(again !== row && again.title == "again")
    }
}

/// Rows of elements whose values are not `Equatable`: such a value counts as changed when its row's element did.
@MainActor
@Suite struct ObservableRowsOfValuesThatAreNotEquatableTests {
    struct Body: Sendable {
        var text: String
    }

    struct Note: Sendable, Identifiable {
        let id: Int
        var body: Body
    }

    static let reducer = Reducer<ElementIDAction<Int, String>, [Note]> { action, notes in
        notes[action.id].body.text = action.action
    }

    @Test func anUntouchedRowIsNotInvalidatedEvenByAValueThatIsNotEquatable() {
        let notes = (0..<3).map { Note(id: $0, body: Body(text: "note \($0)")) }
        let store = Store(initialState: notes, reducer: Self.reducer, scheduling: .mainThread)
        let view = store.observable()
        let rows = view.scope(collection: \.self, action: { (action: ElementIDAction<Int, String>) in action })
        let readers = rows.map { row in Invalidations { _ = row.body } }
        let single = view.scope(element: 1, in: \.self, action: { (action: ElementIDAction<Int, String>) in action })!
        let singleReader = Invalidations { _ = single.body }
        rows[1].dispatch("edited")
        #expect(readers.map { $0.take() } == [0, 1, 0])
        #expect(singleReader.take() == 1)
        rows[1].dispatch("edited")
        #expect(readers.map { $0.take() } == [0, 0, 0], "the same text again: the same element, bit for bit")
        #expect(singleReader.take() == 0)
        rows[2].dispatch("again")
        #expect(readers.map { $0.take() } == [0, 0, 1])
        #expect(singleReader.take() == 0)
        #expect(rows[1].body.text == "edited" && rows[0].body.text == "note 0")
    }
}

/// The rows of an `IdentifiedArrayOf`, the collection TCA apps keep their lists in.
@MainActor
@Suite struct ObservableRowsOfIdentifiedArrayTests {
    typealias Todo = ObservableRowsTests.Todo
    typealias TodoAction = ObservableRowsTests.TodoAction

    struct State: Sendable, Equatable {
        var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "milk"), Todo(id: 2, title: "eggs")]
    }

    enum Action: Sendable, Equatable {
        case todo(ElementIDAction<Int, TodoAction>)
        case remove(Int)
    }

    static let reducer = Reducer<Action, State> { action, state in
        switch action {
        case .todo(let element): if element.action == .toggle { state.todos[id: element.id]?.isDone.toggle() }
        case .remove(let id): state.todos.remove(id: id)
        }
    }

    @Test func rowsOfAnIdentifiedArrayAreKeptPerID() {
        let store = Store(initialState: State(), reducer: Self.reducer, scheduling: .mainThread)
        let view = store.observable()
        let rows = view.scope(collection: \.todos, action: Action.todo)
        #expect(rows.map(\.id) == [1, 2])
        rows[1].dispatch(.toggle)
        #expect(store.state.todos[id: 2]?.isDone == true)
        store.dispatch(.remove(1))
        let after = view.scope(collection: \.todos, action: Action.todo)
        #expect(after.map(\.id) == [2])
        #expect(after[0] === rows[1] && after[0].isDone)
    }
}

/// A collection that holds an id more than once: one row per id, showing the first element with it on every state.
@MainActor
@Suite struct ObservableRowsOfRepeatedIDsTests {
    struct Item: Sendable, Equatable, Identifiable {
        let id: Int
        var value: Int
    }

    enum Action: Sendable, Equatable {
        case item(ElementIDAction<Int, Int>)
        case set(at: Int, value: Int)
        case insert(Item, at: Int)
        case remove(at: Int)
        case move(from: Int, to: Int)
    }

    static let reducer = Reducer<Action, [Item]> { action, items in
        switch action {
        case .item(let element):
            guard let index = items.firstIndex(where: { $0.id == element.id }) else { return }
            items[index].value = element.action
        case .set(let index, let value): items[index].value = value
        case .insert(let item, let index): items.insert(item, at: index)
        case .remove(let index): items.remove(at: index)
        case .move(let from, let to): items.insert(items.remove(at: from), at: to)
        }
    }

    func makeStore(_ items: [Item]) -> Store<Action, [Item]> {
        Store(initialState: items, reducer: Self.reducer, scheduling: .mainThread)
    }

    func rows(of view: ObservableStore<Action, [Item]>) -> ObservableRows<Int, Item> {
        view.scope(collection: \.self, action: Action.item)
    }

    @Test func aRepeatedIDsRowShowsTheFirstElementWithItOnEveryState() {
        let store = makeStore([Item(id: 1, value: 10), Item(id: 1, value: 20), Item(id: 2, value: 30)])
        let view = store.observable()
        let list = rows(of: view)
        #expect(list.map(\.id) == [1, 1, 2])
        #expect(list[0] === list[1], "one row for the id, at each of its positions")
        let row = list[0]
        let reader = Invalidations { _ = row.value }
        #expect(row.value == 10)
        store.dispatch(.set(at: 2, value: 31))
        #expect(row.value == 10, "an action that changes only id 2")
        var shown: [Int] = []
        for value in 32..<82 {
            store.dispatch(.set(at: 2, value: value))
            shown.append(row.value)
        }
        #expect(shown == Array(repeating: 10, count: 50), "never the second element's 20")
        #expect(reader.take() == 0, "the first element never changed")
        #expect(list[2].value == 81)
    }

    @Test func aLaterElementWithARepeatedIDNeverWritesToItsRow() {
        let store = makeStore([Item(id: 1, value: 10), Item(id: 2, value: 30), Item(id: 1, value: 20)])
        let view = store.observable()
        let row = rows(of: view)[0]
        let reader = Invalidations { _ = row.value }
        for value in 21..<31 { store.dispatch(.set(at: 2, value: value)) }
        #expect(row.value == 10)
        #expect(reader.take() == 0)
        store.dispatch(.set(at: 0, value: 11))
        #expect(row.value == 11, "the first element writes to it")
        #expect(reader.take() == 1)
        store.dispatch(.set(at: 1, value: 31))
        #expect(row.value == 11)
        #expect(reader.take() == 0)
    }

    @Test func anIDThatIsRepeatedLaterKeepsItsRowShowingTheFirstElement() {
        let store = makeStore([Item(id: 1, value: 10), Item(id: 2, value: 30)])
        let view = store.observable()
        let row = rows(of: view)[0]
        store.dispatch(.insert(Item(id: 1, value: 20), at: 2))
        let after = rows(of: view)
        #expect(after.map(\.id) == [1, 2, 1])
        #expect(after[0] === row && after[2] === row)
        #expect(row.value == 10)
        for value in 31..<41 {
            store.dispatch(.set(at: 1, value: value))
            #expect(row.value == 10)
        }
        // Repeated in front of the first: the new first element is shown.
        store.dispatch(.insert(Item(id: 1, value: 5), at: 0))
        #expect(rows(of: view).map(\.id) == [1, 1, 2, 1])
        #expect(rows(of: view)[0] === row && row.value == 5)
        for value in 41..<51 {
            store.dispatch(.set(at: 2, value: value))
            #expect(row.value == 5)
        }
    }

    @Test func removingTheFirstElementOfARepeatedIDShowsTheNextOne() {
        let store = makeStore([
            Item(id: 1, value: 10), Item(id: 1, value: 20), Item(id: 1, value: 40), Item(id: 2, value: 30),
        ])
        let view = store.observable()
        let row = rows(of: view)[0]
        store.dispatch(.set(at: 3, value: 31))
        #expect(row.value == 10)
        store.dispatch(.remove(at: 0))
        #expect(rows(of: view).map(\.id) == [1, 1, 2])
        #expect(rows(of: view)[0] === row, "the id stayed: its row is kept")
        #expect(row.value == 20)
        for value in 32..<42 {
            store.dispatch(.set(at: 2, value: value))
            #expect(row.value == 20)
        }
        store.dispatch(.remove(at: 0))
        #expect(row.value == 40)
        store.dispatch(.set(at: 1, value: 42))
        #expect(row.value == 40)
    }

    @Test func repeatedIDsThatMoveKeepOneRowShowingTheFirstElement() {
        let store = makeStore([Item(id: 1, value: 10), Item(id: 2, value: 30), Item(id: 1, value: 20)])
        let view = store.observable()
        let first = rows(of: view)
        let row = first[0]
        store.dispatch(.move(from: 2, to: 0))
        #expect(rows(of: view).map(\.id) == [1, 1, 2])
        #expect(rows(of: view)[0] === row && rows(of: view)[1] === row && rows(of: view)[2] === first[1])
        #expect(row.value == 20)
        for value in 31..<41 {
            store.dispatch(.set(at: 2, value: value))
            #expect(row.value == 20)
        }
        store.dispatch(.move(from: 2, to: 0))
        #expect(rows(of: view).map(\.id) == [2, 1, 1])
        #expect(row.value == 20)
        store.dispatch(.move(from: 2, to: 1))
        #expect(row.value == 10, "the element with 10 is first again")
        for value in 41..<51 {
            store.dispatch(.set(at: 0, value: value))
            #expect(row.value == 10)
        }
        #expect(rows(of: view)[0].value == 50)
    }
}
