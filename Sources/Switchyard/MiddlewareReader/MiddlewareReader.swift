/// A middleware that is still waiting for its dependencies: a function `Dependencies -> Middleware`.
///
/// Readers let an app describe its whole middleware tree once and inject the real dependencies (or mocks, in
/// tests) at the edge:
///
/// ```swift
/// let favorites = MiddlewareReader { (api: API) in FavoritesAPIMiddleware(api: api) }
///     .contramapDependencies(\World.api)
///     .mapMiddleware { $0.lift(state: \AppState.favorites) }
/// let app = logger <> favorites
/// let middleware = app.inject(world)
/// ```
///
/// A reader has two transformations, each generic: ``contramapDependencies(_:)`` takes the app's dependencies to the
/// ones the reader needs, and ``mapMiddleware(_:)`` transforms the middleware it builds, with the middleware's own
/// `lift`, so no reader-specific overload is needed per combination. Readers compose with `<>`. A reader that needs
/// no dependency is `MiddlewareReader { _ in middleware }`; one that reads several is a closure that calls each
/// one's ``inject``.
public struct MiddlewareReader<Dependencies, MiddlewareType: MiddlewareProtocol> {
    /// Builds the middleware from its dependencies.
    public let inject: (Dependencies) -> MiddlewareType

    /// Creates a reader from the function that builds the middleware.
    public init(inject: @escaping (Dependencies) -> MiddlewareType) {
        self.inject = inject
    }

    /// A reader whose middleware is transformed by `transform` after injection.
    public func mapMiddleware<NewMiddleware: MiddlewareProtocol>(
        _ transform: @escaping (MiddlewareType) -> NewMiddleware
    ) -> MiddlewareReader<Dependencies, NewMiddleware> {
        MiddlewareReader<Dependencies, NewMiddleware> { transform(inject($0)) }
    }

    /// A reader of other dependencies, from which `transform` extracts the ones this reader needs.
    public func contramapDependencies<NewDependencies>(
        _ transform: @escaping (NewDependencies) -> Dependencies
    ) -> MiddlewareReader<NewDependencies, MiddlewareType> {
        MiddlewareReader<NewDependencies, MiddlewareType> { inject(transform($0)) }
    }
}

/// Composes two readers of the same dependencies into a reader of the composed middleware.
public func <> <Dependencies, M1: MiddlewareProtocol & Sendable, M2: MiddlewareProtocol & Sendable>(
    lhs: MiddlewareReader<Dependencies, M1>,
    rhs: MiddlewareReader<Dependencies, M2>
) -> MiddlewareReader<Dependencies, ComposedMiddleware<M1.InputActionType, M1.OutputActionType, M1.StateType>>
where
    M1.InputActionType == M2.InputActionType, M1.OutputActionType == M2.OutputActionType,
    M1.StateType == M2.StateType
{
    MiddlewareReader { dependencies in lhs.inject(dependencies) <> rhs.inject(dependencies) }
}
