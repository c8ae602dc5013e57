import CasePaths
import Switchyard

/// The application-lifecycle events the middleware reports, and the request to start observing them.
@CasePathable
@dynamicMemberLookup
public enum AppLifecycleAction: Sendable, Equatable {
    case startObserving
    case willEnterForeground
    case didBecomeActive
    case willBecomeInactive
    case didEnterBackground
}

/// Turns the operating system's lifecycle notifications into ``AppLifecycleAction`` values.
///
/// It knows nothing of the app: its input and output are `AppLifecycleAction` and it reads no state. The app lifts
/// it into its own action type.
public struct AppLifecycleMiddleware: MiddlewareProtocol, Sendable {
    private let notifications: LifecycleNotifications

    /// Creates the middleware; it starts observing `notifications` when it receives `.startObserving`.
    public init(notifications: LifecycleNotifications) {
        self.notifications = notifications
    }

    /// Starts observing on `.startObserving`; ignores the events it produced itself.
    public func handle(
        action: AppLifecycleAction,
        from dispatcher: ActionSource,
        state: @escaping GetState<Void>
    ) -> IO<AppLifecycleAction> {
        guard action == .startObserving else { return .pure() }
        return IO { [notifications] output in
            notifications.observe { notification in
                output.dispatch(Self.action(for: notification))
            }
        }
    }

    private static func action(for notification: LifecycleNotifications.Notification) -> AppLifecycleAction {
        switch notification {
        case .willEnterForeground: .willEnterForeground
        case .didBecomeActive: .didBecomeActive
        case .willResignActive: .willBecomeInactive
        case .didEnterBackground: .didEnterBackground
        }
    }
}
