import Switchyard

extension AnyMiddleware {
    /// Whether this middleware erases an identity middleware, under SwiftRex's name. Internal, as in SwiftRex: its
    /// own test suite reads it through `@testable import`, which then runs with only its imports changed.
    var isIdentity: Bool { erasesIdentity }

    /// The composition this middleware erases, if it erases one, under SwiftRex's name; internal, as in SwiftRex,
    /// for its test suite's `@testable import`.
    var isComposed: ComposedMiddleware<InputActionType, OutputActionType, StateType>? { erasedComposition }
}
