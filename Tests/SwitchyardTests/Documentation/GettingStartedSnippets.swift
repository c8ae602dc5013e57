import Switchyard
import SwitchyardTestSupport

// The code of GettingStarted.md, compiled. DocumentationTests checks that every Swift block of the article appears
// here verbatim (leading whitespace and blank lines aside).

enum GettingStartedSnippets {
    struct CounterState: Sendable, Equatable {
        var count = 0
    }

    enum CounterAction: Sendable {
        case increment
        case decrement
        case reset
    }

    struct HistoryMiddleware: MiddlewareProtocol {
        let record: @Sendable (String) -> Void

        func handle(
            action: CounterAction,
            from dispatcher: ActionSource,
            state: @escaping GetState<CounterState>
        ) -> IO<CounterAction> {
            let before = state().count  // before the reducer
            return IO { _ in
                let after = state().count  // after the reducer
                record("\(action): \(before) → \(after)")
            }
        }
    }

    /// The reducer and the store of the article, after the three increments.
    static func counterApp() -> Store<CounterAction, CounterState> {
        let counterReducer = Reducer<CounterAction, CounterState> { action, state in
            switch action {
            case .increment: state.count += 1
            case .decrement: state.count -= 1
            case .reset: state.count = 0
            }
        }

        let store = Store(
            initialState: CounterState(),
            reducer: counterReducer,
            middleware: HistoryMiddleware(record: { line in print(line) })
        )
        store.dispatch(.increment)
        store.dispatch(.increment)
        store.dispatch(.increment)
        print(store.state.count)  // 3
        return store
    }

    /// The article's callback block, as written.
    static func subscribeAndCancel(_ store: Store<CounterAction, CounterState>) {
        let subscription = store.subscribe { state in
            print("count is now \(state.count)")
        }
        store.dispatch(.decrement)  // the observer prints "count is now 2"
        subscription.cancel()
        store.dispatch(.decrement)  // the observer prints nothing: it is cancelled
    }

    /// The async observation of the article.
    static func waitForCount(_ target: Int, in store: Store<CounterAction, CounterState>) async -> CounterState? {
        func waitUntil(count target: Int, in store: Store<CounterAction, CounterState>) async -> CounterState? {
            for await state in store.states where state.count >= target {
                return state
            }
            return nil
        }
        return await waitUntil(count: target, in: store)
    }
}
