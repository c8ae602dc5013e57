/// Function application, the loosest of Switchyard's operators: `value |> f |> g` is `g(f(value))`.
precedencegroup ForwardApplicationPrecedence {
    associativity: left
    higherThan: AssignmentPrecedence
    lowerThan: TernaryPrecedence
}

/// The bridge arrow `>=>`: binds looser than function composition, so `\A.x?.y >=> f >>> g` is
/// `\A.x?.y >=> (f >>> g)`. Two arrows in a row (`a >=> b >=> c`) need parentheses.
precedencegroup BridgeArrowPrecedence {
    associativity: none
    higherThan: ForwardApplicationPrecedence
    lowerThan: TernaryPrecedence
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

/// Connects an action (a key path or an extractor) to the action it derives: `\AppAction.a?.b >=> .c`.
infix operator >=> : BridgeArrowPrecedence

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
