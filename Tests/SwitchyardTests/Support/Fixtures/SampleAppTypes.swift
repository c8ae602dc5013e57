import Foundation
import Switchyard

// The app types the documented samples assume (`AppGlobalAction`, `AppGlobalState`, `FavoritesAction`,
// `FavoritesModel`), written by hand, with the enum properties a code generator would write.

struct Movie: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
}

/// The favorites list: the documented sample reads it with `favoritesList.contains(where: { $0.id == movieId })`.
typealias FavoritesModel = [Movie]

struct APIError: Error, Equatable, Sendable {
    let reason: String
}

enum FavoritesAction: Equatable, Sendable {
    case toggleFavorite(Int)
    case changedFavorite(Int, isFavorite: Bool)
    case changedFavoriteHasFailed(Int, isFavorite: Bool, error: APIError)
}

enum PopupAction: Equatable, Sendable {
    case myExpectedAction
    case showPopup
    case hidePopup
    case somethingElse
}

enum AppGlobalAction: Equatable, Sendable {
    case favorites(FavoritesAction)
    case popup(PopupAction)

    var favorites: FavoritesAction? {
        guard case let .favorites(action) = self else { return nil }
        return action
    }

    var popup: PopupAction? {
        guard case let .popup(action) = self else { return nil }
        return action
    }
}

struct AppGlobalState: Equatable, Sendable {
    var favorites: FavoritesModel = []
    var isShowingPopup = false
}

/// The reducer the favorites samples need to see their effect on the state.
var favoritesReducer: Reducer<FavoritesAction, FavoritesModel> {
    Reducer { action, state in
        guard case let .changedFavorite(id, isFavorite) = action else { return }
        state.removeAll { $0.id == id }
        if isFavorite { state.append(Movie(id: id, title: "Movie \(id)")) }
    }
}

var popupReducer: Reducer<PopupAction, Bool> {
    Reducer { action, isShowing in
        switch action {
        case .showPopup: isShowing = true
        case .hidePopup: isShowing = false
        case .myExpectedAction, .somethingElse: break
        }
    }
}

var appReducer: Reducer<AppGlobalAction, AppGlobalState> {
    favoritesReducer.lift(action: \AppGlobalAction.favorites, state: \AppGlobalState.favorites)
        <> popupReducer.lift(action: \AppGlobalAction.popup, state: \AppGlobalState.isShowingPopup)
}
