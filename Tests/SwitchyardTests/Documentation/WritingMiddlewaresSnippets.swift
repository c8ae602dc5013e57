import Switchyard

// The code of WritingMiddlewares.md, compiled. DocumentationTests checks that every Swift block of the article
// appears here verbatim (leading whitespace and blank lines aside).

enum WritingMiddlewaresSnippets {
    /// The library's logger (the test target has a `LoggerMiddleware` of its own, the documented sample).
    typealias LoggerMiddleware<Action, State> = Switchyard.LoggerMiddleware<Action, State>

    enum FavoritesAction: Sendable, Equatable {
        case toggle(movieID: Int)
        case saved(movieID: Int, isFavorite: Bool)
        case failed(movieID: Int)
    }

    struct FavoritesState: Sendable, Equatable {
        var favorites: Set<Int> = []
        var pending: Set<Int> = []
    }

    struct FavoritesAPI: Sendable {
        var save: @Sendable (_ movieID: Int, _ isFavorite: Bool, _ done: @escaping @Sendable (Bool) -> Void) -> Void
    }

    struct FavoritesMiddleware: MiddlewareProtocol {
        let api: FavoritesAPI

        func handle(
            action: FavoritesAction,
            from dispatcher: ActionSource,
            state: @escaping GetState<FavoritesState>
        ) -> IO<FavoritesAction> {
            guard case .toggle(let movieID) = action else { return .pure() }
            // Before the reducer: the favorites as the user saw them when tapping.
            let makeFavorite = !state().favorites.contains(movieID)
            return IO { output in
                // After the reducer: the movie is already marked as pending.
                api.save(movieID, makeFavorite) { succeeded in
                    if succeeded {
                        output.dispatch(.saved(movieID: movieID, isFavorite: makeFavorite), info: "FavoritesAPI.save")
                    } else {
                        output.dispatch(.failed(movieID: movieID), info: "FavoritesAPI.save")
                    }
                }
            }
        }
    }

    struct SourceLogger<Action, State>: MiddlewareProtocol {
        let record: @Sendable (String) -> Void

        func handle(action: Action, from dispatcher: ActionSource, state: @escaping GetState<State>) -> IO<Action> {
            record("\(action) from \(dispatcher.file):\(dispatcher.line) in \(dispatcher.function)")
            if let info = dispatcher.info { record("  info: \(info)") }
            return .pure()
        }
    }

    struct World: Sendable {
        var favoritesAPI: FavoritesAPI
    }

    static var favoritesReducer: Reducer<FavoritesAction, FavoritesState> {
        let favoritesReducer = Reducer<FavoritesAction, FavoritesState> { action, state in
            switch action {
            case .toggle(let movieID):
                state.pending.insert(movieID)
            case .saved(let movieID, let isFavorite):
                state.pending.remove(movieID)
                if isFavorite { state.favorites.insert(movieID) } else { state.favorites.remove(movieID) }
            case .failed(let movieID):
                state.pending.remove(movieID)
            }
        }
        return favoritesReducer
    }

    /// The article's stores: the one built by hand, and the one built from readers. Both have seen one toggle.
    static func stores() -> (
        store: Store<FavoritesAction, FavoritesState>, appStore: Store<FavoritesAction, FavoritesState>
    ) {
        let api = FavoritesAPI(save: { _, _, done in done(true) })
        let store = Store(
            initialState: FavoritesState(),
            reducer: favoritesReducer,
            middleware: FavoritesMiddleware(api: api)
        )
        store.dispatch(.toggle(movieID: 42), info: "tapped the star")
        // store.state.favorites == [42] and store.state.pending == []

        let favoritesReader = MiddlewareReader { (api: FavoritesAPI) in FavoritesMiddleware(api: api) }
        let loggerReader = MiddlewareReader { (_: World) in LoggerMiddleware<FavoritesAction, FavoritesState>() }
        let appReader = loggerReader <> favoritesReader.contramapDependencies(\World.favoritesAPI)

        let appStore = Store(
            initialState: FavoritesState(),
            reducer: favoritesReducer,
            middleware: appReader.inject(World(favoritesAPI: api))
        )
        appStore.dispatch(.toggle(movieID: 7))
        return (store, appStore)
    }

    /// The article's `forward` function, applied once.
    static func forwardOnce(
        _ action: FavoritesAction,
        from source: ActionSource,
        to output: AnyActionHandler<FavoritesAction>
    ) {
        func forward(
            _ action: FavoritesAction,
            from source: ActionSource,
            to output: AnyActionHandler<FavoritesAction>
        ) {
            output.dispatch(action, from: source.appendingInfo("forwarded by the sync service"))
        }
        forward(action, from: source, to: output)
    }

    /// The article's closure middleware.
    static var tracker: AnyMiddleware<FavoritesAction, FavoritesAction, FavoritesState> {
        let tracker = AnyMiddleware<FavoritesAction, FavoritesAction, FavoritesState> { action, source, state in
            guard case .toggle(let movieID) = action else { return .pure() }
            return IO { _ in print("analytics: toggled \(movieID), now \(state().favorites.count) favorites") }
        }
        return tracker
    }
}
