/// The name of an action's case, without its payload: `loaded` for `.loaded(items)`, the type's name for an action
/// that is not an enum (a struct, a string).
///
/// The tools that attach to a store name actions with it by default: the span of a traced action, the `action`
/// dimension of its metrics. Bounded: an enum has a fixed set of cases, so names made with it form a fixed set. A
/// nested enum is named by its outer case only (`child` for `.child(.tap(1))`).
///
/// ```swift
/// actionCaseName(AppAction.search("swift"))   // "search"
/// actionCaseName(AppAction.refresh)           // "refresh"
/// ```
///
/// Made with public reflection (`Mirror`), once per case: each name is kept, per action type, under the bytes of the
/// value it was made from, and found again without a lock or an allocation (a few hundred instructions). Reflection
/// costs 12–24k instructions and allocates, so a value whose bytes were not seen before pays it: a payload seen for
/// the first time (after the first 64 of a type, every payload), or an action larger than 32 bytes. Where an action
/// with ever-changing payloads is dispatched often and traced or counted, name it with a `switch` of your own (the
/// tools' `spanName` and `actionName` options). A case without payload of an enum that conforms to
/// `CustomStringConvertible`, `CustomDebugStringConvertible` or `TextOutputStreamable`, which reflection names only
/// through its description (which could hold anything), is named through the enum's `Encodable` conformance when
/// Swift synthesized it, and by the enum's type otherwise.
public func actionCaseName<Action>(_ action: Action) -> String {
    ActionCaseNames.shared.name(of: action)
}
