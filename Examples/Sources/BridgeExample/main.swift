import AppLifecycleMiddleware
import ReachabilityMiddleware
import Switchyard

// A bridge between modules, on any machine: a simulated operating system posts lifecycle notifications; the lifecycle middleware
// turns them into actions, the bridge turns "became active" into "start monitoring", the reachability middleware
// reports the (simulated) network, and the logger prints every action with its source.

let notifications = LifecycleNotifications()
let pathMonitor = PathMonitor(currentPath: .init(isWired: true, isExpensive: false, isConstrained: false))

let appMiddleware =
    LoggerMiddleware<AppAction, AppState>()
    <> AppLifecycleMiddleware(notifications: notifications)
    .lift(inputAction: \AppAction.lifecycle, outputAction: AppAction.lifecycle, state: { (_: AppState) in () })
    <> ReachabilityMiddleware(monitor: pathMonitor)
    .lift(inputAction: \AppAction.reachability, outputAction: AppAction.reachability, state: { (_: AppState) in () })
    <> BridgeLifecycleToReachability.lifecycleToReachabilityActions

let store = Store(initialState: AppState(), reducer: appReducer, middleware: appMiddleware)

store.dispatch(.lifecycle(.startObserving), info: "app launch")

// The simulated user: open the app, send it to the background, open it again. Each notification is processed to
// completion, bridged and reachability actions included, before the next one is posted.
let script: [LifecycleNotifications.Notification] = [
    .willEnterForeground, .didBecomeActive, .willResignActive, .didEnterBackground, .willEnterForeground,
    .didBecomeActive,
]
for notification in script {
    notifications.post(notification)
}

let state = store.state
print("final state: active \(state.isActive), monitoring \(state.isMonitoringNetwork), connection \(state.connection)")
