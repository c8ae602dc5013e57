import Foundation
import Switchyard

@testable import SwitchyardInspector

enum AppAction: Codable, Equatable, Sendable {
    case search(String)
    case results([String])
    case favorite(String)
}

struct AppState: Codable, Equatable, Sendable {
    var query = ""
    var results: [String] = []
    var favorites: [String] = []
}

let appReducer = Reducer<AppAction, AppState> { action, state in
    switch action {
    case .search(let query): state.query = query
    case .results(let results): state.results = results
    case .favorite(let item): state.favorites.append(item)
    }
}

/// Answers each search with its results, from the middleware, as an effect would.
struct SearchMiddleware: MiddlewareProtocol, Sendable {
    func handle(action: AppAction, from dispatcher: ActionSource, state: @escaping GetState<AppState>) -> IO<AppAction>
    {
        guard case .search(let query) = action else { return .pure() }
        return IO { output in output.dispatch(.results([query + " 1", query + " 2"])) }
    }
}

func makeStore() -> Store<AppAction, AppState> {
    Store(initialState: AppState(), reducer: appReducer, middleware: SearchMiddleware())
}

/// An inspector of `store` after `.favorite("a")` (its entry 1), `.favorite("b")` while paused (not recorded), and
/// `.favorite("c")` (entry 2): a gap lies between its two entries.
func inspectWithAGap(_ store: Store<AppAction, AppState>) -> StoreInspector<AppAction, AppState> {
    let inspector = StoreInspector(inspecting: store)
    store.dispatch(.favorite("a"))
    inspector.pauseRecording()
    store.dispatch(.favorite("b"))
    inspector.resumeRecording()
    store.dispatch(.favorite("c"))
    return inspector
}

/// Records every state the store's observers see.
final class SeenStates: Sendable {
    private let states = LockedValue<[AppState]>([])
    var all: [AppState] { states.withLock { $0 } }
    func append(_ state: AppState) { states.withLock { $0.append(state) } }
}
