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
/// Kept per case: each name is kept, per action type, under the bytes of the value it was made from, and found again
/// without a lock or an allocation (a few hundred instructions). A value whose bytes were not seen before (a payload
/// seen for the first time, an action larger than 32 bytes) is named from the enum's reflection metadata, as `Mirror`
/// names a case: a few thousand instructions for a case with a payload, whose type the runtime resolves each time
/// (measured: counting an action whose `Int` payload changes at every dispatch costs about 4,700 instructions more
/// than one without payload). A type keeps the names of its first 256 values. Where such an action is dispatched often
/// and traced or counted, name it with a `switch` of your own (the tools' `spanName` and `actionName` options).
public func actionCaseName<Action>(_ action: Action) -> String {
    ActionCaseNames.shared.name(of: action)
}
