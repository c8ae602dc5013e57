import Switchyard

/// A type whose values combine associatively with `<>`: `(a <> b) <> c == a <> (b <> c)`.
///
/// SwiftRex's protocol, for code that is generic over what composes. Switchyard's types compose with `<>` without
/// it, and each has one value that changes nothing: `Reducer.identity` and `ComposedMiddleware.identity`, `IO.pure()`,
/// `IdentityMiddleware()`, `AfterReducer.doNothing()`. With this module imported, ``Switchyard/Reducer``,
/// ``Switchyard/IO``, ``Switchyard/ComposedMiddleware``, ``Switchyard/IdentityMiddleware``,
/// ``Switchyard/AfterReducer`` and ``Switchyard/MiddlewareReader`` conform, each with SwiftRex's `identity`.
public protocol Semigroup {
    /// Combines two values; the operation must be associative.
    static func <> (lhs: Self, rhs: Self) -> Self
}

/// A ``Semigroup`` with a neutral element: `identity <> a == a == a <> identity`.
public protocol Monoid: Semigroup {
    /// The neutral element of `<>`.
    static var identity: Self { get }
}

extension Reducer: Monoid {}
extension ComposedMiddleware: Monoid {}

extension IO: Monoid {
    /// The IO that does nothing, under SwiftRex's name: the core's ``Switchyard/IO/pure()``.
    public static var identity: IO { .pure() }
}

extension IdentityMiddleware: Monoid {
    /// The identity middleware, under SwiftRex's name: the core's `IdentityMiddleware()`.
    public static var identity: IdentityMiddleware { IdentityMiddleware() }
}

@available(*, deprecated, message: "Return an IO from handle(action:from:state:) instead.")
extension AfterReducer: Monoid {
    /// Nothing to run after the reducer, under SwiftRex's name: the core's ``Switchyard/AfterReducer/doNothing()``.
    public static var identity: AfterReducer { .doNothing() }
}

extension MiddlewareReader: Semigroup where MiddlewareType: Semigroup {
    /// A reader that injects the same dependencies into both and combines the middlewares with `<>`.
    public static func <> (lhs: MiddlewareReader, rhs: MiddlewareReader) -> MiddlewareReader {
        MiddlewareReader { dependencies in lhs.inject(dependencies) <> rhs.inject(dependencies) }
    }
}

extension MiddlewareReader: Monoid where MiddlewareType: Monoid {
    /// The reader of the identity middleware.
    public static var identity: MiddlewareReader { .pure(.identity) }
}

@available(*, deprecated, message: "Return an IO from handle(action:from:state:) instead.")
extension Collection where Element == AfterReducer {
    /// The after-reducer blocks composed with `<>` in order: the last one runs first.
    public func asAfterReducer() -> AfterReducer {
        reduce(AfterReducer.identity, <>)
    }
}
