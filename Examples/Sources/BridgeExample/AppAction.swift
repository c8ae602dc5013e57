import AppLifecycleMiddleware
import CasePaths
import ReachabilityMiddleware

/// The app's actions: the two modules' actions, side by side. `@CasePathable` and `@dynamicMemberLookup` give
/// `\AppAction.lifecycle?.didBecomeActive`, the key path the bridge uses.
@CasePathable
@dynamicMemberLookup
enum AppAction: Sendable, Equatable {
    case lifecycle(AppLifecycleAction)
    case reachability(ReachabilityEvent)
}
