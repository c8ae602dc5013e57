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
