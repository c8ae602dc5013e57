import Switchyard
import Testing

/// How an observable view finds and reads the values a reader asks for: the same key path object again, an equal key
/// path built another way, paths that are not stored properties, and more paths than the view keeps at hand.
@MainActor
@Suite struct ObservableStoreKeyPathReadTests {
    final class Token: Sendable {}

    struct Inner: Sendable {
        var label = "a"
        var numbers = [1, 2]
    }

    struct State: Sendable {
        var count = 0
        var title = "t"
        var inner = Inner()
        var optional: Inner?
        var token = Token()
        var empty: Void = ()
        var a = 0, b = 1, c = 2, d = 3, e = 4, f = 5, g = 6, h = 7, i = 8, j = 9
        var doubled: Int { count * 2 }
    }

    enum Action: Sendable {
        case bump, relabel(String), setOptional(Inner?), newToken, bumpLetters
    }

    static let reducer = Reducer<Action, State> { action, state in
        switch action {
        case .bump:
            state.count += 1
            state.title += "!"
            state.inner.numbers.append(state.count)
        case .relabel(let label): state.inner.label = label
        case .setOptional(let inner): state.optional = inner
        case .newToken: state.token = Token()
        case .bumpLetters:
            state.a += 10
            state.j += 10
        }
    }

    func makeView() -> (Store<Action, State>, ObservableStore<Action, State>) {
        let store = Store(initialState: State(), reducer: Self.reducer, scheduling: .mainThread)
        return (store, store.observable())
    }

    @Test func storedValuesOfEveryKindReadTheCurrentState() {
        let (store, view) = makeView()
        #expect(view.count == 0)
        #expect(view.title == "t")
        #expect(view.inner.numbers == [1, 2])
        store.dispatch(.bump)
        store.dispatch(.bump)
        // Read again through the same key path objects, found by identity: the values are the new state's.
        #expect(view.count == 2)
        #expect(view.title == "t!!")
        #expect(view.inner.numbers == [1, 2, 1, 2])
        #expect(view[\.inner.label] == "a")
        store.dispatch(.relabel("b"))
        #expect(view[\.inner.label] == "b")
        let token = store.state.token
        #expect(view.token === token)
        store.dispatch(.newToken)
        #expect(view.token !== token)
        #expect(view.token === store.state.token)
        view.empty
    }

    @Test func pathsThatAreNotStoredPropertiesReadThroughTheKeyPath() {
        let (store, view) = makeView()
        #expect(view.doubled == 0)
        #expect(view[\.optional?.label] == nil)
        store.dispatch(.bump)
        store.dispatch(.setOptional(Inner(label: "o", numbers: [])))
        #expect(view.doubled == 2)
        #expect(view[\.optional?.label] == "o")
    }

    @Test func anEqualKeyPathBuiltAnotherWayReadsAndTracksTheSameValue() {
        let (store, view) = makeView()
        let literal: KeyPath<State, String> = \State.inner.label
        let built: KeyPath<State, String> = (\State.inner).appending(path: \Inner.label)
        #expect(literal == built)
        #expect(literal !== built)
        #expect(view[literal] == "a")
        let reader = Invalidations { _ = view[built] }
        store.dispatch(.relabel("z"))
        #expect(reader.take() == 1)
        #expect(view[built] == "z")
        #expect(view[literal] == "z")
    }

    @Test func moreKeyPathsThanTheViewKeepsAtHandAllReadAndTrackTheirValues() {
        let (store, view) = makeView()
        let paths: [KeyPath<State, Int>] = [\.a, \.b, \.c, \.d, \.e, \.f, \.g, \.h, \.i, \.j, \.count]
        #expect(paths.map { view[$0] } == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0])
        let reader = Invalidations { _ = view.j }  // the tenth path read: not among those kept at hand
        store.dispatch(.bumpLetters)
        #expect(reader.take() == 1)
        #expect(paths.map { view[$0] } == [10, 1, 2, 3, 4, 5, 6, 7, 8, 19, 0])
    }
}
