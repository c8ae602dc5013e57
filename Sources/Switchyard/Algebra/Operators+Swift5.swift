// Invariants this file relies on:
// - Every public declaration here is unavailable to code compiled in Swift 6 language mode (`obsoleted: 6`), where
//   the `@Sendable` overloads apply and non-`Sendable` functions are rejected. Code compiled in Swift 5 mode, which
//   does not check `Sendable`, reaches these overloads only when the `@Sendable` ones do not apply: in Swift 5 mode
//   an enum case constructor used as an operand (`\AppAction.search?.query >=> AppAction.fetch`) is not inferred
//   `@Sendable`.
// - `SendableFunction` wraps such a function as `@unchecked Sendable`, the promise that Swift 5 mode makes for all of
//   that module's code: it is called from whatever thread the store runs on.

/// A function from code compiled in Swift 5 language mode, which does not check `Sendable`.
package struct SendableFunction<Input, Output>: @unchecked Sendable {
    package let call: (Input) -> Output

    package init(call: @escaping (Input) -> Output) {
        self.call = call
    }
}

/// A bridge to the action `derive` builds from the payload, for code compiled in Swift 5 language mode, where an
/// enum case constructor (`\AppAction.search?.query >=> AppAction.fetch`) is not inferred `@Sendable`.
@available(swift, obsoleted: 6, message: "In Swift 6 language mode, derive the action with a @Sendable function")
@_disfavoredOverload
public func >=> <InputActionType, Payload, OutputActionType, StateType>(
    keyPath: KeyPath<InputActionType, Payload?> & Sendable,
    derive: @escaping (Payload) -> OutputActionType
) -> Bridge<InputActionType, OutputActionType, StateType> {
    let derive = SendableFunction(call: derive)
    return Bridge(extract: { $0[keyPath: keyPath] }, derive: { payload, _ in derive.call(payload) })
}
