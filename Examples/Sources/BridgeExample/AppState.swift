import AppLifecycleMiddleware
import ReachabilityMiddleware
import Switchyard

/// The app's state.
struct AppState: Sendable, Equatable {
    struct Settings: Sendable, Equatable {
        var shouldUseReachability = true
    }

    var isActive = false
    var isInBackground = false
    var isMonitoringNetwork = false
    var connection = "unknown"
    var settings = Settings()
}

let appReducer = Reducer<AppAction, AppState> { action, state in
    switch action {
    case .lifecycle(.didBecomeActive): state.isActive = true
    case .lifecycle(.willBecomeInactive): state.isActive = false
    case .lifecycle(.didEnterBackground): state.isInBackground = true
    case .lifecycle(.willEnterForeground): state.isInBackground = false
    case .lifecycle(.startObserving): break
    case .reachability(.startMonitoring): state.isMonitoringNetwork = true
    case .reachability(.stopMonitoring): state.isMonitoringNetwork = false
    case .reachability(.connectedToWired): state.connection = "wired"
    case .reachability(.connectedToWifi): state.connection = "wifi"
    case .reachability: break
    }
}
