import CasePaths
import Switchyard

/// Requests to the reachability middleware and the events it reports.
@CasePathable
@dynamicMemberLookup
public enum ReachabilityEvent: Sendable, Equatable {
    case startMonitoring
    case stopMonitoring
    case connectedToWired
    case connectedToWifi
    case becameCheap
    case becameExpensive
    case becameConstrained
    case becameUnconstrained
}

/// Reports network reachability while monitoring; it knows nothing of the app lifecycle.
public struct ReachabilityMiddleware: MiddlewareProtocol, Sendable {
    private let monitor: PathMonitor

    /// Creates the middleware around a path monitor.
    public init(monitor: PathMonitor) {
        self.monitor = monitor
    }

    /// Starts or stops the monitor.
    public func handle(
        action: ReachabilityEvent,
        from dispatcher: ActionSource,
        state: @escaping GetState<Void>
    ) -> IO<ReachabilityEvent> {
        switch action {
        case .startMonitoring:
            return IO { [monitor] output in
                monitor.start { path in reachability(path, output: output) }
            }
        case .stopMonitoring:
            return IO { [monitor] _ in monitor.cancel() }
        default:
            return .pure()
        }
    }
}

/// Dispatches the events that describe `path`.
func reachability(_ path: PathMonitor.Path, output: AnyActionHandler<ReachabilityEvent>) {
    if path.isWired {
        output.dispatch(.connectedToWired)
    } else {
        output.dispatch(.connectedToWifi)
    }
    if path.isExpensive {
        output.dispatch(.becameExpensive)
    } else {
        output.dispatch(.becameCheap)
    }
    if path.isConstrained {
        output.dispatch(.becameConstrained)
    } else {
        output.dispatch(.becameUnconstrained)
    }
}
