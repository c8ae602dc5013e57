import Switchyard

// The code of MigratingFromReSwift.md, compiled. DocumentationTests checks that every Swift block of the article
// appears here verbatim (leading whitespace and blank lines aside). The ReSwift code of the article is in `text`
// blocks: it is shown for comparison and is not Switchyard code.

enum MigratingFromReSwiftSnippets {
    protocol AppAction: Sendable {}

    struct Increment: AppAction {}

    struct BananaAction: AppAction {
        let bananas: Int
    }

    struct AppState: Sendable, Equatable {
        var counter = 0
        var bananas = 0
    }

    static var appReducer: Reducer<any AppAction, AppState> {
        let appReducer = Reducer<any AppAction, AppState> { action, state in
            switch action {
            case is Increment: state.counter += 1
            case let banana as BananaAction: state.bananas += banana.bananas
            default: break
            }
        }

        return appReducer
    }

    /// The article's store, middleware, subscription and runtime middleware, in the article's order; returns the
    /// store after the given actions and what the banana closure saw.
    static func run(_ actions: [any AppAction]) -> (state: AppState, bananas: [Int]) {
        let seen = DocumentationLog()
        struct LoggingMiddleware: MiddlewareProtocol {
            func handle(
                action: any AppAction,
                from dispatcher: ActionSource,
                state: @escaping GetState<AppState>
            ) -> IO<any AppAction> {
                print("before: \(state())")
                return IO { _ in print("after: \(state())") }
            }
        }

        let store = Store(initialState: AppState(), reducer: appReducer, middleware: LoggingMiddleware())

        let seeing = store.runtimeMiddlewares.addBeforeReducer { (banana: BananaAction) in
            seen.append("\(banana.bananas)")
        }
        let subscription = store.subscribe { state in
            print("counter: \(state.counter)")
        }
        // later
        subscription.cancel()
        let bananaLog = store.runtimeMiddlewares.addBeforeReducer { (bananaAction: BananaAction) in
            print("Banana action passing through: \(bananaAction)")
        }
        // later, this one only:
        bananaLog.remove()

        for action in actions { store.dispatch(action) }
        seeing.remove()
        return (store.state, seen.lines.compactMap { Int($0) })
    }

    /// The article's async observation, as a task over `store`.
    static func showCounterTask(_ store: Store<any AppAction, AppState>) -> Task<Void, Never> {
        func showCounter(of store: Store<any AppAction, AppState>) async {
            for await state in store.states {
                print("counter: \(state.counter)")
            }
        }

        return Task { await showCounter(of: store) }
    }
}
