/// What a middleware reader is, as SwiftRex 0.8 names it: a function from dependencies to a middleware.
///
/// ``MiddlewareReader`` is the reader; the protocol lets code written for SwiftRex extend every reader type at once.
public protocol MiddlewareReaderProtocol {
    /// What the middleware needs to be built.
    associatedtype Dependencies
    /// The middleware built from the dependencies.
    associatedtype MiddlewareType: MiddlewareProtocol

    /// Builds the middleware from its dependencies.
    var inject: (Dependencies) -> MiddlewareType { get }

    /// Creates a reader from the function that builds the middleware.
    init(inject: @escaping (Dependencies) -> MiddlewareType)
}

extension MiddlewareReader: MiddlewareReaderProtocol {}

extension MiddlewareReaderProtocol {
    /// A reader of the middleware that does nothing, for middleware types that have no identity of their own.
    ///
    /// ```swift
    /// let none = MiddlewareReader<World, FavoritesMiddleware>.identity  // injects an IdentityMiddleware
    /// ```
    public static var identity:
        MiddlewareReader<
            Dependencies,
            IdentityMiddleware<
                MiddlewareType.InputActionType, MiddlewareType.OutputActionType, MiddlewareType.StateType
            >
        >
    {
        .pure(IdentityMiddleware())
    }

    /// ``MiddlewareReader/contramapDependencies(_:)`` under SwiftRex 0.8's spelling.
    @available(*, deprecated, renamed: "contramapDependencies(_:)")
    public func contramapDependecies<NewDependencies>(
        _ extractOnlyDependenciesNeededForThisMiddleware: @escaping (NewDependencies) -> Dependencies
    ) -> MiddlewareReader<NewDependencies, MiddlewareType> {
        MiddlewareReader(inject: inject).contramapDependencies(extractOnlyDependenciesNeededForThisMiddleware)
    }

    /// A reader of other dependencies and another middleware: SwiftRex's name for
    /// ``MiddlewareReader/contramapDependencies(_:)`` followed by ``MiddlewareReader/mapMiddleware(_:)``.
    @available(*, deprecated, message: "Use contramapDependencies(_:) and mapMiddleware(_:).")
    public func dimap<NewDependencies, NewMiddleware: MiddlewareProtocol>(
        transformMiddleware: @escaping (MiddlewareType) -> NewMiddleware,
        extractOnlyDependenciesNeededForThisMiddleware: @escaping (NewDependencies) -> Dependencies
    ) -> MiddlewareReader<NewDependencies, NewMiddleware> {
        MiddlewareReader(inject: inject).contramapDependencies(extractOnlyDependenciesNeededForThisMiddleware)
            .mapMiddleware(transformMiddleware)
    }
}
