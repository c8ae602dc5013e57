import SwitchyardSwiftRex

/// The migration guide's blocks that need `SwitchyardSwiftRex`, with types of their own.
enum MigratingFromSwiftRexSnippets {
    enum CounterAction: Sendable, Equatable {
        case increment
    }

    enum AppAction: Sendable, Equatable {
        case counter(CounterAction)
    }

    struct AppState: Sendable, Equatable {
        var count = 0
    }
}

/// The guide's function over erased stores, as it shows it.
struct MigratingFromSwiftRexStoreFunctions {
    typealias AppAction = MigratingFromSwiftRexSnippets.AppAction
    typealias AppState = MigratingFromSwiftRexSnippets.AppState
    typealias CounterAction = MigratingFromSwiftRexSnippets.CounterAction

    func counterStore(_ store: Store<AppAction, AppState>) -> AnyStoreType<CounterAction, Int> {
        store.contramapAction { AppAction.counter($0) }.mapState(\.count)
    }
}
