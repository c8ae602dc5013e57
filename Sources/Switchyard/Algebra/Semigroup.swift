/// Combines two values of the same type into one: `a <> b`.
///
/// Switchyard uses `<>` to compose middlewares, reducers, ``IO`` values and ``AfterReducer`` blocks.
infix operator <> : MonoidAppend

/// The precedence of `<>`, as SwiftRex declared it: it binds tighter than `*` and `+` and looser than `<<`, and
/// associates to the left, so `a <> b <> c` is `(a <> b) <> c`.
precedencegroup MonoidAppend {
    associativity: left
    higherThan: MultiplicationPrecedence
    lowerThan: BitwiseShiftPrecedence
}

/// A type whose values combine associatively with `<>`: `(a <> b) <> c == a <> (b <> c)`.
public protocol Semigroup {
    /// Combines two values; the operation must be associative.
    static func <> (lhs: Self, rhs: Self) -> Self
}

/// A ``Semigroup`` with a neutral element: `identity <> a == a == a <> identity`.
public protocol Monoid: Semigroup {
    /// The neutral element of `<>`.
    static var identity: Self { get }
}
