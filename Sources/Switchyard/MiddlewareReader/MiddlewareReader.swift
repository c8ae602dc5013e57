/// A middleware that is still waiting for its dependencies: a function `Dependencies -> Middleware`.
///
/// Readers let an app describe its whole middleware tree once and inject the real dependencies (or mocks, in
/// tests) at the edge:
///
/// ```swift
/// let favorites = MiddlewareReader { (api: API) in FavoritesAPIMiddleware(api: api) }
/// let app = (logger <> favorites.lift(dependencies: \World.api) { $0.lift(state: \AppState.favorites) })
/// let middleware = app.inject(world)
/// ```
///
/// Every transformation is generic: ``mapMiddleware(_:)`` and ``lift(dependencies:middleware:)`` take the
/// middleware's own `lift` overloads, so no reader-specific overload is needed per combination.
public struct MiddlewareReader<Dependencies, MiddlewareType: MiddlewareProtocol> {
    /// Builds the middleware from its dependencies.
    public let inject: (Dependencies) -> MiddlewareType

    /// Creates a reader from the function that builds the middleware.
    public init(inject: @escaping (Dependencies) -> MiddlewareType) {
        self.inject = inject
    }

    /// A reader that ignores its dependencies and returns `middleware`.
    public static func pure(_ middleware: MiddlewareType) -> MiddlewareReader {
        MiddlewareReader { _ in middleware }
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

    /// Lifts the reader to the app's dependencies and the middleware to the app's types, in one call.
    ///
    /// ```swift
    /// let global = gpsReader.lift(dependencies: \World.locationManager) {
    ///     $0.lift(inputAction: \AppAction.gps, outputAction: AppAction.gps, state: \AppState.location)
    /// }
    /// ```
    public func lift<GlobalDependencies, NewMiddleware: MiddlewareProtocol>(
        dependencies dependenciesMap: @escaping (GlobalDependencies) -> Dependencies,
        middleware middlewareMap: @escaping (MiddlewareType) -> NewMiddleware
    ) -> MiddlewareReader<GlobalDependencies, NewMiddleware> {
        MiddlewareReader<GlobalDependencies, NewMiddleware> { middlewareMap(inject(dependenciesMap($0))) }
    }

    /// A reader whose middleware is chosen by another reader built from this one's middleware.
    public func flatMap<NewMiddleware: MiddlewareProtocol>(
        _ transform: @escaping (MiddlewareType) -> MiddlewareReader<Dependencies, NewMiddleware>
    ) -> MiddlewareReader<Dependencies, NewMiddleware> {
        MiddlewareReader<Dependencies, NewMiddleware> { dependencies in
            transform(inject(dependencies)).inject(dependencies)
        }
    }

    /// Combines any number of readers of the same dependencies into one, with `combine` building the middleware.
    ///
    /// ```swift
    /// let both = MiddlewareReader.zip(apiReader, loggerReader) { api, logger in api <> logger }
    /// ```
    public static func zip<each Middleware: MiddlewareProtocol>(
        _ readers: repeat MiddlewareReader<Dependencies, each Middleware>,
        with combine: @escaping (repeat each Middleware) -> MiddlewareType
    ) -> MiddlewareReader {
        MiddlewareReader { dependencies in combine(repeat (each readers).inject(dependencies)) }
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
