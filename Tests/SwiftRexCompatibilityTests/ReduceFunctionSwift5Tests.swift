import SwitchyardSwiftRex
import Testing

/// SwiftRex 0.8's deprecated `Reducer.init` with a function that returns the new state still compiles and runs.
@Suite struct ReduceFunctionSwift5Tests {
    enum CounterAction: Equatable {
        case increment
        case reset
    }

    @available(*, deprecated)
    static func counter(_ action: CounterAction, _ count: Int) -> Int {
        switch action {
        case .increment: return count + 1
        case .reset: return 0
        }
    }

    @available(*, deprecated)
    @Test func aReducerMadeFromAFunctionReturningTheStateReducesInAStore() {
        let reducer = Reducer<CounterAction, Int>(Self.counter)
        let literal = Reducer<CounterAction, Int> { action, count in action == .increment ? count + 10 : count }
        let store = Store(initialState: 0, reducer: reducer <> literal)
        store.dispatch(.increment)
        store.dispatch(.increment)
        #expect(store.state == 22)
        store.dispatch(.reset)
        #expect(store.state == 0)
    }
}
