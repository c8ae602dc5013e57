/// The bridge arrow `>=>`: binds looser than the other operators of an expression (a function composition operator
/// of your own binds tighter when it is declared `higherThan: BridgeArrowPrecedence`) and tighter than the ternary
/// operator. Two arrows in a row (`a >=> b >=> c`) need parentheses.
///
/// ```swift
/// precedencegroup ForwardComposition {
///     associativity: left
///     higherThan: BridgeArrowPrecedence
/// }
/// infix operator >>> : ForwardComposition
/// ```
precedencegroup BridgeArrowPrecedence {
    associativity: none
    higherThan: AssignmentPrecedence
    lowerThan: TernaryPrecedence
}

/// Connects an action (a key path) to the action it derives: `\AppAction.a?.b >=> .c`.
infix operator >=> : BridgeArrowPrecedence
