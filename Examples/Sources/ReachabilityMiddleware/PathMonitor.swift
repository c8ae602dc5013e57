import Synchronization

/// A simulated network path monitor (on Apple platforms, `NWPathMonitor`), so the example runs on any machine.
public final class PathMonitor: Sendable {
    /// The network path as the monitor reports it.
    public struct Path: Sendable, Equatable {
        /// Whether the interface is wired Ethernet.
        public var isWired: Bool
        /// Whether the path is expensive (cellular, hotspot).
        public var isExpensive: Bool
        /// Whether Low Data Mode constrains the path.
        public var isConstrained: Bool

        /// Creates a path.
        public init(isWired: Bool, isExpensive: Bool, isConstrained: Bool) {
            self.isWired = isWired
            self.isExpensive = isExpensive
            self.isConstrained = isConstrained
        }
    }

    private let currentPath: Path
    private let handler = Mutex<(@Sendable (Path) -> Void)?>(nil)

    /// Creates a monitor whose path is `currentPath`.
    public init(currentPath: Path) {
        self.currentPath = currentPath
    }

    /// Starts monitoring: `update` receives the current path at once, then every change.
    public func start(_ update: @escaping @Sendable (Path) -> Void) {
        handler.withLock { $0 = update }
        update(currentPath)
    }

    /// Stops monitoring.
    public func cancel() {
        handler.withLock { $0 = nil }
    }

    /// Whether the monitor is running.
    public var isMonitoring: Bool { handler.withLock { $0 != nil } }
}
