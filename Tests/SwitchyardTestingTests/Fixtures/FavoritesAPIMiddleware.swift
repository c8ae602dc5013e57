import Switchyard

// The documented sample `FavoritesAPIMiddleware`, rewritten with an async API client. The code between the `docs:` markers
// is quoted verbatim in Sources/Switchyard/Switchyard.docc/AsyncEffects.md (`DocumentationTests` checks it).

// docs:begin favorites-middleware
/// The favorites endpoint of the movie API.
protocol FavoritesAPI: Sendable {
    /// Marks or unmarks a movie as a favorite; returns whether it is a favorite now.
    func changeFavorite(id: Int, makeFavorite: Bool) async throws -> Bool
}

/// The actions about favorites.
enum FavoritesAction: Equatable, Sendable {
    case toggleFavorite(Int)
    case changedFavorite(Int, isFavorite: Bool)
    case changedFavoriteHasFailed(Int, isFavorite: Bool, reason: String)
}

/// The ids of the favorite movies.
struct FavoritesModel: Equatable, Sendable {
    var ids: [Int] = []
}

/// Identifies the request in flight for one movie: toggling the same movie again cancels it.
struct FavoriteRequestID: Hashable, Sendable {
    let movieId: Int
}

/// Asks the API to change a favorite when the user toggles one, then reports the outcome.
struct FavoritesAPIMiddleware: MiddlewareProtocol {
    typealias InputActionType = FavoritesAction  // It wants to receive only actions related to Favorites
    typealias OutputActionType = FavoritesAction  // It wants to also dispatch actions related to Favorites
    typealias StateType = FavoritesModel  // It wants to read the app state that manages favorites

    let api: any FavoritesAPI

    func handle(
        action: FavoritesAction,
        from dispatcher: ActionSource,
        state: @escaping GetState<FavoritesModel>
    ) -> IO<FavoritesAction> {
        guard case .toggleFavorite(let movieId) = action else { return .pure() }
        let makeFavorite = !state().ids.contains(movieId)  // state before the reducer

        return .run(id: FavoriteRequestID(movieId: movieId), cancelInFlight: true) { output in
            let isFavorite = try await api.changeFavorite(id: movieId, makeFavorite: makeFavorite)
            output.dispatch(.changedFavorite(movieId, isFavorite: isFavorite), info: "API.changeFavorite response")
        } catch: { error, output in
            output.dispatch(
                .changedFavoriteHasFailed(movieId, isFavorite: !makeFavorite, reason: "\(error)"),
                info: "API.changeFavorite failure"
            )
        }
    }
}

extension FavoritesModel {
    /// Toggles a favorite at once (optimistically), then keeps what the API answered.
    static var reducer: Reducer<FavoritesAction, FavoritesModel> {
        Reducer { action, state in
            switch action {
            case .toggleFavorite(let movieId):
                state.setFavorite(movieId, !state.ids.contains(movieId))
            case .changedFavorite(let movieId, let isFavorite),
                .changedFavoriteHasFailed(let movieId, let isFavorite, _):
                state.setFavorite(movieId, isFavorite)
            }
        }
    }

    private mutating func setFavorite(_ movieId: Int, _ isFavorite: Bool) {
        ids.removeAll { $0 == movieId }
        if isFavorite { ids.append(movieId) }
    }
}
// docs:end favorites-middleware

/// An API that answers every request with `response`.
struct StubFavoritesAPI: FavoritesAPI {
    /// Why a stubbed request fails.
    enum Failure: Error { case offline }

    let response: Result<Bool, Failure>

    func changeFavorite(id: Int, makeFavorite: Bool) async throws -> Bool {
        try response.get()
    }
}
