// BridgeMiddleware 0.1.3's function operators. Switchyard's core exports no general-purpose operator: `>>>` and
// `<<<` bind tighter than its bridge arrow `>=>`, and `|>` looser, so that `\A.x >=> f >>> g` is
// `\A.x >=> (f >>> g)` and `bridge |> check` receives the bridge.

/// Function application, the loosest of these operators: `value |> f |> g` is `g(f(value))`.
precedencegroup ForwardApplicationPrecedence {
    associativity: left
    higherThan: AssignmentPrecedence
    lowerThan: BridgeArrowPrecedence
}

/// Forward function composition `f >>> g`: binds tighter than the bridge arrow `>=>`.
precedencegroup ForwardCompositionPrecedence {
    associativity: left
    higherThan: BridgeArrowPrecedence
    lowerThan: TernaryPrecedence
}

/// Backward function composition `g <<< f`: binds tighter than the bridge arrow `>=>`.
precedencegroup BackwardCompositionPrecedence {
    associativity: right
    higherThan: BridgeArrowPrecedence
    lowerThan: TernaryPrecedence
}

/// Applies a function to a value: `value |> f` is `f(value)`.
infix operator |> : ForwardApplicationPrecedence

/// Composes two functions left to right: `(f >>> g)(x)` is `g(f(x))`.
infix operator >>> : ForwardCompositionPrecedence

/// Composes two functions right to left: `(g <<< f)(x)` is `g(f(x))`.
infix operator <<< : BackwardCompositionPrecedence

/// Applies `transform` to `value`: `value |> transform` is `transform(value)`.
///
/// ```swift
/// let label = 41 |> { $0 + 1 } |> String.init   // "42"
/// ```
public func |> <Value, Result>(value: Value, transform: (Value) throws -> Result) rethrows -> Result {
    try transform(value)
}

/// Composes `first` and then `second` into one function: `(first >>> second)(x)` is `second(first(x))`.
///
/// ```swift
/// .bridge(\AppAction.search?.queryChanged >=> SearchAction.fetch >>> AppAction.search)
/// ```
@preconcurrency
public func >>> <Input, Intermediate, Output>(
    first: @escaping @Sendable (Input) -> Intermediate,
    second: @escaping @Sendable (Intermediate) -> Output
) -> @Sendable (Input) -> Output {
    { input in second(first(input)) }
}

/// Composes `second` after `first` into one function: `(second <<< first)(x)` is `second(first(x))`.
///
/// ```swift
/// .bridge(\AppAction.search?.queryChanged >=> AppAction.search <<< SearchAction.fetch)
/// ```
@preconcurrency
public func <<< <Input, Intermediate, Output>(
    second: @escaping @Sendable (Intermediate) -> Output,
    first: @escaping @Sendable (Input) -> Intermediate
) -> @Sendable (Input) -> Output {
    { input in second(first(input)) }
}

/// Composes two functions left to right, for code compiled in Swift 5 language mode whose functions (enum case
/// constructors among them) are not inferred `@Sendable`: `(first >>> second)(x)` is `second(first(x))`.
///
/// Unavailable in Swift 6 language mode, where functions must be `@Sendable`; Swift 5 mode, which does not check
/// `Sendable`, promises for all of its code that the functions may be called from the store's threads.
@available(swift, obsoleted: 6, message: "In Swift 6 language mode, compose @Sendable functions")
@_disfavoredOverload
public func >>> <Input, Intermediate, Output>(
    first: @escaping (Input) -> Intermediate,
    second: @escaping (Intermediate) -> Output
) -> @Sendable (Input) -> Output {
    let first = SendableFunction(call: first)
    let second = SendableFunction(call: second)
    return { input in second.call(first.call(input)) }
}

/// Composes two functions right to left, for code compiled in Swift 5 language mode whose functions (enum case
/// constructors among them) are not inferred `@Sendable`: `(second <<< first)(x)` is `second(first(x))`.
@available(swift, obsoleted: 6, message: "In Swift 6 language mode, compose @Sendable functions")
@_disfavoredOverload
public func <<< <Input, Intermediate, Output>(
    second: @escaping (Intermediate) -> Output,
    first: @escaping (Input) -> Intermediate
) -> @Sendable (Input) -> Output {
    let first = SendableFunction(call: first)
    let second = SendableFunction(call: second)
    return { input in second.call(first.call(input)) }
}
