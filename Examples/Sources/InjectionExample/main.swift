import CounterState
import Switchyard

// The app module: it depends on the state module, never the other way round, and adds its side effects to the
// running store (typed, thread-safe, each registration removable on its own).

let store = makeCounterStore()

// A side effect before the reducer, for the actions it cares about (a typed extractor).
let audit = store.runtimeMiddlewares.addBeforeReducer(extract: \CounterAction.changesCount) { _, source in
    print("audit: count change requested at \(source.file):\(source.line)")
}

// A "persistence" side effect after the reducer: it sees the new state and reports back with an action.
let persistence = store.runtimeMiddlewares.addAfterReducer(extract: \CounterAction.changesCount) {
    _, _, state, output in
    print("persistence: saving count \(state.count)")
    output.dispatch(.saved(count: state.count), info: "persistence")
}

store.dispatch(.increment)
store.dispatch(.increment)

// Remove one registration: the other keeps running.
audit.remove()
print("-- audit removed, persistence stays --")
store.dispatch(.decrement)

persistence.remove()
print("-- persistence removed --")
store.dispatch(.increment)

print("final state: count \(store.state.count), saves \(store.state.saves)")
