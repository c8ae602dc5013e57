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

print("▶ The app launches: it asks the lifecycle middleware to observe the operating system.")
store.dispatch(.lifecycle(.startObserving), info: "app launch")

// The simulated user: open the app, send it to the background, open it again. Each notification is processed to
// completion, bridged and reachability actions included, before the next one is posted.
let script: [(LifecycleNotifications.Notification, String)] = [
    (.willEnterForeground, "The user opens the app: the system posts willEnterForeground."),
    (
        .didBecomeActive,
        "The app becomes active. Look for the bridge: startMonitoring follows, its info says what it was bridged "
            + "from, and reachability reports the connection."
    ),
    (.willResignActive, "The user leaves the app: the system posts willResignActive."),
    (.didEnterBackground, "The app enters the background: the bridge dispatches stopMonitoring."),
    (.willEnterForeground, "The user opens the app again."),
    (.didBecomeActive, "Active again: the bridge starts monitoring again."),
]
for (notification, story) in script {
    print("▶ \(story)")
    notifications.post(notification)
}

let state = store.state
print("final state: active \(state.isActive), monitoring \(state.isMonitoringNetwork), connection \(state.connection)")
