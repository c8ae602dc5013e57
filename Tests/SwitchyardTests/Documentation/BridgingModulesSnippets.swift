import Switchyard

// The code of BridgingModules.md, compiled. DocumentationTests checks that every Swift block of the article appears
// here verbatim (leading whitespace and blank lines aside). The example's blocks are the bridge example's own code
// (Examples/Sources/BridgeExample), compiled with the examples.

enum BridgingModulesSnippets {
    enum LifecycleAction: Sendable, Equatable {
        case didBecomeActive
        case didEnterBackground

        var didBecomeActive: Void? { self == .didBecomeActive ? () : nil }
        var didEnterBackground: Void? { self == .didEnterBackground ? () : nil }
    }

    enum ReachabilityAction: Sendable, Equatable {
        case startMonitoring
        case stopMonitoring
    }

    enum SearchAction: Sendable, Equatable {
        case queryChanged(String)
        case load(query: String)

        var queryChanged: String? {
            guard case .queryChanged(let query) = self else { return nil }
            return query
        }
    }

    /// The app's actions, with the properties `@CasePathable` and `@dynamicMemberLookup` would give.
    enum AppAction: Sendable, Equatable {
        case lifecycle(LifecycleAction)
        case reachability(ReachabilityAction)
        case search(SearchAction)
        case analytics(String)

        var lifecycle: LifecycleAction? {
            guard case .lifecycle(let action) = self else { return nil }
            return action
        }

        var search: SearchAction? {
            guard case .search(let action) = self else { return nil }
            return action
        }
    }

    enum ReachabilityOptions: Sendable, Equatable {
        case always
        case never
    }

    struct AppState: Sendable, Equatable {
        struct Settings: Sendable, Equatable {
            var shouldUseReachability = true
            var reachabilityOptions = ReachabilityOptions.always
        }

        var settings = Settings()
        var lastQuery = ""
    }

    static let appReducer = Reducer<AppAction, AppState> { action, state in
        if case .search(.queryChanged(let query)) = action { state.lastQuery = query }
    }

    /// The article's three bridge middlewares.
    static func middlewares() -> (
        bridges: BridgeMiddleware<AppAction, AppAction, AppState>,
        composed: BridgeMiddleware<AppAction, AppAction, AppState>,
        guarded: BridgeMiddleware<AppAction, AppAction, AppState>
    ) {
        let bridges = BridgeMiddleware<AppAction, AppAction, AppState>()
            // A key path to a case without a value >=> the derived action.
            .bridge(\AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring))
            // A key path to a case with a value >=> a closure that receives the value.
            .bridge(\AppAction.search?.queryChanged >=> { query in AppAction.analytics("searched \(query)") })
            // A closure that also receives the state after the reducer.
            .bridge(\AppAction.search?.queryChanged >=> { _, state in AppAction.analytics("last: \(state.lastQuery)") })
            // Without a key path: a closure that finds the payload in the action.
            .bridge(
                Bridge(
                    on: { (action: AppAction) in action == .lifecycle(.didEnterBackground) ? () : nil },
                    dispatch: { AppAction.reachability(.stopMonitoring) }))

        let composed = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(\AppAction.search?.queryChanged >=> SearchAction.load(query:) >>> AppAction.search)

        let guarded = BridgeMiddleware<AppAction, AppAction, AppState>()
            .bridge(
                \AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring),
                when: { $0().settings.reachabilityOptions == .always }
            )
            .bridge(
                \AppAction.lifecycle?.didEnterBackground >=> AppAction.reachability(.stopMonitoring),
                when: \.settings.shouldUseReachability
            )

        return (bridges, composed, guarded)
    }
}

extension BridgingModulesSnippets {
    /// The article's bridge kept in a constant and tested on its own.
    static func aBridgeOnItsOwn() -> AppAction? {
        let startMonitoring: Bridge<AppAction, AppAction, AppState> =
            \AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring)
        let derived = startMonitoring.derivedAction(for: .lifecycle(.didBecomeActive), state: AppState())
        // derived == .reachability(.startMonitoring)
        return derived
    }
}

// The article's composition operator, declared by the app.
precedencegroup ForwardComposition {
    associativity: left
    higherThan: BridgeArrowPrecedence
}
infix operator >>> : ForwardComposition

func >>> <A, B, C>(f: @escaping @Sendable (A) -> B, g: @escaping @Sendable (B) -> C) -> @Sendable (A) -> C {
    { g(f($0)) }
}
