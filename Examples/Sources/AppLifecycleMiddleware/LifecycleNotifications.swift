import Synchronization

/// A simulated operating system's application-lifecycle notifications, so the example runs the same on any machine.
///
/// On an Apple platform this would be `NotificationCenter` with `UIApplication` notifications; here the example's
/// driver posts them from a fixed script.
public final class LifecycleNotifications: Sendable {
    /// One lifecycle notification.
    public enum Notification: Sendable, CaseIterable {
        case willEnterForeground, didBecomeActive, willResignActive, didEnterBackground
    }

    private let observers = Mutex<[@Sendable (Notification) -> Void]>([])

    /// Creates a notification center with no observer.
    public init() {}

    /// Calls `observer` for every notification posted from now on.
    public func observe(_ observer: @escaping @Sendable (Notification) -> Void) {
        observers.withLock { $0.append(observer) }
    }

    /// Posts `notification` to every observer, synchronously.
    public func post(_ notification: Notification) {
        for observer in observers.withLock({ $0 }) {
            observer(notification)
        }
    }
}
