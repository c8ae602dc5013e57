import Foundation
import Switchyard

// The `MiddlewareProtocol` reference samples, rewritten for Swift 6 with their typos fixed
// (`case let .success(value)` with an unused value, "api.changeFavorite callback" spelled two ways).

/// The sample `LoggerMiddleware`: reads the state before the reducer in `handle` and after it in the IO.
final class LoggerMiddleware: MiddlewareProtocol, Sendable {
    typealias InputActionType = AppGlobalAction  // It wants to receive all possible app actions
    typealias OutputActionType = Never  // No action is generated from this Middleware
    typealias StateType = AppGlobalState  // It wants to read the whole app state

    private let logger: Logger
    private let now: @Sendable () -> Date

    // Dependency Injection
    init(logger: Logger = Logger.default, now: @escaping @Sendable () -> Date) {
        self.logger = logger
        self.now = now
    }

    func handle(
        action: InputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<StateType>
    ) -> IO<OutputActionType> {
        let stateBefore: AppGlobalState = state()
        let dateBefore = now()

        return IO { [weak self] _ in
            guard let self else { return }
            let stateAfter = state()
            let dateAfter = self.now()
            let source = "\(dispatcher.file):\(dispatcher.line) - \(dispatcher.function) | \(dispatcher.info ?? "")"

            self.logger.log(
                action: action, from: source, before: stateBefore, after: stateAfter, dateBefore: dateBefore,
                dateAfter: dateAfter)
        }
    }
}

/// The sample `FavoritesAPIMiddleware`: asks the API to change a favorite and dispatches the answer.
///
/// `@unchecked Sendable` because the fake `API` it holds is not: each test drives it from one thread.
final class FavoritesAPIMiddleware: MiddlewareProtocol, @unchecked Sendable {
    typealias InputActionType = FavoritesAction  // It wants to receive only actions related to Favorites
    typealias OutputActionType = FavoritesAction  // It wants to also dispatch actions related to Favorites
    typealias StateType = FavoritesModel  // It wants to read the app state that manages favorites

    private let api: API

    // Dependency Injection
    init(api: API) {
        self.api = api
    }

    func handle(
        action: InputActionType,
        from dispatcher: ActionSource,
        state: @escaping GetState<StateType>
    ) -> IO<OutputActionType> {
        guard case let .toggleFavorite(movieId) = action else { return .pure() }
        let favoritesList = state()  // state before reducer
        let makeFavorite = !favoritesList.contains(where: { $0.id == movieId })

        return IO { [weak self] output in
            guard let self else { return }

            self.api.changeFavorite(id: movieId, makeFavorite: makeFavorite)({ result in
                switch result {
                case .success:
                    output.dispatch(
                        .changedFavorite(movieId, isFavorite: makeFavorite), info: "API.changeFavorite callback")
                case let .failure(error):
                    output.dispatch(
                        .changedFavoriteHasFailed(movieId, isFavorite: !makeFavorite, error: error),
                        info: "API.changeFavorite callback")
                }
            })
        }
    }
}

/// The IO sample: shows a popup at once and hides it later, from another queue.
///
/// The documented sample waits three seconds; the delay is injected so tests stay fast.
struct PopupMiddleware: MiddlewareProtocol {
    let hideDelay: DispatchTimeInterval

    func handle(
        action: PopupAction,
        from dispatcher: ActionSource,
        state: @escaping GetState<Bool>
    ) -> IO<PopupAction> {
        if action != .myExpectedAction { return .pure() }

        return IO { output in
            output.dispatch(.showPopup)
            DispatchQueue.global().asyncAfter(deadline: .now() + hideDelay) {
                output.dispatch(.hidePopup)
            }
        }
    }
}
