import Switchyard

// The code of AsyncEffects.md that its other fixtures do not hold: a public middleware of a feature module.

public protocol FeedAPI: Sendable {
    func latest() async throws -> [String]
}

public enum FeedAction: Sendable, Equatable {
    case refresh
    case loaded([String])
}

public struct FeedState: Sendable, Equatable {
    public var items: [String] = []
}

struct FeedRefreshID: Hashable, Sendable {}

public struct FeedMiddleware: MiddlewareProtocol, Sendable {
    let api: FeedAPI

    public init(api: FeedAPI) { self.api = api }

    public func handle(
        action: FeedAction, from dispatcher: ActionSource, state: @escaping GetState<FeedState>
    ) -> IO<FeedAction> {
        guard case .refresh = action else { return .pure() }
        return .run(id: FeedRefreshID(), cancelInFlight: true) { output in
            output.dispatch(.loaded(try await api.latest()))
        }
    }
}
