import Switchyard

// The code of MigratingFromSwiftRex.md, compiled. DocumentationTests checks that every Swift block of the article
// appears here verbatim (leading whitespace and blank lines aside). The SwiftRex 0.8 code of the article is in
// `text` blocks: it is shown for comparison and is not Switchyard code.

enum MigratingFromSwiftRexSnippets {
    enum AppAction: Sendable, Equatable {
        case show([String])
    }

    struct AppState: Sendable, Equatable {
        var visibleItems: [String] = []
    }

    struct World: Sendable {
        var name = "production"
    }

    static let appReducer = Reducer<AppAction, AppState> { action, state in
        if case .show(let items) = action { state.visibleItems = items }
    }

    static var appMiddleware: MiddlewareReader<World, NewAnalyticsMiddleware> {
        MiddlewareReader { (_: World) in NewAnalyticsMiddleware() }
    }

    /// The article's store-making function, in a type of its own so that it reads as the article writes it.
    struct StoreFactory {
        var appReducer: Reducer<AppAction, AppState> { MigratingFromSwiftRexSnippets.appReducer }
        var appMiddleware: MiddlewareReader<World, NewAnalyticsMiddleware> {
            MigratingFromSwiftRexSnippets.appMiddleware
        }

        func makeAppStore(world: World) -> Store<AppAction, AppState> {
            Store(initialState: AppState(), reducer: appReducer, middleware: appMiddleware.inject(world))
        }
    }

    struct NewAnalyticsMiddleware: MiddlewareProtocol {
        func handle(
            action: AppAction,
            from dispatcher: ActionSource,
            state: @escaping GetState<AppState>
        ) -> IO<AppAction> {
            IO { _ in print("after \(action): \(state().visibleItems.count) items") }
        }
    }

    @available(*, deprecated, message: "the article's example of a deprecated middleware")
    // `getState` is written once, by `receiveContext`, before the store shares the middleware with other threads.
    final class AnalyticsMiddleware: Middleware, @unchecked Sendable {
        typealias InputActionType = AppAction
        typealias OutputActionType = AppAction
        typealias StateType = AppState

        private var getState: GetState<AppState>?

        func receiveContext(getState: @escaping GetState<AppState>, output: AnyActionHandler<AppAction>) {
            self.getState = getState
        }

        func handle(action: AppAction, from dispatcher: ActionSource, afterReducer: inout AfterReducer) {
            afterReducer = .do { [weak self] in
                guard let state = self?.getState?() else { return }
                print("after \(action): \(state.visibleItems.count) items")
            }
        }
    }

    /// The article's one-line store.
    static func oneLineStore(world: World) -> Store<AppAction, AppState> {
        let store = Store(initialState: AppState(), reducer: appReducer, middleware: appMiddleware.inject(world))

        return store
    }

    /// The article's store that notifies only when the visible items change.
    static func visibleItemsStore() -> Store<AppAction, AppState> {
        let listStore = Store(
            initialState: AppState(),
            reducer: appReducer,
            emitsValue: .when { old, new in old.visibleItems != new.visibleItems }
        )

        return listStore
    }

    /// The article's two ways of observing, applied to `store`.
    static func observeBothWays(
        _ store: Store<AppAction, AppState>
    ) -> (task: Task<Void, Never>, subscription: StoreSubscription) {
        func render(_ store: Store<AppAction, AppState>) async {
            for await state in store.states {
                print("\(state.visibleItems.count) items")
            }
        }

        func observe(_ store: Store<AppAction, AppState>) -> StoreSubscription {
            store.subscribe { state in
                print("\(state.visibleItems.count) items")
            }
        }

        return (Task { await render(store) }, observe(store))
    }
}

/// Reaches the article's deprecated middleware without deprecation warnings in the tests (see `LegacyAPI`).
protocol SwiftRexLegacySnippetRunning {
    /// Runs a store with the article's `AnalyticsMiddleware` and returns the state after one action.
    func runAnalyticsMiddleware() -> MigratingFromSwiftRexSnippets.AppState
}

struct SwiftRexLegacySnippetRunner: SwiftRexLegacySnippetRunning {
    @available(*, deprecated, message: "runs the article's deprecated middleware")
    func runAnalyticsMiddleware() -> MigratingFromSwiftRexSnippets.AppState {
        let store = Store(
            initialState: MigratingFromSwiftRexSnippets.AppState(),
            reducer: MigratingFromSwiftRexSnippets.appReducer,
            middleware: MigratingFromSwiftRexSnippets.AnalyticsMiddleware()
        )
        store.dispatch(.show(["Dune", "Alien"]))
        return store.state
    }
}

/// The blocks of the article's sections on ordering, erased shapes and erased stores, with types of their own.
enum MigratingFromSwiftRexShapeSnippets {
    enum CounterAction: Sendable, Equatable {
        case increment
    }

    enum AppAction: Sendable, Equatable {
        case login, loadProfile
        case counter(CounterAction)
    }

    struct AppState: Sendable, Equatable {
        var profile = ""
        var count = 0
    }

    // Switchyard: .loadProfile runs after this IO returns
    struct LoginMiddleware: MiddlewareProtocol {
        func handle(
            action: AppAction, from dispatcher: ActionSource, state: @escaping GetState<AppState>
        ) -> IO<AppAction> {
            guard case .login = action else { return .pure() }
            return IO { output in
                output.dispatch(.loadProfile)
                print(state().profile)  // still the state after .login; read it in .loadProfile's IO instead
            }
        }
    }
}
