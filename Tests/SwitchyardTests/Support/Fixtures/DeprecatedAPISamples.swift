import Foundation
import Switchyard

/// The documented samples of the deprecated `Middleware` API, rewritten for Swift 6.
///
/// Fixes: `guard let .toggleFavorite` is `guard case let`, the curried API call has no stray space, the unused
/// `value` is dropped, the success answer says `isFavorite: makeFavorite` (the sample hard-coded `true`), and the
/// logger is injected instead of the sample's static `Logger.log`, so that tests running in parallel do not share it.
@available(*, deprecated, message: "tests the deprecated API")
enum DeprecatedSamples {
    // The documented sample's classes keep `getState` and `output` in `var`s, written only in `receiveContext`, which the store
    // calls once, before it shares the middleware with other threads: hence `@unchecked Sendable`.
    final class LoggerMiddleware: Middleware, @unchecked Sendable {
        typealias InputActionType = AppGlobalAction  // It wants to receive all possible app actions
        typealias OutputActionType = Never  // No action is generated from this Middleware
        typealias StateType = AppGlobalState  // It wants to read the whole app state

        var getState: GetState<AppGlobalState>!
        let logger: Logger

        init(logger: Logger) {
            self.logger = logger
        }

        func receiveContext(getState: @escaping GetState<AppGlobalState>, output: AnyActionHandler<Never>) {
            self.getState = getState
        }

        func handle(action: AppGlobalAction, from dispatcher: ActionSource, afterReducer: inout AfterReducer) {
            let stateBefore: AppGlobalState = getState()
            let dateBefore = Date()

            afterReducer = .do {
                let stateAfter = self.getState()
                let dateAfter = Date()
                let source = "\(dispatcher.file):\(dispatcher.line) - \(dispatcher.function) | \(dispatcher.info ?? "")"

                self.logger.log(
                    action: action, from: source, before: stateBefore, after: stateAfter, dateBefore: dateBefore,
                    dateAfter: dateAfter)
            }
        }
    }

    final class FavoritesAPIMiddleware: Middleware, @unchecked Sendable {
        typealias InputActionType = FavoritesAction  // It wants to receive only actions related to Favorites
        typealias OutputActionType = FavoritesAction  // It wants to also dispatch actions related to Favorites
        typealias StateType = FavoritesModel  // It wants to read the app state that manages favorites

        var getState: GetState<FavoritesModel>!
        var output: AnyActionHandler<FavoritesAction>!
        let api: API

        init(api: API) {
            self.api = api
        }

        func receiveContext(getState: @escaping GetState<FavoritesModel>, output: AnyActionHandler<FavoritesAction>) {
            self.getState = getState
            self.output = output
        }

        func handle(action: FavoritesAction, from dispatcher: ActionSource, afterReducer: inout AfterReducer) {
            guard case let .toggleFavorite(movieId) = action else { return }

            let favoritesList = getState()
            let makeFavorite = !favoritesList.contains(where: { $0.id == movieId })

            api.changeFavorite(id: movieId, makeFavorite: makeFavorite)({ result in
                switch result {
                case .success:
                    self.output.dispatch(
                        .changedFavorite(movieId, isFavorite: makeFavorite), info: "API.changeFavorite callback")
                case let .failure(error):
                    self.output.dispatch(
                        .changedFavoriteHasFailed(movieId, isFavorite: !makeFavorite, error: error),
                        info: "API.changeFavorite callback")
                }
            })
        }
    }
}
