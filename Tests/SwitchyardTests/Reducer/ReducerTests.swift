import Switchyard
import Testing

@Suite struct ReducerTests {
    private enum CounterAction: Equatable, Sendable {
        case increment
        case decrement
        case set(Int)
    }

    private struct Settings: Equatable {
        var volume = 0
        var name = ""
    }

    private struct AppState: Equatable {
        var counter = 0
        var settings = Settings()
        var log: [String] = []
    }

    private enum AppAction: Equatable {
        case counter(CounterAction)
        case rename(String)
        case other

        var counter: CounterAction? {
            guard case let .counter(action) = self else { return nil }
            return action
        }

        var rename: String? {
            guard case let .rename(name) = self else { return nil }
            return name
        }
    }

    private let counter = Reducer<CounterAction, Int> { action, state in
        switch action {
        case .increment: state += 1
        case .decrement: state -= 1
        case let .set(value): state = value
        }
    }

    /// Non-commuting reducers, so that order and grouping show in the result.
    private let double = Reducer<CounterAction, Int> { _, state in state *= 2 }
    private let addThree = Reducer<CounterAction, Int> { _, state in state += 3 }

    private let actions: [CounterAction] = [.increment, .set(5), .decrement, .increment, .set(-2)]

    /// Runs `reducer` over `actions` from `initial`, returning every intermediate state.
    private func states<A, S>(_ reducer: Reducer<A, S>, from initial: S, over actions: [A]) -> [S] {
        var state = initial
        return actions.map { action in
            reducer.reduce(action, &state)
            return state
        }
    }

    @Test func reduceBuildsAReducerFromItsFunction() {
        #expect(states(counter, from: 0, over: actions) == [1, 5, 4, 5, -2])
        #expect(states(Reducer(counter.reduce), from: 0, over: actions) == [1, 5, 4, 5, -2])
    }

    @Test func compositionRunsLeftHandSideFirst() {
        #expect(states(double <> addThree, from: 1, over: [.increment]) == [5])
        #expect(states(addThree <> double, from: 1, over: [.increment]) == [8])
    }

    @Test func identityChangesNothing() {
        #expect(states(Reducer<CounterAction, Int>.identity, from: 4, over: actions) == [4, 4, 4, 4, 4])
    }

    @Test func identityLawHolds() {
        let expected = states(counter <> double, from: 1, over: actions)
        #expect(states(.identity <> (counter <> double), from: 1, over: actions) == expected)
        #expect(states((counter <> double) <> .identity, from: 1, over: actions) == expected)
    }

    @Test func associativityLawHolds() {
        let left = states((counter <> double) <> addThree, from: 1, over: actions)
        let right = states(counter <> (double <> addThree), from: 1, over: actions)
        #expect(left == right)
        #expect(left == [7, 13, 27, 59, -1])
    }

    @Test func liftWithKeyPathsChangesOnlyThePart() {
        let app = counter.lift(action: \AppAction.counter, state: \AppState.counter)
        var state = AppState(counter: 1, settings: Settings(volume: 3, name: "a"), log: ["kept"])
        app.reduce(.counter(.increment), &state)
        #expect(state == AppState(counter: 2, settings: Settings(volume: 3, name: "a"), log: ["kept"]))
    }

    @Test func liftIgnoresUnmappedActions() {
        let app = counter.lift(action: \AppAction.counter, state: \AppState.counter)
        var state = AppState(counter: 1)
        app.reduce(.other, &state)
        app.reduce(.rename("x"), &state)
        #expect(state == AppState(counter: 1))
    }

    @Test func liftWithKeyPathMutatesTheStateInPlace() {
        // An array of one element that is uniquely referenced keeps its storage when mutated in place; a copy of the
        // part (get, reduce, set) would make it shared during the reduce and reallocate it.
        let append = Reducer<String, [String]> { action, log in
            let address = log.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
            log.append("\(action)@\(address)")
        }
        let app = append.lift(action: \AppAction.rename, state: \AppState.log)
        var state = AppState()
        state.log.reserveCapacity(8)
        let before = state.log.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        app.reduce(.rename("a"), &state)
        let after = state.log.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        #expect(before == after)
        #expect(state.log == ["a@\(before)"])

        // Control: the getter/setter lift works on a copy, and the copy shows.
        let copying = append.lift(
            actionGetter: \AppAction.rename, stateGetter: \AppState.log,
            stateSetter: { (state: inout AppState, log: [String]) in state.log = log })
        copying.reduce(.rename("b"), &state)
        #expect(state.log.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } != after)
    }

    @Test func liftWithGetterAndSetterReadsAndWritesThePart() {
        let rename = Reducer<String, String> { name, state in state = name }
        let app = rename.lift(
            actionGetter: { (action: AppAction) in action.rename },
            stateGetter: { (state: AppState) in state.settings.name },
            stateSetter: { (state: inout AppState, name: String) in state.settings.name = name }
        )
        var state = AppState(counter: 9)
        app.reduce(.rename("new"), &state)
        app.reduce(.counter(.increment), &state)
        #expect(state == AppState(counter: 9, settings: Settings(volume: 0, name: "new")))
    }

    @Test func liftActionOnlyKeepsTheState() {
        let app: Reducer<AppAction, Int> = counter.lift(action: \AppAction.counter)
        #expect(states(app, from: 0, over: [.counter(.increment), .other, .counter(.set(7))]) == [1, 1, 7])
    }

    @Test func liftStateOnlyKeepsTheAction() {
        let app: Reducer<CounterAction, AppState> = counter.lift(state: \AppState.settings.volume)
        var state = AppState()
        app.reduce(.set(11), &state)
        #expect(state == AppState(settings: Settings(volume: 11)))
    }

    @Test func liftedReducersComposeOnTheGlobalState() {
        let rename = Reducer<String, String> { name, state in state = name }
        let app =
            counter.lift(action: \AppAction.counter, state: \AppState.counter)
            <> rename.lift(action: \AppAction.rename, state: \AppState.settings.name)
        let result = states(app, from: AppState(), over: [.counter(.increment), .rename("b"), .other])
        #expect(result.last == AppState(counter: 1, settings: Settings(name: "b")))
    }

    @Test func liftWithIdentityMapsBehavesAsTheOriginal() {
        let lifted = counter.lift(action: { (action: CounterAction) in action }, state: \Int.self)
        #expect(states(lifted, from: 3, over: actions) == states(counter, from: 3, over: actions))
    }

    @Test func liftingTwiceEqualsLiftingOnceWithComposedMaps() {
        let twice = counter.lift(state: \Settings.volume).lift(action: \AppAction.counter, state: \AppState.settings)
        let once = counter.lift(action: \AppAction.counter, state: \AppState.settings.volume)
        let appActions: [AppAction] = [.counter(.increment), .other, .counter(.set(4)), .rename("n")]
        #expect(states(twice, from: AppState(), over: appActions) == states(once, from: AppState(), over: appActions))
    }
}
