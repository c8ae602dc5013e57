import Switchyard

// The actions and state of the documented "bridge lifecycle to reachability" example. The computed optional properties
// are what swift-case-paths' `@CasePathable @dynamicMemberLookup` give an enum, written by hand.
//
// `AppLifecycleAction` and `ReachabilityEvent` print as if they lived in the documented example's modules `AppLifecycleMiddleware`
// and `ReachabilityMiddleware`, so that the logs of these tests can be compared byte for byte with the sample's.

enum AppLifecycleAction: Sendable, Equatable, CustomDebugStringConvertible {
    case didBecomeActive, willBecomeInactive, didEnterBackground, willEnterForeground

    var didBecomeActive: Void? { self == .didBecomeActive ? () : nil }
    var didEnterBackground: Void? { self == .didEnterBackground ? () : nil }

    var debugDescription: String {
        let name =
            switch self {
            case .didBecomeActive: "didBecomeActive"
            case .willBecomeInactive: "willBecomeInactive"
            case .didEnterBackground: "didEnterBackground"
            case .willEnterForeground: "willEnterForeground"
            }
        return "AppLifecycleMiddleware.AppLifecycleAction.\(name)"
    }
}

enum ReachabilityEvent: Sendable, Equatable, CustomDebugStringConvertible {
    case startMonitoring, stopMonitoring, connectedToWired, becameCheap, becameUnconstrained

    var debugDescription: String {
        let name =
            switch self {
            case .startMonitoring: "startMonitoring"
            case .stopMonitoring: "stopMonitoring"
            case .connectedToWired: "connectedToWired"
            case .becameCheap: "becameCheap"
            case .becameUnconstrained: "becameUnconstrained"
            }
        return "ReachabilityMiddleware.ReachabilityEvent.\(name)"
    }
}

enum TreeAction: Sendable, Equatable {
    case originalActionThatHasString(String)
    case other

    var originalActionThatHasString: String? {
        guard case .originalActionThatHasString(let string) = self else { return nil }
        return string
    }
}

enum MyAction: Sendable, Equatable {
    case tree(TreeAction)

    var tree: TreeAction? {
        guard case .tree(let action) = self else { return nil }
        return action
    }
}

enum PartAction: Sendable, Equatable {
    case thisRequiredString(String)
}

enum AnotherAction: Sendable, Equatable {
    case part(PartAction)
}

enum SettingsAction: Sendable, Equatable {
    case setReachabilityOptions(ReachabilityOptions)
    case setShouldUseReachability(Bool)
}

enum AppAction: Sendable, Equatable {
    case lifecycle(AppLifecycleAction)
    case reachability(ReachabilityEvent)
    case my(MyAction)
    case another(AnotherAction)
    case settings(SettingsAction)

    var lifecycle: AppLifecycleAction? {
        guard case .lifecycle(let action) = self else { return nil }
        return action
    }

    var my: MyAction? {
        guard case .my(let action) = self else { return nil }
        return action
    }

    var settings: SettingsAction? {
        guard case .settings(let action) = self else { return nil }
        return action
    }
}

enum ReachabilityOptions: Sendable, Equatable {
    case always, wifiOnly, never
}

struct AppSettings: Sendable, Equatable {
    var reachabilityOptions: ReachabilityOptions = .never
    var shouldUseReachability = false
}

struct AppState: Sendable, Equatable {
    var settings = AppSettings()
    var monitoring = false
}

extension Reducer where Action == AppAction, State == AppState {
    /// Applies settings actions and tracks whether reachability is monitoring.
    static var app: Reducer {
        Reducer { action, state in
            switch action {
            case .settings(.setReachabilityOptions(let options)): state.settings.reachabilityOptions = options
            case .settings(.setShouldUseReachability(let use)): state.settings.shouldUseReachability = use
            case .reachability(.startMonitoring): state.monitoring = true
            case .reachability(.stopMonitoring): state.monitoring = false
            default: break
            }
        }
    }
}
