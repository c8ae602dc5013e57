// Invariants this file relies on:
// - Every declaration here is unavailable to code compiled in Swift 6 language mode (`obsoleted: 6`), where the
//   `@Sendable` operators apply and non-`Sendable` functions are rejected. Code compiled in Swift 5 mode, which
//   does not check `Sendable`, reaches these overloads only when the `@Sendable` ones do not apply: in Swift 5 mode
//   an enum case constructor used as an operand (`PartAction.some >>> AppAction.part`) is not inferred `@Sendable`.
// - `SendableFunction` wraps such a function as `@unchecked Sendable`, the promise that Swift 5 mode makes for all of
//   that module's code: it is called from whatever thread the store runs on.

/// A function from code compiled in Swift 5 language mode, which does not check `Sendable`.
struct SendableFunction<Input, Output>: @unchecked Sendable {
    let call: (Input) -> Output
}

/// Composes two functions left to right, for code compiled in Swift 5 language mode whose functions (enum case
/// constructors among them) are not inferred `@Sendable`: `(first >>> second)(x)` is `second(first(x))`.
///
/// ```swift
/// .bridge(\AppAction.tree?.originalActionThatHasString >=> PartAction.thisRequiredString >>> AnotherAction.part >>> AppAction.another)
/// ```
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

/// A bridge to the action `derive` builds from the payload, for code compiled in Swift 5 language mode, where an
/// enum case constructor (`\AppAction.search?.query >=> AppAction.fetch`) is not inferred `@Sendable`.
@available(swift, obsoleted: 6, message: "In Swift 6 language mode, derive the action with a @Sendable function")
@_disfavoredOverload
public func >=> <InputActionType, Payload, OutputActionType>(
    keyPath: KeyPath<InputActionType, Payload?> & Sendable,
    derive: @escaping (Payload) -> OutputActionType
) -> Bridge<InputActionType, Payload, OutputActionType> {
    let derive = SendableFunction(call: derive)
    return Bridge(on: keyPath, dispatch: { derive.call($0) })
}
