import Switchyard

// SwiftRex 0.8's combinators of a reader. Switchyard's own reader transforms with `contramapDependencies(_:)` and
// `mapMiddleware(_:)` and composes with `<>`; these are what SwiftRex code also calls.
extension MiddlewareReader {
    /// A reader that ignores its dependencies and returns `middleware`: SwiftRex's spelling of
    /// `MiddlewareReader { _ in middleware }`.
    public static func pure(_ middleware: MiddlewareType) -> MiddlewareReader {
        MiddlewareReader { _ in middleware }
    }

    /// A reader whose middleware is chosen by another reader built from this one's middleware, both injected with
    /// the same dependencies.
    public func flatMap<NewMiddleware: MiddlewareProtocol>(
        _ transform: @escaping (MiddlewareType) -> MiddlewareReader<Dependencies, NewMiddleware>
    ) -> MiddlewareReader<Dependencies, NewMiddleware> {
        MiddlewareReader<Dependencies, NewMiddleware> { dependencies in
            transform(inject(dependencies)).inject(dependencies)
        }
    }

    /// Combines any number of readers of the same dependencies into one, with `combine` building the middleware:
    /// SwiftRex's `zip` of two to ten readers, in one declaration.
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
