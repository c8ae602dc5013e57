import Switchyard

// The code of AsyncEffects.md that its other fixtures do not hold: a public middleware of a feature module.

/// The feed's server.
public protocol FeedAPI: Sendable {
    /// The latest items.
    func latest() async throws -> [String]
}

/// The feed's actions.
public enum FeedAction: Sendable, Equatable {
    case refresh
    case loaded([String])
}

/// The feed's state.
public struct FeedState: Sendable, Equatable {
    /// The items shown.
    public var items: [String] = []
}

struct FeedRefreshID: Hashable, Sendable {}

/// Refreshes the feed; a new refresh cancels the one in flight.
public struct FeedMiddleware: MiddlewareProtocol, Sendable {
    let api: FeedAPI

    /// A middleware that asks `api`.
    public init(api: FeedAPI) { self.api = api }

    /// Refreshes on `.refresh`.
    public func handle(
        action: FeedAction, from dispatcher: ActionSource, state: @escaping GetState<FeedState>
    ) -> IO<FeedAction> {
        guard case .refresh = action else { return .pure() }
        return .run(id: FeedRefreshID(), cancelInFlight: true) { output in
            output.dispatch(.loaded(try await api.latest()))
        }
    }
}
