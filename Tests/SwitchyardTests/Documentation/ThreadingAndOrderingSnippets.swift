import Switchyard

// The code of ThreadingAndOrdering.md, compiled. DocumentationTests checks that every Swift block of the article
// appears here verbatim (leading whitespace and blank lines aside).

enum ThreadingAndOrderingSnippets {
    /// The counter of GettingStarted.md, which the article's store examples reuse.
    typealias CounterState = GettingStartedSnippets.CounterState
    /// The counter's actions.
    typealias CounterAction = GettingStartedSnippets.CounterAction

    static let counterReducer = Reducer<CounterAction, CounterState> { action, state in
        switch action {
        case .increment: state.count += 1
        case .decrement: state.count -= 1
        case .reset: state.count = 0
        }
    }

    enum Step: Sendable, Equatable {
        case first
        case second
    }

    struct ChainMiddleware: MiddlewareProtocol {
        let trace: @Sendable (String) -> Void

        func handle(action: Step, from dispatcher: ActionSource, state: @escaping GetState<[String]>) -> IO<Step> {
            trace("handle \(action), state \(state())")
            return IO { output in
                trace("IO of \(action), state \(state())")
                if action == .first { output.dispatch(.second) }
                trace("IO of \(action) done")
            }
        }
    }

    /// The article's FIFO example.
    static func stepsStore() -> Store<Step, [String]> {
        let steps = Store(
            initialState: [String](),
            reducer: Reducer<Step, [String]> { action, state in state.append("\(action)") },
            middleware: ChainMiddleware(trace: { line in print(line) })
        )
        steps.dispatch(.first)

        return steps
    }

    /// The article's main-thread store and its main-actor observer (not dispatched to: tests do not run the main
    /// queue).
    static func mainThreadStore() -> (store: Store<CounterAction, CounterState>, subscription: StoreSubscription) {
        let uiStore = Store(
            initialState: CounterState(),
            reducer: counterReducer,
            scheduling: .mainThread
        )
        let rendering = uiStore.subscribeOnMainActor { state in
            print("render \(state.count)")  // on the main actor: UI code is safe here
        }

        return (uiStore, rendering)
    }

    /// The article's store that never notifies, after one increment.
    static func quietStore() -> Store<CounterAction, CounterState> {
        let quiet = Store(initialState: CounterState(), reducer: counterReducer, emitsValue: .never)
        quiet.dispatch(.increment)
        // quiet.state.count == 1: no observer was notified, but the state changed

        return quiet
    }

    /// The article's store with its own diagnostics hook.
    static func checkedStore() -> Store<CounterAction, CounterState> {
        let checked = Store(
            initialState: CounterState(),
            reducer: counterReducer,
            diagnostics: StoreDiagnostics { diagnostic in
                print("store misuse (\(diagnostic.kind)): \(diagnostic.message)")
            }
        )

        return checked
    }
}
