import Switchyard

enum BridgeLifecycleToReachability {
    /// Starts monitoring the network when the app becomes active and stops when it enters the background, while the
    /// settings allow it. Neither middleware knows the other: this bridge holds the app's workflow.
    static let lifecycleToReachabilityActions: BridgeMiddleware<AppAction, AppAction, AppState> =
        BridgeMiddleware()
        .bridge(
            \AppAction.lifecycle?.didBecomeActive >=> AppAction.reachability(.startMonitoring),
            when: \.settings.shouldUseReachability
        )
        .bridge(
            \AppAction.lifecycle?.didEnterBackground >=> AppAction.reachability(.stopMonitoring),
            when: \.settings.shouldUseReachability)
}
